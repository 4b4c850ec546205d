// `docs-index backfill` as text: the status check of the run, then coverage before (its gist: the table was shown
// before the confirmation) and after.
import type { CoverageReport } from "../ops/coverage.js";
import type { StatusReport } from "../ops/status-report.js";
import { formatCoverageReport, formatCoverageSummary } from "./coverage-text.js";
import { formatStatusReport } from "./status-text.js";

/** What a backfill costs (its --help, and before its confirmation). */
export const BACKFILL_COST =
  "A backfill resets the indexer's change tracking and runs it: one full re-crawl of the container (every blob is read and re-extracted; no enrichment, no skillset). No document is deleted and orphans are not cleaned up (see 'orphans').";

/** The reset and run as the confirmation prompt words them: what is done, and what it loses. */
export function backfillStep(indexer: string, index: string): { action: string; loses: string } {
  return {
    action: `reset and run indexer ${indexer} (a full re-crawl into index ${index})`,
    loses:
      "the indexer's change-tracking state (every blob is read again; no document is deleted); the run takes as long as a first population",
  };
}

/** A backfill refused because a run is in progress: the error line and what to do. */
export function backfillRefusal(indexer: string, runInProgressSince: string | null): { message: string; hint: string } {
  return {
    message: `a run of ${indexer} is in progress since ${runInProgressSince ?? "?"}: refusing to reset`,
    hint: "Wait for it to finish (`npx docs-index status --wait`), then retry.",
  };
}

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
