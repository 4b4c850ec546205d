// The status verdict, shared by `deploy --wait` and `backfill`: the indexer's last completed run,
// every error expected or unexpected, and an empty index after a completed run counted as a failure: the SDK
// calls as the port of the core, checkStatus (src/search/ops/status-report.ts).
import type { CliContext } from "../../context.js";
import type { IndexerStatusRecord } from "../../../search/ops/indexer-status.js";
import { indexReads } from "./index-reads.js";
import { checkStatus, type StatusReport } from "../../../search/ops/status-report.js";

export async function statusVerdict(
  ctx: CliContext,
  opts: { historyLimit?: number; status?: IndexerStatusRecord } = {},
): Promise<StatusReport> {
  const { search } = ctx.config;
  return checkStatus(await indexReads(ctx), {
    container: search.container,
    expectedFailures: search.expected_failures,
    historyLimit: opts.historyLimit ?? 10,
    ...(opts.status ? { status: opts.status } : {}),
  });
}
