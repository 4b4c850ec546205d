// The blue/green scheme end to end against the stand-in (over Azurite) through the real SDK: the one-time
// migration of a concrete docs-index, a rebuild-class change (a field made searchable) applied while a query loop
// runs, a verification failure (an unexpected mapping failure in the new generation) and pruning.
import type { SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchStandIn } from "../../../local/search-standin/server.js";
import { deploy } from "../../../src/search/deploy/pipeline.js";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import { VerificationFailedError } from "../../../src/search/bluegreen/build.js";
import { migrateToAlias } from "../../../src/search/bluegreen/migrate.js";
import {
  blueGreenRebuild,
  observe,
  deleteGenerations,
  prunableGenerations,
  RebuildNotPossibleError,
} from "../../../src/search/bluegreen/rebuild.js";
import { inferPhase } from "../../../src/search/bluegreen/progress-state.js";
import { phaseRefusalMessage, phaseText } from "../../../src/search/views/phase-text.js";
import type { BlueGreenPort } from "../../../src/search/bluegreen/ports.js";
import { crawlWindowOf, servingRuns } from "../../../src/search/bluegreen/serving-runs.js";
import { startQueryLoop } from "../../../local/environment/query-loop.js";
import {
  files,
  rebuildOptions as options,
  sectionSearchable,
  startBlueGreenWorld,
  type BlueGreenWorld,
} from "../../support/bluegreen-world.js";
import type { JsonObject } from "../../../src/search/definitions/json.js";

let world: BlueGreenWorld;
let standIn: SearchStandIn;
let indexes: SearchIndexClient;
let indexerClient: SearchIndexerClient;
let port: BlueGreenPort;

/** The error line a refused rebuild prints (the core's refusal, worded by views/phase-text.ts). */
const refusalLine = (attempt: Promise<unknown>) =>
  attempt.then(
    () => "not refused",
    (err: unknown) => (err instanceof RebuildNotPossibleError ? phaseRefusalMessage(err.phase, err.refusal) : err),
  );

const queryLoop = (everyMs: number) => startQueryLoop(indexes.getSearchClient("docs-index"), everyMs);

