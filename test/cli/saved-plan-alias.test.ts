// Saved plans after migrate-to-alias, through the docs-index CLI against the stand-in over Azurite: `plan -out`
// reads through the alias and pins its ETag; `deploy <file>` writes an in-place change to the generation (exactly
// the planned writes), refuses with exit 4 and writes nothing once the alias moved, and hands a rebuild-class
// plan to the blue/green rebuild (--allow-rebuild --yes), which swaps the alias to the next generation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  DEFINITION_FILES,
  DEPLOY_ORDER,
  readRawDefinitions,
  type CoreKind,
} from "../../src/search/definitions/definitions.js";
import { cliEnv, runIn } from "../support/cli.js";
import { LANGUAGE_FIELD } from "../support/plan-fixtures.js";
import { startBlueGreenWorld, type BlueGreenWorld } from "../support/bluegreen-world.js";
import { type JsonObject } from "../../src/search/definitions/json.js";
import { copyKnowledgeDefinitions } from "../../local/environment/root-era-definitions.js";
import { writableIndex } from "../support/sdk-index.js";

let world: BlueGreenWorld;
let env: NodeJS.ProcessEnv;
const FAST = ["--propagation-wait", "0.2", "--poll-interval", "0.05"];
const cli = (...args: string[]) => runIn(env, args);
const aliasTarget = async () => (await world.indexes.getAlias("docs-index")).indexes[0];
const writesSince = (mark: number) =>
  world.standIn.requests
    .slice(mark)
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);

/** GETs since `mark` of the generation, the datasource, the indexer and the alias: the one read of a command. */
const definitionGets = (mark: number) => {
  const gets = world.standIn.requests.slice(mark).filter((r) => r.method === "GET");
  const count = (re: RegExp) => gets.filter((r) => re.test(r.path)).length;
  return {
    index: count(/^\/indexes\/docs-index(-\d+)?$/),
    datasource: count(/^\/datasources\/docs-datasource$/),
    indexer: count(/^\/indexers\/docs-indexer$/),
    alias: count(/^\/aliases\/docs-index$/),
  };
};
const ONCE = { index: 1, datasource: 1, indexer: 1, alias: 1 };

type Raw = Record<CoreKind, JsonObject>;
const scratch = mkdtempSync(path.join(tmpdir(), "saved-plan-alias-"));

/** The reviewed files with one change, in a directory of their own. */
function definitionsDir(name: string, change: (d: Raw) => void): string {
  const raw = structuredClone(readRawDefinitions());
  change(raw);
  const dir = path.join(scratch, name);
  mkdirSync(dir);
  for (const kind of DEPLOY_ORDER)
    writeFileSync(path.join(dir, DEFINITION_FILES[kind]), `${JSON.stringify(raw[kind], null, 2)}\n`);
  copyKnowledgeDefinitions(dir); // the local config has agentic retrieval on
  return dir;
}
const fields = (d: Raw) => d.index.fields as JsonObject[];
const withField = (name: string) => (d: Raw) => fields(d).push({ ...structuredClone(LANGUAGE_FIELD), name });

async function planOut(dir: string, file: string) {
  const run = await cli("plan", "--definitions", dir, "-out", path.join(scratch, file));
  expect(run.code, run.stderr).toBe(0);
  return path.join(scratch, file);
}

