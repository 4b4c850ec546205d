// `docs-index backfill` as text: the status check of the run, then coverage before (its gist: the table was shown
// before the confirmation) and after.
import type { CoverageReport } from "../ops/coverage.js";
import type { StatusReport } from "../ops/status-report.js";
import { formatCoverageReport, formatCoverageSummary } from "./coverage-text.js";
import { formatStatusReport } from "./status-text.js";

export function formatBackfillResult(result: {
  status: StatusReport;
  coverageBefore: CoverageReport;
  coverageAfter: CoverageReport;
}): string {
  return [
    formatStatusReport(result.status),
    "",
    // The table before was printed (stderr) ahead of the confirmation: here only its gist, once.
    `coverage before: ${formatCoverageSummary(result.coverageBefore)}`,
    "",
    "coverage after:",
    formatCoverageReport(result.coverageAfter),
  ].join("\n");
}
