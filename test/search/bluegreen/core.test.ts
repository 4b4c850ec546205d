// The blue/green core without a service: generation naming and resolution, where a rebuild stands (from what the
// service shows), the verification rules, the dropped-documents summary and the migration's backoff.
import { describe, expect, it } from "vitest";
import { countableFields } from "../../../src/search/bluegreen/countable.js";
import { classifyDrop, summariseDropped } from "../../../src/search/bluegreen/dropped.js";
import {
  asAliasNamed,
  describeResolution,
  forGeneration,
  generationOf,
  liveThroughAlias,
  nextGeneration,
  resolveName,
} from "../../../src/search/bluegreen/generations.js";
import { backoffDelays, isNameRefusal } from "../../../src/search/bluegreen/migrate.js";
import {
  crawlState,
  fullCrawlRun,
  inferPhase,
  type Observation,
} from "../../../src/search/bluegreen/progress-state.js";
import { phaseText } from "../../../src/search/views/phase-text.js";
import { verifyGeneration, type VerificationInput } from "../../../src/search/bluegreen/verify.js";
import type { IndexerStatusRecord, RunRecord } from "../../../src/search/ops/indexer-status.js";
import { BlobIndex } from "../../../src/search/ops/orphans.js";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import { prunableGenerations } from "../../../src/search/bluegreen/rebuild.js";
import { blueGreenTarget, plannedTargetMismatch } from "../../../src/search/bluegreen/rebuild-target.js";
import { buildPlan } from "../../../src/search/plan/plan.js";
import { loadDefinition } from "../../standin/fixtures.js";

const BLOB_BASE = "https://docsdev.blob.core.windows.net/$web/";
const idOf = (path: string) => base64Encode(`${BLOB_BASE}${path}`, { useHttpServerUtilityUrlTokenEncode: true });

const run = (status: string, startTime: string, extra: Partial<RunRecord> = {}): RunRecord => ({
  status,
  errorMessage: null,
  startTime,
  endTime: status === "inProgress" ? null : startTime,
  itemsProcessed: 10,
  itemsFailed: 0,
  errors: [],
  warningCount: 0,
  ...extra,
});
const statusOf = (...history: RunRecord[]): IndexerStatusRecord => ({
  name: "docs-indexer",
  serviceStatus: "running",
  lastResult: history[0] ?? null,
  history,
});

describe("generations", () => {
  it("names docs-index-<n>, parses only its own generations, and never reuses a number", () => {
    expect(generationOf("docs-index", "docs-index-12")).toBe(12);
    for (const other of ["docs-index", "docs-index-0", "docs-index-01", "docs-index-x", "docs-index-2-old", "other-3"])
      expect(generationOf("docs-index", other)).toBeUndefined();
    expect(nextGeneration("docs-index", ["docs-index", "docs-index-3", "docs-index-7", "docs-index-7b"])).toBe(8);
    expect(nextGeneration("docs-index", [])).toBe(1);
  });

  it("resolves the configured name to an alias's index, a concrete index, or nothing", () => {
    expect(resolveName("docs-index", { aliasTarget: "docs-index-3", indexNames: [] })).toEqual({
      kind: "alias",
      alias: "docs-index",
      index: "docs-index-3",
      generation: 3,
    });
    const concrete = resolveName("docs-index", { aliasTarget: undefined, indexNames: ["docs-index"] });
    expect(concrete.kind).toBe("concrete");
    expect(describeResolution(concrete)).toMatch(/migrate-to-alias/);
    expect(resolveName("docs-index", { aliasTarget: undefined, indexNames: [] }).kind).toBe("missing");
  });

  it("retargets the reviewed files at a generation and shows live definitions under the alias's name", () => {
    const files = {
      index: { name: "docs-index", fields: [] },
      datasource: { name: "ds" },
      indexer: { name: "docs-indexer", targetIndexName: "docs-index" },
    };
    const g = forGeneration(files, "docs-index-4");
    expect([g.index.name, g.indexer.targetIndexName, files.index.name]).toEqual([
      "docs-index-4",
      "docs-index-4",
      "docs-index",
    ]);
    expect(asAliasNamed("indexer", g.indexer, "docs-index", "docs-index-4").targetIndexName).toBe("docs-index");
    expect(asAliasNamed("index", g.index, "docs-index", "docs-index-4").name).toBe("docs-index");
  });
});

