// The blue/green scheme through the docs-index CLI against the stand-in over Azurite: migrate-to-alias, plan
// showing `rebuild (blue/green: a → b)`, deploy refusing without --allow-rebuild, deploy --allow-rebuild while a
// query runs every 100 ms (0 failed, 0 empty, the alias ends on the new generation, the field is searchable),
// a verification failure (exit 1, alias unchanged), both names in status/coverage/snapshot, and --prune.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { brokenMappingDefinitions, searchableFieldDefinitions } from "../../local/environment/rebuild-demo.js";
import { startQueryLoop } from "../../local/environment/query-loop.js";
import { cliEnv, runIn, writesSince } from "../support/cli.js";
import { startBlueGreenWorld, type BlueGreenWorld } from "../support/bluegreen-world.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { writableIndex } from "../support/sdk-index.js";
import { readProvenanceFacts } from "../../src/search/query/common/io/answer-basis-io.js";

let world: BlueGreenWorld;
let env: NodeJS.ProcessEnv;
const FAST = ["--propagation-wait", "0.2", "--poll-interval", "0.05"];
const cli = (...args: string[]) => runIn(env, args);
const aliasTarget = async () => (await world.indexes.getAlias("docs-index")).indexes[0];
const writes = () => world.standIn.requests.filter((r) => r.method !== "GET").length;

