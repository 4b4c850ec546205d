// Which runs count as the serving generation's (status, snapshot, coverage, eval's provenance): the rule in
// src/search/bluegreen/serving-runs.ts, from what the service shows, without a service.
import { describe, expect, it } from "vitest";
import { inferPhase, type Observation } from "../../../src/search/bluegreen/progress-state.js";
import {
  crawlWindowDescription,
  crawlWindowOf,
  servingRuns,
  type CrawlWindow,
} from "../../../src/search/bluegreen/serving-runs.js";
import { lastServingSuccessEnd, lastSuccessInto } from "../../../src/search/ops/serving-runs-facts.js";
import type { IndexerStatusRecord, RunRecord } from "../../../src/search/ops/indexer-status.js";

const run = (status: string, startTime: string): RunRecord => ({
  status,
  errorMessage: null,
  startTime,
  endTime: status === "reset" ? startTime : startTime.replace(":00Z", ":30Z"),
  itemsProcessed: 5,
  itemsFailed: 0,
  errors: [],
  warningCount: 0,
});
const statusOf = (...history: RunRecord[]): IndexerStatusRecord => ({
  name: "docs-indexer",
  serviceStatus: "running",
  lastResult: history[0] ?? null,
  history,
});

function attribute(o: Partial<Observation>, status: IndexerStatusRecord, windows: CrawlWindow[] = []) {
  const observation: Observation = {
    name: "docs-index",
    aliasTarget: undefined,
    indexNames: [],
    indexerTarget: undefined,
    indexerStatus: status,
    ...o,
  };
  return servingRuns({
    name: "docs-index",
    phase: inferPhase(observation),
    indexNames: observation.indexNames,
    status,
    windows,
  });
}

// docs-index-2 serves; a rebuild reset at 11:00 and crawled docs-index-3, which failed verification; the indexer
// was pointed back at 11:10 and a scheduled run went into docs-index-2 at 12:00.
const failedRebuild = statusOf(
  run("success", "2026-11-23T12:00:00Z"),
  run("transientFailure", "2026-11-23T11:01:00Z"),
  run("reset", "2026-11-23T11:00:00Z"),
  run("success", "2026-11-23T10:00:00Z"),
);
const servedBy2 = {
  aliasTarget: "docs-index-2",
  indexNames: ["docs-index-2", "docs-index-3"],
  indexerTarget: "docs-index-2",
};
const window3 = { index: "docs-index-3", from: "2026-11-23T11:00:00Z", until: "2026-11-23T11:10:00Z" };

describe("lastSuccessInto (eval --index <generation>)", () => {
  it("the serving generation's runs, a failed candidate's own crawl, and unknown for a generation nothing records", () => {
    const s = attribute(
      { ...servedBy2, indexNames: ["docs-index-1", "docs-index-2", "docs-index-3"] },
      statusOf(failedRebuild.history[0]!, run("success", "2026-11-23T11:02:00Z"), ...failedRebuild.history.slice(1)),
      [window3],
    );
    expect(lastSuccessInto(s, "docs-index-2")).toEqual({ end: "2026-11-23T12:00:30Z" });
    expect(lastSuccessInto(s, "docs-index-3")).toEqual({ end: "2026-11-23T11:02:30Z" });
    // An older generation: the serving generation's runs are not its corpus.
    expect(lastSuccessInto(s, "docs-index-1")).toEqual({
      reason:
        "docs-index-1 is not the serving generation (docs-index-2) and records no crawl window: which runs went into it cannot be told",
    });
  });
});

