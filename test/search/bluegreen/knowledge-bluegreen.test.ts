// The knowledge source and knowledge base through the deploy pipeline and the blue/green scheme, against the
// stand-in over Azurite (one world for the file): deploy creates them after the indexer, a no-op deploy writes
// nothing, the migration moves the knowledge source off the concrete index before deleting it, a rebuild repoints
// it in the swap step (read back), and --prune keeps a generation any knowledge source still names. The other
// answer to the UNCONFIRMED fact (an alias may stand in a knowledge source) is exercised on a second stand-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deploy, type DeployOptions, type DeployPorts } from "../../../src/search/deploy/pipeline.js";
import type { Definitions } from "../../../src/search/definitions/definitions.js";
import { migrateToAlias } from "../../../src/search/bluegreen/migrate.js";
import { ConcurrentChangeError } from "../../../src/search/deploy/apply-plan.js";
import {
  assertGenerationsUnused,
  GenerationInUseError,
  repointKnowledgeSource,
} from "../../../src/search/bluegreen/knowledge-repoint.js";
import { loadDefinition } from "../../standin/fixtures.js";
import {
  files,
  rebuildOptions,
  sectionSearchable,
  startBlueGreenWorld,
  type BlueGreenWorld,
} from "../../support/bluegreen-world.js";
import { stepDetailText } from "../../../src/search/views/bluegreen-text.js";

let world: BlueGreenWorld;
const withKnowledge = (tweak: (d: Definitions) => void = () => {}): Definitions =>
  files((d) => {
    d.knowledgeSource = loadDefinition("docs-knowledge-source.json");
    d.knowledgeBase = loadDefinition("docs-knowledge-base.json");
    tweak(d);
  });
const deployFiles = (d: Definitions, options: DeployOptions = {}, ports: Omit<DeployPorts, "service"> = {}) =>
  deploy({ service: world.port, ...ports }, { kind: "fresh", files: d, rebuild: rebuildOptions(), ...options });
const namedBySource = async (name = "docs-knowledge-source") =>
  (
    (await world.management.get("knowledgeSource", name))?.definition.searchIndexParameters as {
      searchIndexName: string;
    }
  ).searchIndexName;
const writesSince = (mark: number) =>
  world.standIn.requests.slice(mark).filter((r) => r.method === "PUT" || r.method === "DELETE" || r.method === "POST");

beforeAll(async () => {
  world = await startBlueGreenWorld();
}, 60_000);
afterAll(async () => world?.close());

describe("the knowledge objects in the deploy pipeline", () => {
  it("deploy creates index, datasource, indexer, knowledge source, knowledge base, in that order", async () => {
    const mark = world.standIn.requests.length;
    const result = await deployFiles(withKnowledge());
    expect(result.steps.map((s) => `${s.operation} ${s.kind}`)).toEqual([
      "create index",
      "create datasource",
      "create indexer",
      "create knowledgeSource",
      "create knowledgeBase",
    ]);
    const puts = writesSince(mark)
      .filter((r) => r.method === "PUT")
      .map((r) => r.path.split("/")[1]);
    expect(puts).toEqual(["indexes", "datasources", "indexers", "knowledgesources", "knowledgebases"]);
    expect(await namedBySource()).toBe("docs-index");
    await world.waitForIndexer();
  });

  it("a no-op deploy writes no definition", async () => {
    const mark = world.standIn.requests.length;
    const result = await deployFiles(withKnowledge());
    expect(result.deployment.plan.objects.map((o) => o.action)).toEqual(Array(5).fill("unchanged"));
    expect(writesSince(mark).filter((r) => r.method !== "POST")).toEqual([]);
    await world.waitForIndexer();
  });

  it("a changed description is an in-place update, conditional on the ETag read", async () => {
    const changed = withKnowledge((d) => (d.knowledgeBase!.description = "changed"));
    const result = await deployFiles(changed);
    const base = result.deployment.plan.objects.find((o) => o.kind === "knowledgeBase")!;
    expect(base).toMatchObject({ action: "update", changes: [expect.objectContaining({ path: "description" })] });
    expect(result.steps.at(-1)).toEqual({ kind: "knowledgeBase", name: "docs-knowledge-base", operation: "update" });
    await world.waitForIndexer();
  });
});