beforeAll(async () => {
  world = await startBlueGreenWorld();
  env = cliEnv({ standIn: world.standIn, azurite: world.azurite, config: "local" });
  const deployed = await cli("deploy", "--wait", "--poll-interval", "0.05");
  expect(deployed.code, deployed.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe("docs-index and the alias", () => {
  it("status names a concrete index; migrate-to-alias needs --yes without a TTY", async () => {
    const status = await cli("--json", "status");
    expect(JSON.parse(status.stdout).index).toMatchObject({ name: "docs-index", serving: "docs-index", alias: false });
    const mark = world.standIn.requests.length;
    const refused = await cli("migrate-to-alias", ...FAST);
    expect(refused.code).toBe(4);
    expect(writesSince(world.standIn, mark)).toEqual([]);
    expect(world.standIn.state.indexes.has("docs-index-1")).toBe(false);
  });

  it("migrate-to-alias builds generation 1 and creates the alias, reporting the gap", async () => {
    const run = await cli("--json", "migrate-to-alias", "--yes", ...FAST);
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout);
    const validate = new Ajv2020.default({ allErrors: true, strict: true }).compile(
      JSON.parse(readFileSync(path.join(repoRoot, "schemas", "docs-index", "migrate-to-alias.schema.json"), "utf8")),
    );
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc).toMatchObject({ format_version: "1.0", alias: "docs-index", generation: "docs-index-1" });
    expect(doc.gapMs).toBeGreaterThanOrEqual(0);
    expect(await aliasTarget()).toBe("docs-index-1");
    const human = await cli("migrate-to-alias", "--yes", ...FAST);
    expect(human.stdout).toMatch(/already an alias \(of docs-index-1\)/);
    const again = await cli("migrate-to-alias", "--yes", ...FAST);
    expect(again.stdout).toMatch(/already an alias \(of docs-index-1\)/);
  }, 30_000);

  it("status, coverage and snapshot report both names", async () => {
    const status = JSON.parse((await cli("--json", "status")).stdout);
    expect(status.index).toMatchObject({ name: "docs-index", serving: "docs-index-1", alias: true, phase: "idle" });
    expect((await cli("status")).stdout).toMatch(/^index docs-index → docs-index-1 \(alias\)/);
    expect(JSON.parse((await cli("--json", "coverage")).stdout).index.serving).toBe("docs-index-1");
    const snapshot = JSON.parse((await cli("--json", "snapshot")).stdout);
    expect(snapshot).toMatchObject({ index: "docs-index", servingIndex: "docs-index-1", alias: true });
  });

  it("plan shows the rebuild as blue/green with both generations; deploy without --allow-rebuild writes nothing", async () => {
    const dir = searchableFieldDefinitions();
    const plan = await cli("plan", "--definitions", dir, "--detailed-exitcode");
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/index docs-index: rebuild \(blue\/green: docs-index-1 → docs-index-2\)/);
    expect(plan.stdout).toMatch(/costs: one full crawl/);
    expect(plan.stdout).not.toMatch(/deletes every document/);
    const before = writes();
    const refused = await cli("deploy", "--definitions", dir, ...FAST);
    expect(refused.code).toBe(4);
    // The refused plan is the result (stdout), shown once.
    expect(refused.stdout).toMatch(/^Plan: /m);
    expect(refused.stderr).not.toMatch(/^Plan: /m);
    expect(writes()).toBe(before);
  });

  it("an analyzer typo behind the alias: plan exits 2 (not a blue/green rebuild); deploy --allow-rebuild --yes writes nothing", async () => {
    const dir = searchableFieldDefinitions();
    const file = path.join(dir, "docs-index.json");
    const index = JSON.parse(readFileSync(file, "utf8"));
    index.fields.find((f: { name: string }) => f.name === "title").indexAnalyzer = "docs_english_identifierz";
    writeFileSync(file, JSON.stringify(index, null, 2));
    const plan = await cli("plan", "--definitions", dir);
    expect(plan.code).toBe(2);
    expect(plan.stderr).toMatch(
      /indexAnalyzer: no analyzer "docs_english_identifierz".*\(did you mean "docs_english_identifiers"\?\)/,
    );
    expect(plan.stdout + plan.stderr).not.toMatch(/blue\/green/);
    const before = writes();
    const deployed = await cli("deploy", "--allow-rebuild", "--yes", "--definitions", dir, ...FAST);
    expect(deployed.code).toBe(2);
    expect(writes()).toBe(before);
    expect(await aliasTarget()).toBe("docs-index-1");
  });

  it("deploy --allow-rebuild under a query every 100 ms: 0 failed, 0 empty, the alias on the new generation, the field searchable", async () => {
    const dir = searchableFieldDefinitions();
    const loop = startQueryLoop(world.indexes.getSearchClient("docs-index"), 100);
    const run = await cli("deploy", "--allow-rebuild", "--yes", "--definitions", dir, ...FAST);
    const counts = await loop.stop();
    console.log(`cli rebuild: ${counts.queries} queries, ${counts.failed} failed, ${counts.empty} empty`);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/docs-index now serves docs-index-2/);
    expect(counts).toMatchObject({ failed: 0, empty: 0 });
    expect(counts.queries).toBeGreaterThan(2);
    expect(await aliasTarget()).toBe("docs-index-2");
    const hits = await world.indexes
      .getSearchClient("docs-index")
      .search("guides", { searchFields: ["section"], includeTotalCount: true, top: 0 });
    expect(hits.count).toBeGreaterThan(0);
    const plan = await cli("plan", "--definitions", dir, "--detailed-exitcode");
    expect(plan.code).toBe(0);
  }, 30_000);

  it("a new generation that fails verification: exit 1 naming the check, the alias stays, --json says so", async () => {
    const dir = brokenMappingDefinitions();
    const run = await cli("--json", "deploy", "--allow-rebuild", "--yes", "--definitions", dir, ...FAST);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/docs-index-3 failed verification.*run: run success: \d+ processed, \d+ failed/s);
    expect(JSON.parse(run.stdout)).toMatchObject({
      failed: "verification",
      candidate: "docs-index-3",
      aliasUnchanged: true,
    });
    expect(await aliasTarget()).toBe("docs-index-2");
    expect((await world.indexers.getIndexer("docs-indexer")).targetIndexName).toBe("docs-index-2");
  }, 30_000);

  it("after it, status judges the serving generation's last run and names the failed candidate's crawl apart", async () => {
    const run = await cli("--json", "status");
    expect(run.code, run.stdout).toBe(0);
    const status = JSON.parse(run.stdout);
    expect(status).toMatchObject({ ok: true, servingIndex: "docs-index-2", servingRuns: "known" });
    expect(status.runsElsewhere).toMatchObject([{ index: "docs-index-3", why: "failed verification" }]);
    const candidateCrawl = status.runsElsewhere[0].lastRun;
    expect(candidateCrawl.unexpectedFailures + candidateCrawl.unexplainedFailures).toBeGreaterThan(0);
    expect(status.lastRun.startTime < candidateCrawl.startTime).toBe(true);
    const snapshot = JSON.parse((await cli("--json", "snapshot")).stdout);
    expect(snapshot.lastSuccessfulRunEnd).toBe(status.lastSuccessfulRunEnd);
    // The agents' provenance (search_docs, eval) pins the same corpus state.
    const facts = await readProvenanceFacts(
      { indexClient: world.indexes, indexerClient: world.indexers },
      { index: "docs-index", indexer: "docs-indexer", apiVersion: "2026-04-01" },
    );
    expect(facts.freshness).toMatchObject({
      status: "known",
      value: { last_successful_run: status.lastSuccessfulRunEnd },
    });
    // The verdict follows what it judges; the failed candidate's crawl comes after it, marked not judged (before,
    // its line sat just above "OK: every failure is expected").
    const text = (await cli("status")).stdout.split("\n");
    const verdict = text.indexOf("OK: every failure is expected");
    const candidate = text.findIndex((l) =>
      /^not judged: last run into docs-index-3 \(failed verification\), not the serving generation: success, /.test(l),
    );
    expect(verdict).toBeGreaterThan(text.findIndex((l) => l.startsWith("last run into docs-index-2: ")));
    expect(candidate).toBeGreaterThan(verdict);
    expect(
      text.findIndex((l) => l.startsWith("recent runs of docs-indexer (into any index; not judged):")),
    ).toBeGreaterThan(verdict);
  }, 30_000);

  it("deploy --prune --dry-run names what it would delete and deletes nothing", async () => {
    const mark = world.standIn.requests.length;
    const args = ["deploy", "--prune", "--dry-run", "--definitions", searchableFieldDefinitions(), ...FAST];
    const dry = await cli(...args);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("would prune: docs-index-1, docs-index-3 (confirmed when run without --dry-run)");
    const json = await cli("--json", ...args);
    expect(JSON.parse(json.stdout)).toMatchObject({
      dryRun: true,
      pruned: [],
      wouldPrune: ["docs-index-1", "docs-index-3"],
    });
    expect(writesSince(world.standIn, mark)).toEqual([]);
  });

  it("deploy --prune without a TTY and without --yes: exit 4 before any write (no generation deleted, no run)", async () => {
    const mark = world.standIn.requests.length;
    const refused = await cli("deploy", "--prune", "--definitions", searchableFieldDefinitions(), ...FAST);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/refusing to delete the generations of docs-index .*no TTY and no --yes/);
    // What is confirmed is shown first: the plan, then the prompt's refusal.
    expect(refused.stderr).toMatch(/^Plan: .*\n[^]*refusing to delete the generations/m);
    expect(refused.stderr).not.toMatch(/starting a run/);
    expect(writesSince(world.standIn, mark)).toEqual([]);
    expect([...world.standIn.state.indexes.keys()].sort()).toEqual(["docs-index-1", "docs-index-2", "docs-index-3"]);
  });

  it("deploy --prune deletes the old and the failed generation, never the live one, and starts no run", async () => {
    const mark = world.standIn.requests.length;
    const run = await cli(
      "--json",
      "deploy",
      "--prune",
      "--yes",
      "--definitions",
      searchableFieldDefinitions(),
      ...FAST,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).pruned).toEqual(["docs-index-1", "docs-index-3"]);
    expect(writesSince(world.standIn, mark)).toEqual(["DELETE /indexes/docs-index-1", "DELETE /indexes/docs-index-3"]);
    expect([...world.standIn.state.indexes.keys()].sort()).toEqual(["docs-index-2"]);
  });

  it("deploy --prune with nothing to prune says so, naming the serving generation; --json carries pruned: []", async () => {
    const mark = world.standIn.requests.length;
    const args = ["deploy", "--prune", "--yes", "--definitions", searchableFieldDefinitions(), ...FAST];
    const human = await cli(...args);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain(
      "prune: nothing to delete (the serving generation is docs-index-2; no older or unused generation)",
    );
    const json = await cli("--json", ...args);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).pruned).toEqual([]);
    expect(writesSince(world.standIn, mark)).toEqual([]);
  });
});

