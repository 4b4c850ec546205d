// The status verdict, shared by `status`, `deploy --wait` and `backfill`: the indexer's last completed run,
// every error expected or unexpected, and an empty index after a completed run counted as a failure.
import { checked, type OutcomeKind } from "../../exit-codes.js";
import type { CliContext } from "../../context.js";
import type { IndexerStatusRecord } from "../../../search/ops/indexer-status.js";
import { countAll, fetchIndexerStatus, searchClient } from "../../../search/io/search-io.js";
import { readServingRuns } from "../../../search/io/serving-runs-io.js";
import { buildStatusReport, type StatusReport } from "../../../search/ops/status-report.js";

export async function statusVerdict(
  ctx: CliContext,
  opts: { historyLimit?: number; status?: IndexerStatusRecord } = {},
): Promise<StatusReport> {
  const { search } = ctx.config;
  const { indexClient, indexerClient } = await ctx.search();
  const [status, documentCount] = await Promise.all([
    opts.status ?? fetchIndexerStatus(indexerClient, search.indexer_name),
    countAll(searchClient(indexClient, search.index_name)),
  ]);
  // Only the runs into the serving generation are judged (a failed candidate's crawl is reported apart).
  const serving = await readServingRuns(
    { indexClient, indexerClient },
    { index: search.index_name, indexer: search.indexer_name },
    status,
  );
  return buildStatusReport(status, {
    serving,
    container: search.container,
    expectedFailures: search.expected_failures,
    historyLimit: opts.historyLimit ?? 10,
    documentCount,
  });
}

export function verdictOutcome(report: StatusReport): OutcomeKind {
  return checked(report.ok);
}