describe("blue/green with a knowledge source", () => {
  it("the migration moves the knowledge source to the first generation before deleting the concrete index", async () => {
    const migrated = await migrateToAlias({ service: world.port }, { files: withKnowledge(), ...rebuildOptions() });
    const steps = migrated.steps.map((s) => s.step);
    expect(steps.indexOf("repoint-knowledge-source")).toBeLessThan(steps.indexOf("delete-concrete-index"));
    expect(await namedBySource()).toBe("docs-index-1");
    // Through the alias, the knowledge source naming the serving generation is no change.
    const plan = await deployFiles(withKnowledge(), { dryRun: true });
    expect(plan.deployment.plan.objects.find((o) => o.kind === "knowledgeSource")?.action).toBe("unchanged");
  }, 60_000);

  it("a rebuild repoints the knowledge source in the swap step, read back", async () => {
    const result = await deployFiles(withKnowledge(sectionSearchable), { allowRebuild: true });
    const swap = result.rebuilt!.steps.find((s) => s.step === "swap")!;
    expect(stepDetailText(swap.detail)).toMatch(
      /alias docs-index: docs-index-1 → docs-index-2; knowledge source docs-knowledge-source → docs-index-2 \(read back\)/,
    );
    expect(await namedBySource()).toBe("docs-index-2");
  }, 60_000);

  it("--prune refuses while any knowledge source names the old generation, naming it; deletes it afterwards", async () => {
    const other: Record<string, unknown> = { ...loadDefinition("docs-knowledge-source.json"), name: "team-source" };
    (other.searchIndexParameters as { searchIndexName: string }).searchIndexName = "docs-index-1";
    await world.management.put("knowledgeSource", "team-source", other, { ifNoneMatch: "*" });
    const mark = world.standIn.requests.length;
    const refused = deployFiles(withKnowledge(sectionSearchable), { prune: true });
    await expect(refused).rejects.toThrow(GenerationInUseError);
    await expect(refused).rejects.toThrow(/docs-index-1 is still named by knowledge source team-source/);
    // A dry run runs the same check.
    const dry = deployFiles(withKnowledge(sectionSearchable), { prune: true, dryRun: true });
    await expect(dry).rejects.toThrow(/docs-index-1 is still named by knowledge source team-source/);
    expect(writesSince(mark)).toEqual([]);
    // A rebuild's own knowledge source is repointed in its swap step, so only the others count before it.
    await expect(assertGenerationsUnused(world.port, ["docs-index-2"], "docs-knowledge-source")).resolves.toBe(
      undefined,
    );
    await expect(assertGenerationsUnused(world.port, ["docs-index-2"])).rejects.toThrow(
      /docs-index-2 is still named by knowledge source docs-knowledge-source/,
    );
    await world.management.delete("knowledgeSource", "team-source", {});
    const pruned = await deployFiles(withKnowledge(sectionSearchable), { prune: true });
    expect(pruned.pruned).toEqual(["docs-index-1"]);
  }, 60_000);

  it("a knowledge base changed by another client during a rebuild: 412 on its write, the message says the swap was applied", async () => {
    const theirs = { ...withKnowledge().knowledgeBase!, description: "theirs" };
    const mine = withKnowledge((d) => {
      sectionSearchable(d);
      d.knowledgeBase!.description = "mine";
    });
    const failed = deployFiles(
      mine,
      { forceBlueGreen: true },
      // Another client writes the knowledge base after the one read.
      { onPlan: () => void world.management.put("knowledgeBase", "docs-knowledge-base", theirs, {}) },
    );
    await expect(failed).rejects.toThrow(ConcurrentChangeError);
    await expect(failed).rejects.toThrow(
      /knowledgeBase docs-knowledge-base was changed .*Already applied: the blue\/green rebuild \(alias docs-index: docs-index-2 → docs-index-3\)\./,
    );
    expect((await world.management.get("knowledgeBase", "docs-knowledge-base"))?.definition.description).toBe("theirs");
  }, 60_000);
});

describe("if an alias may stand in a knowledge source (the other answer to the UNCONFIRMED fact)", () => {
  it("the knowledge source names the alias, and a swap leaves nothing to repoint", async () => {
    const other = await startBlueGreenWorld({ knowledgeSourceMayNameAlias: true });
    try {
      const d = withKnowledge();
      await other.management.put("index", "docs-index-1", { ...d.index, name: "docs-index-1" }, { ifNoneMatch: "*" });
      await other.management.put("index", "docs-index-2", { ...d.index, name: "docs-index-2" }, { ifNoneMatch: "*" });
      const alias = await other.port.createAlias("docs-index", "docs-index-1");
      // The knowledge source's point as the step's detail words it (views/bluegreen-text.ts).
      const worded = async (generation: string) =>
        stepDetailText({
          did: "pointed-knowledge-source",
          point: await repointKnowledgeSource(other.port, d, generation, true),
        });
      expect(await worded("docs-index-1")).toMatch(/→ docs-index \(read back\)/);
      await other.port.repointAlias(alias, "docs-index-2");
      const mark = other.standIn.requests.length;
      expect(await worded("docs-index-2")).toBe("knowledge source docs-knowledge-source names docs-index");
      expect(other.standIn.requests.slice(mark).filter((r) => r.method === "PUT")).toEqual([]);
    } finally {
      await other.close();
    }
  }, 60_000);
});
