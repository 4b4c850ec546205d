// `deploy` through the alias against the stand-in: before the migration it is the ordinary deploy; after it the
// plan reads the live generation through the alias (no spurious change), in-place changes go to the live
// generation, and a rebuild-class change is refused without --allow-rebuild (naming both generations and the
// cost) and done blue/green with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planDeployment } from "../../../src/search/deploy/deployment.js";
import { deploy, type DeployOptions, type DeployPorts } from "../../../src/search/deploy/pipeline.js";
import { readService } from "../../../src/search/deploy/read.js";
import { BlueGreenRebuildRefusedError } from "../../../src/search/deploy/refusals.js";
import type { Definitions } from "../../../src/search/definitions/definitions.js";
import { migrateToAlias } from "../../../src/search/bluegreen/migrate.js";
import { blueGreenRendering, renderPlan } from "../../../src/search/views/plan-text.js";
import { resolveServingIndex } from "../../../src/search/io/alias-resolve.js";
import { describeResolution } from "../../../src/search/bluegreen/generations.js";
import { formatMigrateResult, formatRebuildResult } from "../../../src/search/views/bluegreen-text.js";
import { renderDeployOutcome } from "../../../src/search/views/deploy-text.js";
import {
  files,
  rebuildOptions,
  sectionSearchable,
  startBlueGreenWorld,
  type BlueGreenWorld,
} from "../../support/bluegreen-world.js";

let world: BlueGreenWorld;
/** `plan`: the one read and the plan deploy would apply. */
const planThroughAlias = async (d: Definitions) => planDeployment(await readService(world.port, d), d);
const deployFiles = (d: Definitions, options: DeployOptions = {}, ports: Omit<DeployPorts, "service"> = {}) =>
  deploy({ service: world.port, ...ports }, { kind: "fresh", files: d, rebuild: rebuildOptions(), ...options });
const actions = (plan: { objects: { kind: string; action: string }[] }) =>
  Object.fromEntries(plan.objects.map((o) => [o.kind, o.action]));
const writes = () => world.standIn.requests.filter((r) => r.method !== "GET").length;

beforeAll(async () => {
  world = await startBlueGreenWorld();
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe("deploy through the alias", () => {
  it("not migrated: the ordinary deploy creates the concrete index (--prune: nothing to delete, no generations)", async () => {
    const result = await deployFiles(files(), { prune: true });
    expect(result.deployment.mode).toBe("concrete");
    expect(result.steps.map((s) => s.operation)).toEqual(["create", "create", "create"]);
    expect(result.pruned).toEqual([]);
    expect(renderDeployOutcome(result)).toContain(
      "prune: nothing to delete (docs-index is not an alias, so it has no generations)",
    );
    await world.waitForIndexer();
  });

  it("after the migration the plan of unchanged files is unchanged (the generation's name is no change)", async () => {
    expect((await resolveServingIndex(world.indexes, "docs-index")).kind).toBe("concrete");
    const migrated = await migrateToAlias({ service: world.port }, { files: files(), ...rebuildOptions() });
    expect(formatMigrateResult(migrated)).toMatch(/gap: \d+ ms between deleting the concrete index/);
    expect(describeResolution(await resolveServingIndex(world.indexes, "docs-index"))).toBe(
      "docs-index → docs-index-1",
    );
    expect((await resolveServingIndex(world.indexes, "nothing")).kind).toBe("missing");
    const planned = await planThroughAlias(files());
    expect(planned.mode).toBe("alias");
    expect(actions(planned.plan)).toEqual({ index: "unchanged", datasource: "unchanged", indexer: "unchanged" });
  });

  it("an in-place change is applied to the live generation; the alias stays", async () => {
    const weighted = files((d) => {
      const profile = (d.index.scoringProfiles as { text: { weights: Record<string, number> } }[])[0]!;
      profile.text.weights.title = 6;
    });
    const result = await deployFiles(weighted);
    expect(actions(result.deployment.plan).index).toBe("update");
    expect(result.steps.find((s) => s.kind === "index")).toMatchObject({
      name: "docs-index-1",
      operation: "update",
    });
    expect((await world.indexes.getAlias("docs-index")).indexes).toEqual(["docs-index-1"]);
    expect(actions((await planThroughAlias(weighted)).plan).index).toBe("unchanged");
  });

  it("a rebuild-class change: the plan says blue/green with both generations; refused without --allow-rebuild", async () => {
    const planned = await planThroughAlias(files(sectionSearchable));
    expect(planned.blueGreen).toEqual({ alias: "docs-index", from: "docs-index-1", to: "docs-index-2", deletes: [] });
    const text = renderPlan(planned.plan, undefined, blueGreenRendering(planned.blueGreen!));
    expect(text).toMatch(/index docs-index: rebuild \(blue\/green: docs-index-1 → docs-index-2\)/);
    expect(text).toMatch(/note: costs: one full crawl/);
    expect(text).toMatch(/note: does not cost: downtime/);
    expect(text).not.toMatch(/drop and recreate|deletes every document/);
    const before = writes();
    const err = await deployFiles(files(sectionSearchable)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlueGreenRebuildRefusedError);
    expect((err as Error).message).toMatch(/--allow-rebuild/);
    expect(writes()).toBe(before);
  });

  it("with --allow-rebuild it rebuilds blue/green; afterwards the plan is unchanged", async () => {
    let confirmed = false;
    const events: string[] = [];
    const result = await deployFiles(
      files(sectionSearchable),
      { allowRebuild: true },
      {
        showPlan: () => void events.push("showPlan"),
        expectBuild: () => void events.push("expectBuild"),
        confirm: async (d) => {
          events.push("confirm");
          confirmed = d.blueGreen?.to === "docs-index-2";
        },
      },
    );
    expect(confirmed).toBe(true);
    // What is confirmed is what was shown; the build's hours are allowed for before the prompt.
    expect(events).toEqual(["showPlan", "expectBuild", "confirm"]);
    expect(result.rebuilt).toMatchObject({ from: "docs-index-1", to: "docs-index-2" });
    const text = formatRebuildResult(result.rebuilt!);
    expect(text).toMatch(/docs-index-1 → docs-index-2/);
    expect(text).toMatch(/kept for rollback: docs-index-1/);
    expect(text).toMatch(/ok {3}run: run success/);
    expect((await world.indexes.getAlias("docs-index")).indexes).toEqual(["docs-index-2"]);
    expect(actions((await planThroughAlias(files(sectionSearchable))).plan)).toEqual({
      index: "unchanged",
      datasource: "unchanged",
      indexer: "unchanged",
    });
  }, 60_000);
});