describe("where a rebuild stands (read from the service)", () => {
  const base: Observation = {
    name: "docs-index",
    aliasTarget: "docs-index-3",
    indexNames: ["docs-index-2", "docs-index-3"],
    indexerTarget: "docs-index-3",
    indexerStatus: statusOf(run("success", "2026-11-23T10:00:00Z")),
  };

  it("idle: names the older generations kept for rollback", () => {
    const p = inferPhase(base);
    expect(p).toEqual({ phase: "idle", live: "docs-index-3", older: ["docs-index-2"], candidate: undefined });
    expect(phaseText("docs-index", p)).toMatch(/alias of docs-index-3.*docs-index-2.*--prune/);
  });

  it("prune after a rollback by hand deletes every unused generation, the newer ones included", () => {
    // The kept local environment: the alias re-pointed at docs-index-1 with docs-index-2 and docs-index-5 left.
    // Before, only the newest (docs-index-5) was pruned, and docs-index-2 made every command warn.
    const rolledBack = {
      ...base,
      aliasTarget: "docs-index-1",
      indexerTarget: "docs-index-1",
      indexNames: ["docs-index-1", "docs-index-2", "docs-index-5"],
    };
    expect(prunableGenerations(rolledBack, false)).toEqual(["docs-index-2", "docs-index-5"]);
    expect(prunableGenerations(base, false)).toEqual(["docs-index-2"]);
  });

  it("building: the indexer fills a newer generation; the crawl state comes from runs after the reset", () => {
    const obs = { ...base, indexNames: [...base.indexNames, "docs-index-4"], indexerTarget: "docs-index-4" };
    const running = statusOf(
      run("inProgress", "2026-11-23T11:00:01Z"),
      run("reset", "2026-11-23T11:00:00Z"),
      run("success", "2026-11-23T10:00:00Z"),
    );
    const p = inferPhase({ ...obs, indexerStatus: running });
    expect(p).toMatchObject({ phase: "building", live: "docs-index-3", candidate: "docs-index-4", crawl: "running" });
    expect(phaseText("docs-index", p)).toMatch(/deploy --resume/);
  });

  it("a run already active when the reset was recorded is not the full crawl", () => {
    const s = statusOf(run("inProgress", "2026-11-23T10:59:00Z"), run("reset", "2026-11-23T11:00:00Z"));
    expect(crawlState(s)).toBe("reset-not-run");
    const done = statusOf(
      run("success", "2026-11-23T11:00:05Z", { itemsProcessed: 42 }),
      run("transientFailure", "2026-11-23T11:00:01Z"),
      run("reset", "2026-11-23T11:00:00Z"),
    );
    expect(crawlState(done)).toBe("done");
    expect(fullCrawlRun(done)?.status).toBe("transientFailure");
    expect(crawlState(statusOf(run("success", "2026-11-23T10:00:00Z")))).toBe("not-reset");
  });

  it("a candidate nobody points at is reported as left over; the migration's gap is reported as failing queries", () => {
    expect(inferPhase({ ...base, indexNames: [...base.indexNames, "docs-index-4"] })).toMatchObject({
      phase: "idle",
      candidate: "docs-index-4",
    });
    const gap = inferPhase({
      ...base,
      aliasTarget: undefined,
      indexNames: ["docs-index-1"],
      indexerTarget: "docs-index-1",
    });
    expect(gap).toEqual({ phase: "alias-missing", generation: "docs-index-1" });
    expect(phaseText("docs-index", gap)).toMatch(/FAIL.*migrate-to-alias --resume/);
  });

  it("concrete, migration under way, inconsistent", () => {
    const concrete = { ...base, aliasTarget: undefined, indexNames: ["docs-index"], indexerTarget: "docs-index" };
    expect(inferPhase(concrete).phase).toBe("concrete");
    expect(
      inferPhase({ ...concrete, indexNames: ["docs-index", "docs-index-1"], indexerTarget: "docs-index-1" }),
    ).toMatchObject({ phase: "building", live: "docs-index", candidate: "docs-index-1" });
    expect(inferPhase({ ...base, indexerTarget: "docs-index-2" }).phase).toBe("inconsistent");
  });
});