describe("servingRuns", () => {
  it("normal case: every run went into the generation the alias and the indexer share", () => {
    const s = attribute(
      { aliasTarget: "docs-index-2", indexNames: ["docs-index-1", "docs-index-2"], indexerTarget: "docs-index-2" },
      failedRebuild,
    );
    expect(s).toMatchObject({ basis: "known", serving: "docs-index-2", elsewhere: [] });
    expect(s.basis === "known" && s.runs.map((r) => r.startTime)).toEqual([
      "2026-11-23T12:00:00Z",
      "2026-11-23T11:01:00Z",
      "2026-11-23T10:00:00Z",
    ]);
  });

  it("failed rebuild: the candidate's crawl (inside its recorded window) is set apart; the serving runs remain", () => {
    const s = attribute(servedBy2, failedRebuild, [window3]);
    expect(s.basis).toBe("known");
    if (s.basis !== "known") return;
    expect(s.runs.map((r) => r.startTime)).toEqual(["2026-11-23T12:00:00Z", "2026-11-23T10:00:00Z"]);
    expect(s.elsewhere).toEqual([
      { index: "docs-index-3", why: "failed verification", runs: [failedRebuild.history[1]] },
    ]);
    expect(lastServingSuccessEnd(s)).toBe("2026-11-23T12:00:30Z");
  });

  it("failed rebuild and no run since: the serving generation's last run is the one before the rebuild", () => {
    const s = attribute(servedBy2, statusOf(...failedRebuild.history.slice(1)), [window3]);
    expect(s.basis === "known" && s.runs.map((r) => r.startTime)).toEqual(["2026-11-23T10:00:00Z"]);
    expect(lastServingSuccessEnd(s)).toBe("2026-11-23T10:00:30Z");
  });

  it("rollback by hand to an older generation, newer ones kept without a record: assumed, with the caveat", () => {
    const s = attribute(
      {
        aliasTarget: "docs-index-1",
        indexNames: ["docs-index-1", "docs-index-2", "docs-index-3"],
        indexerTarget: "docs-index-1",
      },
      failedRebuild,
    );
    expect(s).toMatchObject({ basis: "assumed", serving: "docs-index-1" });
    expect(s.basis === "assumed" && s.caveat).toMatch(
      /docs-index-2, docs-index-3 \(newer than the serving docs-index-1\) records no crawl window.*reset at 2026-11-23T11:00:00Z/,
    );
    expect(lastServingSuccessEnd(s)).toBe("2026-11-23T12:00:30Z");
  });

  it("a rebuild under way: the runs since its reset fill the candidate, the earlier ones the serving generation", () => {
    const s = attribute({ ...servedBy2, indexerTarget: "docs-index-3" }, statusOf(...failedRebuild.history.slice(1)));
    expect(s).toMatchObject({ basis: "known", serving: "docs-index-2" });
    expect(s.basis === "known" && s.runs.map((r) => r.startTime)).toEqual(["2026-11-23T10:00:00Z"]);
    expect(s.elsewhere[0]).toMatchObject({ index: "docs-index-3", why: "being built" });
  });

  it("a concrete index without alias: every run is its own, unless a failed migration recorded its crawl", () => {
    const concrete = { indexNames: ["docs-index"], indexerTarget: "docs-index" };
    expect(attribute(concrete, failedRebuild)).toMatchObject({ basis: "known", serving: "docs-index" });
    const afterFailedMigration = { indexNames: ["docs-index", "docs-index-1"], indexerTarget: "docs-index" };
    const s = attribute(afterFailedMigration, failedRebuild, [{ ...window3, index: "docs-index-1" }]);
    expect(s.basis === "known" && s.runs).toHaveLength(2);
    expect(attribute(afterFailedMigration, failedRebuild).basis).toBe("assumed");
  });

  it("the indexer pointing at neither the serving generation nor a newer one: unknown", () => {
    const s = attribute({ ...servedBy2, indexerTarget: "docs-index-1" }, failedRebuild);
    expect(s.basis === "unknown" && s.reason).toMatch(/targets docs-index-1, not the serving docs-index-2/);
  });

  it("the recorded window reads back from the index description it is written to", () => {
    const d = crawlWindowDescription(window3.from, window3.until);
    expect(crawlWindowOf("docs-index-3", d)).toEqual(window3);
    expect(crawlWindowOf("docs-index-3", "an operator's own description")).toBeUndefined();
    expect(crawlWindowOf("docs-index-3", null)).toBeUndefined();
  });
});
