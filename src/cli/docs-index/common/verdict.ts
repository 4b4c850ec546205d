// The status verdict, shared by `status`, `deploy --wait` and `backfill`: the indexer's last completed run,
// every error expected or unexpected, and an empty index after a completed run counted as a failure: the SDK
// calls as the port of the core, checkStatus (src/search/ops/status-report.ts).
import { checked, type OutcomeKind } from "../../exit-codes.js";
import type { CliContext } from "../../context.js";
import type { IndexerStatusRecord } from "../../../search/ops/indexer-status.js";
import { countAll, fetchIndexerStatus, searchClient } from "../../../search/io/search-io.js";
import { readServingRuns } from "../../../search/io/serving-runs-io.js";
import { checkStatus, type StatusReport } from "../../../search/ops/status-report.js";

export async function statusVerdict(
  ctx: CliContext,
  opts: { historyLimit?: number; status?: IndexerStatusRecord } = {},
): Promise<StatusReport> {
  const { search } = ctx.config;
  const { indexClient, indexerClient } = await ctx.search();
  return checkStatus(
    {
      indexerStatus: () => fetchIndexerStatus(indexerClient, search.indexer_name),
      documentCount: () => countAll(searchClient(indexClient, search.index_name)),
      servingRuns: (status) =>
        readServingRuns(
          { indexClient, indexerClient },
          { index: search.index_name, indexer: search.indexer_name },
          status,
        ),
    },
    {
      container: search.container,
      expectedFailures: search.expected_failures,
      historyLimit: opts.historyLimit ?? 10,
      ...(opts.status ? { status: opts.status } : {}),
    },
  );
}

export function verdictOutcome(report: StatusReport): OutcomeKind {
  return checked(report.ok);
}