beforeAll(async () => {
  world = await startBlueGreenWorld({ indexNameReleaseMs: 150 });
  ({ standIn, indexes, port } = world);
  indexerClient = world.indexers;

  // Today's state: a concrete docs-index, filled by one run, plus an orphan whose blob was deleted long ago.
  await deploy({ service: port }, { kind: "fresh", files: files() });
  await world.waitForIndexer();
  const listed = await indexes.getSearchClient<{ path: string }>("docs-index").search("*", { select: ["path"] });
  let sample = "";
  for await (const r of listed.results)
    if (r.document.path.endsWith("payments/guides/refunds.html")) sample = r.document.path;
  const goneUrl = sample.replace("payments/guides/refunds.html", "payments/guides/removed.html");
  await indexes
    .getSearchClient("docs-index")
    .uploadDocuments([{ id: base64Encode(goneUrl, { useHttpServerUtilityUrlTokenEncode: true }), path: goneUrl }]);
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe("migrate-to-alias", () => {
  it("a rebuild of a concrete index is refused with the command that migrates it", async () => {
    expect(await refusalLine(blueGreenRebuild(port, files(sectionSearchable), options()))).toMatch(/migrate-to-alias/);
  });

  it("builds generation 1, deletes the concrete index and creates the alias at once (retrying while the name is reserved)", async () => {
    const loop = queryLoop(10);
    const result = await migrateToAlias({ service: port }, { files: files(), ...options() });
    const counts = await loop.stop();
    expect(result.generation).toBe("docs-index-1");
    expect(result.verification?.ok).toBe(true);
    expect(result.aliasAttempts).toBeGreaterThan(1); // the stand-in reserves a deleted index's name for 150 ms
    expect(result.gapMs).toBeGreaterThanOrEqual(150);
    expect(result.dropped?.byReason.orphan).toBe(1);
    expect((await indexes.getAlias("docs-index")).indexes).toEqual(["docs-index-1"]);
    expect((await indexerClient.getIndexer("docs-indexer")).targetIndexName).toBe("docs-index-1");
    // Queries failed only inside the measured gap (one every ~10 ms).
    expect(counts.failed).toBeLessThanOrEqual(Math.ceil(result.gapMs! / 10) + 2);
    expect(counts.queries - counts.failed).toBeGreaterThan(0);
    expect(counts.failureWindowMs).toBeLessThanOrEqual(result.gapMs! + 50);
    console.log(
      `migration: gap ${result.gapMs} ms (${result.aliasAttempts} alias attempts); queries ${counts.queries}, failed ${counts.failed}, empty ${counts.empty}`,
    );
  }, 60_000);

  it("a second run is a no-op", async () => {
    const again = await migrateToAlias({ service: port }, { files: files(), ...options() });
    expect(again.alreadyMigrated).toBe(true);
  });
});

describe("blue/green rebuild", () => {
  it("a field made searchable: 0 failed and 0 empty queries, the alias ends on the new generation, the field is searchable", async () => {
    const loop = queryLoop(20);
    const result = await blueGreenRebuild(port, files(sectionSearchable), options());
    const counts = await loop.stop();
    console.log(`rebuild: queries ${counts.queries}, failed ${counts.failed}, empty ${counts.empty}`);
    expect(counts.failed, counts.errors.join("; ")).toBe(0);
    expect(counts.empty).toBe(0);
    expect(counts.queries).toBeGreaterThan(5);
    expect(result).toMatchObject({ from: "docs-index-1", to: "docs-index-2", kept: ["docs-index-1"], pruned: [] });
    expect(result.steps.map((s) => s.step)).toEqual([
      "create-generation",
      "point-indexer",
      "reset-and-run",
      "wait",
      "verify",
      "swap",
      "propagate",
    ]);
    expect((await indexes.getAlias("docs-index")).indexes).toEqual(["docs-index-2"]);
    const def = await indexes.getIndex("docs-index");
    expect(def.name).toBe("docs-index-2");
    expect(def.fields.find((f) => f.name === "section")).toMatchObject({ searchable: true });
    const hits = await indexes.getSearchClient("docs-index").search("guides", { searchFields: ["section"] });
    expect(
      hits.count ??
        (await (async () => {
          let n = 0;
          for await (const _ of hits.results) n++;
          return n;
        })()),
    ).toBeGreaterThan(0);
  }, 60_000);

  it("an unexpected mapping failure in the new generation: verification fails, the alias stays, the indexer points back", async () => {
    const broken = files((d) => {
      sectionSearchable(d);
      const mapping = (d.indexer.fieldMappings as JsonObject[]).find((m) => m.targetFieldName === "section")!;
      (mapping.mappingFunction as { parameters: { position: number } }).parameters.position = 9;
    });
    const loop = queryLoop(20);
    const err = await blueGreenRebuild(port, broken, options()).catch((e: unknown) => e);
    const counts = await loop.stop();
    expect(err).toBeInstanceOf(VerificationFailedError);
    expect((err as VerificationFailedError).verification.checks.find((c) => c.name === "run")?.ok).toBe(false);
    expect((err as Error).message).toMatch(/docs-index-3 failed verification.*stay on docs-index-2/);
    expect((await indexes.getAlias("docs-index")).indexes).toEqual(["docs-index-2"]);
    const indexer = await indexes.getIndex("docs-index");
    expect(indexer.name).toBe("docs-index-2");
    const restored = await indexerClient.getIndexer("docs-indexer");
    expect(restored.targetIndexName).toBe("docs-index-2");
    expect(restored.fieldMappings?.find((m) => m.targetFieldName === "section")?.mappingFunction?.parameters).toEqual({
      delimiter: "/",
      position: 5,
    });
    expect(counts.failed + counts.empty).toBe(0);
    // The kept candidate records when the indexer wrote into it: its crawl is not the serving generation's run.
    const window = crawlWindowOf("docs-index-3", (await indexes.getIndex("docs-index-3")).description);
    const observed = await observe(port, "docs-index", "docs-indexer");
    const serving = servingRuns({
      name: "docs-index",
      phase: inferPhase(observed),
      indexNames: observed.indexNames,
      status: observed.indexerStatus!,
      windows: window ? [window] : [],
    });
    expect(serving).toMatchObject({ basis: "known", serving: "docs-index-2" });
    expect(serving.elsewhere).toMatchObject([{ index: "docs-index-3", why: "failed verification" }]);
    expect(serving.basis === "known" && serving.runs[0]?.status).toBe("success");
  }, 60_000);

  it("interrupted at any step, consumers stay on the complete generation; status says where; --resume finishes it", async () => {
    let statusCalls = 0;
    const flaky: BlueGreenPort = {
      ...port,
      indexerStatus: async (name) => {
        statusCalls += 1;
        if (statusCalls === 2) throw new Error("connection lost"); // the 1st call is the rebuild's first look
        return port.indexerStatus(name);
      },
    };
    const loop = queryLoop(20);
    await expect(blueGreenRebuild(flaky, files(sectionSearchable), options())).rejects.toThrow(/connection lost/);
    expect((await indexes.getAlias("docs-index")).indexes).toEqual(["docs-index-2"]);
    const phase = inferPhase(await observe(port, "docs-index", "docs-indexer"));
    expect(phase).toMatchObject({ phase: "building", live: "docs-index-2", candidate: "docs-index-4" });
    expect(phaseText("docs-index", phase)).toMatch(/deploy --resume/);
    expect(await refusalLine(blueGreenRebuild(port, files(sectionSearchable), options()))).toMatch(/--resume/);
    // `deploy --resume`: the one pipeline, starting the rebuild from its one read (each object read once).
    const mark = standIn.requests.length;
    const outcome = await deploy(
      { service: port },
      { kind: "fresh", files: files(sectionSearchable), resume: true, rebuild: options() },
    );
    const gets = standIn.requests
      .slice(mark)
      .filter((r) => r.method === "GET")
      .map((r) => r.path);
    for (const path of [
      "/aliases/docs-index",
      "/indexes/docs-index-2",
      "/datasources/docs-datasource",
      "/indexers/docs-indexer",
    ])
      expect(
        gets.filter((p) => p === path),
        path,
      ).toHaveLength(1);
    // The candidate the indexer fills (what the resumed rebuild finishes) is no change in its plan.
    expect(outcome.deployment.plan.objects.map((o) => o.action)).toEqual(["unchanged", "unchanged", "unchanged"]);
    const resumed = outcome.rebuilt!;
    const counts = await loop.stop();
    expect(resumed).toMatchObject({ from: "docs-index-2", to: "docs-index-4" });
    // Interrupted after pointing the indexer, before its reset: the resume resets and crawls (an older reset in
    // the history does not pass for this one), then verifies and swaps.
    expect(resumed.steps.map((s) => s.step)).toEqual(["reset-and-run", "wait", "verify", "swap", "propagate"]);
    expect((await indexes.getAlias("docs-index")).indexes).toEqual(["docs-index-4"]);
    expect(counts.failed + counts.empty).toBe(0);
  }, 60_000);

  it("a saved plan's rebuild is refused, nothing written, when the alias moved since the plan", async () => {
    const writesBefore = standIn.requests.filter((r) => r.method !== "GET").length;
    const planned = { alias: "docs-index", from: "docs-index-1", to: "docs-index-2" };
    await expect(blueGreenRebuild(port, files(sectionSearchable), options({ planned }))).rejects.toThrow(
      /now maps to docs-index-4; nothing was changed/,
    );
    expect(standIn.requests.filter((r) => r.method !== "GET").length).toBe(writesBefore);
  });

  it("--resume with nothing under way is refused; prune deletes the older generations, never the live one", async () => {
    await expect(blueGreenRebuild(port, files(sectionSearchable), options({ resume: true }))).rejects.toBeInstanceOf(
      RebuildNotPossibleError,
    );
    // deploy --prune on its own: every generation but the live one and the indexer's target.
    const observed = await observe(port, "docs-index", "docs-indexer");
    expect(await deleteGenerations(port, prunableGenerations(observed, false))).toEqual([
      "docs-index-1",
      "docs-index-2",
    ]);
    const names: string[] = [];
    for await (const n of indexes.listIndexesNames()) names.push(n);
    expect(names.sort()).toEqual(["docs-index-4"]);
  });
});