describe("verification", () => {
  const classify = { container: "$web", expectedFailures: ["index.html", "404.html"] };
  const good: VerificationInput = {
    run: run("success", "t", { itemsFailed: 1, errors: [errorFor("index.html")] }),
    liveCount: 100,
    nextCount: 97,
    fields: [
      { field: "section", next: 97, live: 95 },
      { field: "format", next: 90, live: 60 },
    ],
    uncountedFields: ["content"],
    tolerance: 0.1,
    classify,
  };
  function errorFor(path: string) {
    return { key: `${BLOB_BASE}${path}`, message: "mapping failed", statusCode: 400, name: null, details: null };
  }

  it("passes a complete generation whose only failures are expected", () => {
    const v = verifyGeneration(good);
    expect(v.ok).toBe(true);
    expect(v.failure).toBeNull();
    expect(v.checks.find((c) => c.name === "field-coverage")?.detail).toMatch(/not countable.*content/);
  });

  it("fails on an unexpected document failure, naming it", () => {
    const v = verifyGeneration({
      ...good,
      run: run("success", "t", { itemsFailed: 1, errors: [errorFor("payments/guides/a.html")] }),
    });
    expect(v.ok).toBe(false);
    expect(v.failure).toMatch(/run: .*1 unexpected.*payments\/guides\/a.html/);
  });

  it("fails on a count outside the tolerance, but not on drops the summary explains", () => {
    expect(verifyGeneration({ ...good, nextCount: 80 }).failure).toMatch(/document-count/);
    const dropped = summariseDropped([], new Set(), undefined, { ...classify, excludedExtensions: [] });
    dropped.byReason.orphan = 20;
    expect(verifyGeneration({ ...good, nextCount: 80, dropped: { ...dropped, total: 20 } }).ok).toBe(true);
    expect(verifyGeneration({ ...good, nextCount: 0 }).failure).toMatch(/holds no documents/);
  });

  it("fails when a field is filled much less than in the live generation, or a new field is empty everywhere", () => {
    const v = verifyGeneration({ ...good, fields: [{ field: "section", next: 10, live: 95 }] });
    expect(v.failure).toMatch(/section: 10.3 % filled, live 95 %/);
    expect(verifyGeneration({ ...good, fields: [{ field: "language", next: 0 }] }).failure).toMatch(/language: empty/);
  });

  it("countable fields are the filterable ones (collections counted with any())", () => {
    const { countable, uncounted } = countableFields({
      fields: [
        { name: "id", type: "Edm.String", key: true, filterable: false },
        { name: "section", type: "Edm.String", filterable: true },
        { name: "labels", type: "Collection(Edm.String)", filterable: true },
        { name: "content", type: "Edm.String", filterable: false },
      ],
    });
    expect(countable).toEqual([
      { name: "section", filter: "section ne null" },
      { name: "labels", filter: "labels/any()" },
    ]);
    expect(uncounted).toEqual(["content"]);
  });
});