/**
 * Today's files with the demo field searchable (as deployed now) and title's facetable flipped: a rebuild that ranks
 * alike.
 */
function facetableTitleDefinitions(): string {
  const dir = searchableFieldDefinitions();
  const file = path.join(dir, "docs-index.json");
  const index = JSON.parse(readFileSync(file, "utf8"));
  const title = index.fields.find((f: { name: string }) => f.name === "title");
  title.facetable = !title.facetable;
  writeFileSync(file, JSON.stringify(index, null, 2));
  return dir;
}

/** A generation beside the serving one, as a rolled-back or interrupted rebuild leaves it (nothing uses it). */
async function leaveGeneration(name: string): Promise<void> {
  const serving = await world.indexes.getIndex((await aliasTarget())!);
  await world.indexes.createIndex(writableIndex({ ...serving, name }));
}

describe("the plan tells the whole truth: deletions and an interrupted rebuild", () => {
  // Now: the alias serves docs-index-2 (section searchable); these definitions need a rebuild.
  const dir = facetableTitleDefinitions();
  it("an unused generation a rebuild would delete is in plan, --markdown, --json, the saved plan and show; the deploy deletes only what the plan named", async () => {
    await leaveGeneration("docs-index-3");
    const plan = await cli("plan", "--definitions", dir, "--detailed-exitcode");
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/index docs-index: rebuild \(blue\/green: docs-index-2 → docs-index-4\)/);
    expect(plan.stdout).toMatch(
      /note: deletes: index docs-index-3 before creating docs-index-4: left unused by an earlier rolled-back or interrupted rebuild/,
    );
    expect(plan.stdout).toMatch(
      /^The rebuild deletes docs-index-3 \(unused\), then builds docs-index-4 beside docs-index-2/m,
    );
    expect((await cli("--json", "plan", "--definitions", dir)).json()).toMatchObject({
      blueGreen: { from: "docs-index-2", to: "docs-index-4", deletes: ["docs-index-3"] },
      rebuild: { strategy: "blue-green", next_index: "docs-index-4", deletes: ["docs-index-3"] },
    });
    expect((await cli("plan", "--definitions", dir, "--markdown")).stdout).toContain(
      "> Deletes: index `docs-index-3` first, an unused generation left by an earlier rolled-back or interrupted rebuild",
    );

    const file = path.join(mkdtempSync(path.join(tmpdir(), "bg-plan-")), "plan.json");
    expect((await cli("plan", "--definitions", dir, "-out", file)).code).toBe(0);
    expect((await cli("show", file)).stdout).toMatch(/note: deletes: index docs-index-3 before creating docs-index-4/);
    expect((await cli("--json", "show", file)).json().rebuild).toEqual({
      strategy: "blue-green",
      next_index: "docs-index-4",
      deletes: ["docs-index-3"],
    });

    // Another unused generation appears after the plan: refused, nothing written (Terraform: the state moved).
    await leaveGeneration("docs-index-4");
    let mark = world.standIn.requests.length;
    const moved = await cli("deploy", file, "--definitions", dir, "--allow-rebuild", "--yes", ...FAST);
    expect(moved.code).toBe(4);
    expect(moved.stderr).toMatch(/the plan creates docs-index-4, but the next generation is now docs-index-5/);
    expect(writesSince(world.standIn, mark)).toEqual([]);
    await world.indexes.deleteIndex("docs-index-4");

    mark = world.standIn.requests.length;
    const run = await cli("deploy", file, "--definitions", dir, "--allow-rebuild", "--yes", ...FAST);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/create-generation .*deleted docs-index-3 as planned/);
    // The plan on the same streams as every other deploy: the result (stdout) starts with it, before the steps;
    // stderr showed it before the build started.
    expect(run.stdout).toMatch(
      /^index docs-index: rebuild \(blue\/green: docs-index-2 → docs-index-4\)\n[^]*^Plan: [^]*^blue\/green rebuild of docs-index: docs-index-2 → docs-index-4$/m,
    );
    expect(run.stderr).toMatch(/^Plan: [^]*^create-generation: deleted docs-index-3/m);
    expect(writesSince(world.standIn, mark).filter((w) => w.startsWith("DELETE"))).toEqual([
      "DELETE /indexes/docs-index-3",
    ]);
    expect(await aliasTarget()).toBe("docs-index-4");
  }, 30_000);

  it("an interrupted rebuild is a pending change: plan exits 2 naming deploy --resume (text, --markdown, --json, show); deploy refuses; --resume finishes it", async () => {
    // Ctrl-C during the build leaves this on the service: docs-index-5 created, the indexer writing into it.
    await leaveGeneration("docs-index-5");
    const indexer = await world.indexers.getIndexer("docs-indexer");
    await world.indexers.createOrUpdateIndexer({ ...indexer, targetIndexName: "docs-index-5" });

    const plan = await cli("plan", "--definitions", dir, "--detailed-exitcode");
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(
      /^Plan: 0 to create, 0 to update in place, 0 to rebuild, \d+ unchanged; 1 operation under way to finish first \(docs-index deploy --resume\)\.$/m,
    );
    expect(plan.stdout).toMatch(
      /^Pending: a rebuild is under way: docs-index-4 serves, docs-indexer fills docs-index-5/m,
    );
    expect(plan.stdout).toMatch(
      /^ {2}finish it with: docs-index deploy --resume \(deploy refuses any other change until then\)$/m,
    );
    expect((await cli("--json", "plan", "--definitions", dir)).json().pending).toMatchObject({
      phase: "building",
      command: "docs-index deploy --resume",
    });
    const markdown = (await cli("plan", "--definitions", dir, "--markdown")).stdout;
    expect(markdown).toContain(
      "**Pending:** an operation under way must be finished first (`docs-index deploy --resume`)",
    );
    expect(markdown).toMatch(/> \[!WARNING\]\n> \*\*Under way:\*\* a rebuild is under way/);
    expect(markdown).not.toContain("No changes");
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bg-plan-")), "plan.json");
    expect((await cli("plan", "--definitions", dir, "-out", file)).code).toBe(0);
    expect((await cli("show", file)).stdout).toContain("finish it with: docs-index deploy --resume");

    const mark = world.standIn.requests.length;
    const refused = await cli("deploy", "--definitions", dir, ...FAST);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/not deploying: a rebuild is under way/);
    expect(writesSince(world.standIn, mark)).toEqual([]);

    const resumed = await cli("deploy", "--resume", "--definitions", dir, ...FAST);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(await aliasTarget()).toBe("docs-index-5");
    expect((await cli("plan", "--definitions", dir, "--detailed-exitcode")).code).toBe(0);
  }, 30_000);
});
