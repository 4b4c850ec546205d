// The migration use case on in-memory ports: what it asks the operator and when (only when there is something to
// migrate), and that a refusal writes nothing. The build itself runs against the stand-in (./rebuild.test.ts).
import { describe, expect, it } from "vitest";
import { migrateToAlias } from "../../../src/search/bluegreen/migrate.js";
import { systemClock } from "../../../src/search/bluegreen/ports.js";
import type { Definitions } from "../../../src/search/definitions/definitions.js";
import { memoryService } from "../../support/memory-service.js";
import { devDefinitions } from "../../support/plan-fixtures.js";

const request = (files: Definitions) => ({
  files,
  classify: { container: "$web", expectedFailures: [], excludedExtensions: [] },
  clock: systemClock,
});

describe("migrateToAlias(ports, request)", () => {
  it("already an alias: nothing to do, nothing confirmed, nothing written", async () => {
    const service = memoryService();
    service.set("index", "docs-index-2", { name: "docs-index-2" });
    service.setAlias("docs-index", "docs-index-2");
    let asked = 0;
    const result = await migrateToAlias(
      { service: service.port, confirm: async () => void asked++ },
      request(devDefinitions()),
    );
    expect(result).toEqual({ alias: "docs-index", generation: "docs-index-2", alreadyMigrated: true, steps: [] });
    expect(asked).toBe(0);
    expect(service.writes).toEqual([]);
  });

  it("a concrete index: confirmed before the first write; a refusal writes nothing", async () => {
    const service = memoryService();
    const files = devDefinitions();
    service.set("index", "docs-index", files.index);
    service.set("indexer", "docs-indexer", files.indexer);
    const refused = migrateToAlias(
      {
        service: service.port,
        confirm: async () => {
          throw new Error("not confirmed");
        },
      },
      request(files),
    );
    await expect(refused).rejects.toThrow("not confirmed");
    expect(service.writes).toEqual([]);
  });
});
