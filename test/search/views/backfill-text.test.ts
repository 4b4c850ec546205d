// `docs-index backfill` as text (src/search/views/backfill-text.ts): the run's status check, then coverage before
// in two lines (the table was shown before the confirmation) and the table after.
import { describe, expect, it } from "vitest";
import { buildCoverageReport, type CoverageInput } from "../../../src/search/ops/coverage.js";
import { buildStatusReport } from "../../../src/search/ops/status-report.js";
import { formatBackfillResult } from "../../../src/search/views/backfill-text.js";
import { formatCoverageReport, formatCoverageSummary } from "../../../src/search/views/coverage-text.js";
import { formatStatusReport } from "../../../src/search/views/status-text.js";

const coverage = (formatNulls: number) => {
  const input: CoverageInput = {
    total: 100,
    nullCounts: { app: 0, section: 0, format: formatNulls, last_modified: formatNulls },
    container: "$web",
    expectedFailures: [],
    excludedExtensions: [],
    indexEtag: '"0x1"',
    lastSuccessfulRunEnd: "2026-11-23T08:05:00Z",
  };
  return buildCoverageReport(input);
};

describe("formatBackfillResult", () => {
  it("puts the status first, coverage before in brief, then the whole coverage after", () => {
    const status = buildStatusReport(
      { name: "docs-indexer", serviceStatus: "running", lastResult: null, history: [] },
      { container: "$web", expectedFailures: [] },
    );
    const coverageBefore = coverage(40);
    const coverageAfter = coverage(0);
    const text = formatBackfillResult({ status, coverageBefore, coverageAfter });
    expect(text).toBe(
      [
        formatStatusReport(status),
        "",
        `coverage before: ${formatCoverageSummary(coverageBefore)}`,
        "",
        "coverage after:",
        formatCoverageReport(coverageAfter),
      ].join("\n"),
    );
    expect(formatCoverageSummary(coverageBefore)).toMatch(
      /^documents: 100; reprocessed since the fields were added: 60 %\n {2}verdict: incomplete \(exit 1\)/,
    );
    expect(text.split("\n").at(-1)).toBe(
      "verdict: complete (exit 0): every field is filled wherever a run can fill it",
    );
  });
});
