// The observation the phase is inferred from, built in one place (observationOf) for the deploy's read and for
// observe(): the alias, the index names, the indexer's target and status.
import { describe, expect, it } from "vitest";
import { inferPhase, observationOf } from "../../../src/search/bluegreen/progress-state.js";
import { observe } from "../../../src/search/bluegreen/rebuild.js";
import { idleStatus, memoryService } from "../../support/memory-service.js";

describe("observationOf", () => {
  it("a concrete index: no alias, no alias ETag; the indexer's target and status as read", () => {
    const status = idleStatus();
    const observation = observationOf({
      name: "docs-index",
      alias: undefined,
      indexNames: ["docs-index"],
      indexer: { definition: { targetIndexName: "docs-index" }, etag: '"0x1"' },
      indexerStatus: status,
    });
    expect(observation).toEqual({
      name: "docs-index",
      aliasTarget: undefined,
      indexNames: ["docs-index"],
      indexerTarget: "docs-index",
      indexerStatus: status,
    });
    expect("aliasEtag" in observation).toBe(false);
    expect(inferPhase(observation).phase).toBe("concrete");
  });

  it("observe() reads the same observation from the service (behind the alias: idle on the generation)", async () => {
    const service = memoryService();
    service.set("index", "docs-index-1", { name: "docs-index-1" });
    service.set("indexer", "docs-indexer", { name: "docs-indexer", targetIndexName: "docs-index-1" });
    service.setAlias("docs-index", "docs-index-1");
    const alias = (await service.port.getAlias("docs-index"))!;
    const observed = await observe(service.port, "docs-index", "docs-indexer");
    expect(observed).toEqual(
      observationOf({
        name: "docs-index",
        alias,
        indexNames: ["docs-index-1"],
        indexer: service.get("indexer", "docs-indexer"),
        indexerStatus: idleStatus(),
      }),
    );
    expect(observed.aliasEtag).toBe(alias.etag);
    expect(inferPhase(observed)).toMatchObject({ phase: "idle", live: "docs-index-1" });
  });
});