beforeAll(async () => {
  world = await startBlueGreenWorld();
  env = cliEnv({ standIn: world.standIn, azurite: world.azurite, config: "local" });
  const deployed = await cli("deploy", "--wait", "--poll-interval", "0.05");
  expect(deployed.code, deployed.stderr).toBe(0);
  const migrated = await cli("migrate-to-alias", "--yes", ...FAST);
  expect(migrated.code, migrated.stderr).toBe(0);
  expect(await aliasTarget()).toBe("docs-index-1");
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe("saved plans behind the alias", () => {
  it("plan -out pins the alias and the generation; deploy <file> writes the new field to the generation, exactly the planned writes", async () => {
    const dir = definitionsDir("language", withField("language"));
    const file = await planOut(dir, "language.plan.json");
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.target).toMatchObject({ index_name: "docs-index", current_index: "docs-index-1" });
    const pinned = saved.live.find((r: { kind: string }) => r.kind === "alias");
    expect(pinned).toMatchObject({ kind: "alias", name: "docs-index" });
    expect(pinned.etag).toEqual(expect.any(String));
    expect(saved.plan.objects.map((o: { action: string }) => o.action)).toEqual([
      "update",
      "unchanged",
      "unchanged",
      "unchanged", // the knowledge source (the local config has agentic retrieval on)
      "unchanged", // the knowledge base
    ]);

    const mark = world.standIn.requests.length;
    const run = await cli("deploy", file, "--definitions", dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/update: index docs-index-1/);
    expect(writesSince(mark)).toEqual(["PUT /indexes/docs-index-1", "POST /indexers/docs-indexer/run"]);
    expect(definitionGets(mark)).toEqual(ONCE);
    const index = await world.indexes.getIndex("docs-index-1");
    expect(index.fields.map((f) => f.name)).toContain("language");
    expect(await aliasTarget()).toBe("docs-index-1");
    expect((await world.indexers.getIndexer("docs-indexer")).targetIndexName).toBe("docs-index-1");
    const replay = await cli("deploy", file, "--definitions", dir);
    expect(replay.code).toBe(4);
  }, 30_000);

  it("an alias moved after the plan: exit 4 naming the alias, nothing written", async () => {
    const dir = definitionsDir("language-region", (d) => {
      withField("language")(d);
      withField("region")(d);
    });
    const file = await planOut(dir, "region.plan.json");
    const dry = await cli("deploy", file, "--dry-run", "--definitions", dir);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/Dry run: nothing was changed/);

    // The alias re-written (same generation, new ETag): refused on the alias alone.
    await world.indexes.createOrUpdateAlias({ name: "docs-index", indexes: ["docs-index-1"] });
    const rewritten = await cli("--json", "deploy", file, "--definitions", dir);
    expect(rewritten.code).toBe(4);
    expect(JSON.parse(rewritten.stdout).refusals).toEqual([
      expect.objectContaining({ reason: "etag", kind: "alias", name: "docs-index" }),
    ]);
    const again = await planOut(dir, "region.plan.json");
    // Another pipeline swaps the alias (to a copy of the generation) after the plan was reviewed.
    const copy = await world.indexes.getIndex("docs-index-1");
    await world.indexes.createIndex(writableIndex({ ...copy, name: "docs-index-2", etag: undefined }));
    await world.indexes.createOrUpdateAlias({ name: "docs-index", indexes: ["docs-index-2"] });
    const mark = world.standIn.requests.length;
    const run = await cli("--json", "deploy", again, "--definitions", dir);
    expect(run.code).toBe(4);
    expect(writesSince(mark)).toEqual([]);
    const refusals = JSON.parse(run.stdout).refusals as { reason: string; kind?: string }[];
    expect(refusals).toContainEqual(expect.objectContaining({ reason: "etag", kind: "alias" }));
    expect(run.stderr).toMatch(/alias docs-index changed on the service after the plan/);
    // Put it back for the next test.
    await world.indexes.createOrUpdateAlias({ name: "docs-index", indexes: ["docs-index-1"] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await world.indexes.deleteIndex("docs-index-2");
  }, 30_000);

  it("a rebuild-class saved plan: refused without --allow-rebuild; with --allow-rebuild --yes the alias swaps to the next generation", async () => {
    const dir = definitionsDir("searchable", (d) => {
      withField("language")(d);
      fields(d).find((f) => f.name === "section")!.searchable = true;
    });
    const file = await planOut(dir, "rebuild.plan.json");
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.rebuild).toEqual({ strategy: "blue-green", next_index: "docs-index-2", deletes: [] });

    // Another generation appeared after the plan (no ETag shows it): refused before anything is written.
    const copy = await world.indexes.getIndex("docs-index-1");
    await world.indexes.createIndex(writableIndex({ ...copy, name: "docs-index-2", etag: undefined }));
    let mark = world.standIn.requests.length;
    const moved = await cli("deploy", file, "--allow-rebuild", "--yes", "--definitions", dir, ...FAST);
    expect(moved.code).toBe(4);
    expect(moved.stderr).toMatch(/the plan creates docs-index-2, but the next generation is now docs-index-3/);
    expect(writesSince(mark)).toEqual([]);
    await world.indexes.deleteIndex("docs-index-2");

    mark = world.standIn.requests.length;
    const refused = await cli("deploy", file, "--definitions", dir, ...FAST);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/--allow-rebuild/);
    expect(writesSince(mark)).toEqual([]);

    mark = world.standIn.requests.length;
    const run = await cli("deploy", file, "--allow-rebuild", "--yes", "--definitions", dir, ...FAST);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/docs-index now serves docs-index-2/);
    // The one read, then the rebuild works from it: the live generation, datasource, indexer and alias once each;
    // the new generation once, when it is verified.
    expect(definitionGets(mark)).toEqual({ ...ONCE, index: 2 });
    expect(
      world.standIn.requests.slice(mark).filter((r) => r.method === "GET" && r.path === "/indexes/docs-index-2"),
    ).toHaveLength(1);
    expect(await aliasTarget()).toBe("docs-index-2");
    expect(world.standIn.state.indexes.has("docs-index-1")).toBe(true);
    const plan = await cli("plan", "--definitions", dir, "--detailed-exitcode");
    expect(plan.code).toBe(0);
  }, 30_000);
});
