// `docs-index status` as text (src/search/views/status-text.ts): the last run with its errors classified, the
// verdict right after what it judges, and what is not judged after the verdict, said so.
import { describe, expect, it } from "vitest";
import type { IndexerStatusRecord, RunRecord } from "../../../src/search/ops/indexer-status.js";
import { buildStatusReport } from "../../../src/search/ops/status-report.js";
import { formatStatusReport, formatStatusResult } from "../../../src/search/views/status-text.js";
import { formatIndexNames } from "../../../src/search/views/index-names-text.js";

const root = "https://acct.blob.core.windows.net/$web";
const run = (over: Partial<RunRecord> = {}): RunRecord => ({
  status: "success",
  errorMessage: null,
  startTime: "2026-11-23T08:00:00Z",
  endTime: "2026-11-23T08:05:00Z",
  itemsProcessed: 10,
  itemsFailed: 0,
  errors: [],
  warningCount: 0,
  ...over,
});
const status = (history: RunRecord[], lastResult: RunRecord | null = history[0] ?? null): IndexerStatusRecord => ({
  name: "docs-indexer",
  serviceStatus: "running",
  lastResult,
  history,
});
const options = { container: "$web", expectedFailures: ["index.html"] };
const failure = (name: string) => ({
  key: `${root}/${name}`,
  statusCode: 400,
  message: "Could not apply mapping function",
  name: null,
  details: null,
});

describe("formatStatusReport", () => {
  it("classifies each error of the last run and ends with OK when every failure is expected", () => {
    const report = buildStatusReport(status([run({ itemsFailed: 1, errors: [failure("index.html")] })]), {
      ...options,
      documentCount: 9,
    });
    expect(formatStatusReport(report).split("\n")).toEqual([
      "indexer docs-indexer: service status running (available to run; says nothing about an active run)",
      "last run: success, 2026-11-23T08:00:00Z -> 2026-11-23T08:05:00Z, 10 processed, 1 failed (1 expected, 0 unexpected)",
      "  [expected] index.html: Could not apply mapping function",
      "last successful run ended: 2026-11-23T08:05:00Z",
      "documents in the index: 9",
      "OK: every failure is expected",
    ]);
  });

  it("says NOT OK with the reasons, then lists the history as not judged", () => {
    const report = buildStatusReport(
      status([run({ status: "transientFailure", errorMessage: "quota", startTime: "2026-11-24T08:00:00Z" }), run()]),
      options,
    );
    const lines = formatStatusReport(report).split("\n");
    expect(lines).toContain("NOT OK: the last run ended with status transientFailure: quota");
    const verdict = lines.findIndex((l) => l.startsWith("NOT OK"));
    expect(lines[verdict + 1]).toBe("recent runs of docs-indexer (into any index; not judged):");
    expect(lines.slice(verdict + 2)).toHaveLength(2);
  });

  it("shows a run in progress", () => {
    const active = run({ status: "inProgress", endTime: null, itemsProcessed: 3, itemsFailed: 1 });
    const report = buildStatusReport(status([run()], active), options);
    expect(formatStatusReport(report)).toContain(
      "a run is in progress since 2026-11-23T08:00:00Z: 3 processed, 1 failed so far",
    );
  });
});

describe("formatStatusResult", () => {
  it("names the serving index first, then the report", () => {
    const report = buildStatusReport(status([run()]), options);
    const index = { name: "docs-index", serving: "docs-index-3", alias: true };
    expect(formatStatusResult(report, index, null)).toBe(`${formatIndexNames(index)}\n${formatStatusReport(report)}`);
    expect(formatStatusResult(report, index, null).split("\n")[0]).toBe("index docs-index → docs-index-3 (alias)");
  });
});
