// `docs-index backfill`: the manual full repopulation (spec backfill rules 2-3) as one use case: refused while a
// run is in progress; coverage before; the confirmation; reset, run and wait for that run; then the status verdict
// and coverage after. A reset clears change tracking only: no document is deleted. The calls, the confirmation and
// the wait come through a port (the command builds it); this module decides the order and what is refused.
import type { CoverageReport } from "./coverage.js";
import { runInProgress, type IndexerStatusRecord } from "./indexer-status.js";
import { runIdentity } from "./run-wait.js";
import type { StatusReport } from "./status-report.js";

export interface BackfillPort {
  indexerStatus(): Promise<IndexerStatusRecord>;
  coverage(): Promise<CoverageReport>;
  /** Shows what the backfill costs and asks to go on (with coverage before); throws when it is not confirmed. */
  confirm(coverageBefore: CoverageReport): Promise<void>;
  resetIndexer(): Promise<void>;
  runIndexer(): Promise<void>;
  /** Says the run started. */
  started(): void;
  /** Waits for the first run after the one identified by `before` (the newest after the reset) to end. */
  waitForRunAfter(before: string | null): Promise<IndexerStatusRecord>;
  statusVerdict(finished: IndexerStatusRecord): Promise<StatusReport>;
}

export type BackfillOutcome =
  | { kind: "refused"; runInProgressSince: string | null }
  | { kind: "done"; status: StatusReport; coverageBefore: CoverageReport; coverageAfter: CoverageReport };

export async function backfill(port: BackfillPort): Promise<BackfillOutcome> {
  const active = runInProgress(await port.indexerStatus());
  if (active) return { kind: "refused", runInProgressSince: active.startTime };
  const coverageBefore = await port.coverage();
  await port.confirm(coverageBefore);
  await port.resetIndexer();
  const afterReset = runIdentity(await port.indexerStatus());
  await port.runIndexer();
  port.started();
  const finished = await port.waitForRunAfter(afterReset);
  const status = await port.statusVerdict(finished);
  const coverageAfter = await port.coverage();
  return { kind: "done", status, coverageBefore, coverageAfter };
}