describe("documents a rebuild drops", () => {
  const blobs = new BlobIndex();
  for (const b of ["index.html", "sitemap.xml", "payments/guides/a.html", "payments/guides/b.html"]) blobs.add(b);
  const options = { container: "$web", expectedFailures: ["index.html"], excludedExtensions: [".xml"] };

  it("classifies each drop: orphan, root copy failing by design, excluded extension, unexplained", () => {
    expect(classifyDrop(idOf("payments/guides/gone.html"), blobs, options)).toBe("orphan");
    expect(classifyDrop(idOf("index.html"), blobs, options)).toBe("expected-failure-copy");
    expect(classifyDrop(idOf("sitemap.xml"), blobs, options)).toBe("excluded-extension");
    expect(classifyDrop(idOf("payments/guides/b.html"), blobs, options)).toBe("unexplained");
    expect(classifyDrop(idOf("payments/guides/b.html"), undefined, options)).toBe("unexplained");
  });

  it("counts only documents of the live generation missing from the new one", () => {
    const live = ["index.html", "sitemap.xml", "payments/guides/a.html", "payments/guides/gone.html"].map(idOf);
    const next = new Set([idOf("payments/guides/a.html"), idOf("payments/guides/new.html")]);
    const s = summariseDropped(live, next, blobs, options);
    expect(s.total).toBe(3);
    expect(s.byReason).toEqual({ orphan: 1, "expected-failure-copy": 1, "excluded-extension": 1, unexplained: 0 });
    expect(s.samples.orphan).toEqual(["payments/guides/gone.html"]);
  });
});

describe("migration retry", () => {
  it("backs off exponentially up to a cap and stops at the deadline", () => {
    expect(backoffDelays({ firstDelayMs: 100, factor: 2, maxDelayMs: 500, deadlineMs: 2000 })).toEqual([
      100, 200, 400, 500, 500,
    ]);
  });

  it("retries only the refusals the service may give while a deleted name propagates", () => {
    expect(isNameRefusal({ statusCode: 409 })).toBe(true);
    expect(isNameRefusal({ statusCode: 400 })).toBe(true);
    expect(isNameRefusal({ statusCode: 403 })).toBe(false);
    expect(isNameRefusal(new Error("network"))).toBe(false);
  });
});

describe("plan through the alias", () => {
  const files = {
    index: loadDefinition("docs-index.json"),
    datasource: loadDefinition("docs-datasource.json"),
    indexer: loadDefinition("docs-indexer.json"),
  };
  const generation = forGeneration(files, "docs-index-3");
  const live = {
    index: { definition: generation.index, etag: '"1"' },
    datasource: { definition: files.datasource, etag: '"2"' },
    indexer: { definition: generation.indexer, etag: '"3"' },
  };

  it("a generation holding exactly the files plans as unchanged (its name is not a change)", () => {
    expect(buildPlan(files, live).summary.unchanged).toBeLessThan(3);
    expect(buildPlan(files, liveThroughAlias(live, "docs-index", "docs-index-3")).summary).toMatchObject({
      unchanged: 3,
      rebuild: 0,
    });
  });

  it("a saved plan's rebuild no longer applies when the alias moved or another generation appeared", () => {
    const planned = { alias: "docs-index", from: "docs-index-3", to: "docs-index-4", deletes: [] };
    expect(plannedTargetMismatch(planned, planned)).toBeUndefined();
    expect(plannedTargetMismatch(planned, { ...planned, from: "docs-index-4", to: "docs-index-5" })).toMatch(
      /now maps to docs-index-4/,
    );
    expect(plannedTargetMismatch(planned, { ...planned, to: "docs-index-5" })).toMatch(/next generation is now/);
  });

  it("names the unused generations a rebuild deletes, and refuses a plan that named others", () => {
    // docs-index-2 was left by a rolled-back rebuild: newer than the serving generation, unused.
    const target = blueGreenTarget("docs-index", "docs-index-1", ["docs-index-1", "docs-index-2"]);
    expect(target).toEqual({
      alias: "docs-index",
      from: "docs-index-1",
      to: "docs-index-3",
      deletes: ["docs-index-2"],
    });
    expect(blueGreenTarget("docs-index", "docs-index-3", ["docs-index-3"]).deletes).toEqual([]);
    expect(plannedTargetMismatch({ ...target, deletes: [] }, target)).toMatch(
      /the plan deletes no unused generation, but the unused generations are now docs-index-2/,
    );
  });
});
