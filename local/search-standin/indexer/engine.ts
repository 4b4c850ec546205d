// The stand-in's indexer engine: what `POST /indexers/{name}/run` and `/reset` do.
// The management routes call into it through these exports only:
//   - startIndexerRun(ctx, name): starts a run (asynchronous; records `inProgress` first).
//   - resetIndexer(ctx, name): clears change tracking, records a `reset` history entry.
//   - isRunInProgress(ctx, name): true while a run is active. The run route answers 409 when it is
//     (reference §7: "Another indexer invocation is currently in progress; concurrent invocations are
//     not allowed."; use RUN_IN_PROGRESS_MESSAGE for the text).
//   - waitForIndexerRun(ctx, name): resolves when the active run (if any) completes (tests, benchmarks).
// The blob indexer over Azurite lives in run.ts; emulated soft-delete tracking in tracking.ts.
import type { StandInContext } from "../context.js";
import type { ExecutionResult } from "../state.js";
import { DataSourceError } from "./blob-source.js";
import { performRun } from "./run.js";
import { engineState } from "./tracking.js";

/** Execution history length kept (reference §6: up to 50, newest first). */
const MAX_HISTORY = 50;
export const RUN_IN_PROGRESS_MESSAGE =
  "Another indexer invocation is currently in progress; concurrent invocations are not allowed.";

export function isRunInProgress(ctx: StandInContext, indexerName: string): boolean {
  return ctx.state.indexers.get(indexerName)?.runtime.history[0]?.status === "inProgress";
}

/**
 * Starts a run of `indexerName` (the caller has checked that it exists and that no run is in progress).
 * Records an `inProgress` execution at the head of the history and completes it asynchronously.
 */
export function startIndexerRun(ctx: StandInContext, indexerName: string): void {
  const indexer = ctx.state.indexers.get(indexerName);
  if (!indexer) return;
  const runtime = indexer.runtime;
  const engine = engineState(ctx.state, indexerName, runtime);
  const result: ExecutionResult = {
    status: "inProgress",
    errorMessage: null,
    startTime: new Date().toISOString(),
    endTime: null,
    itemsProcessed: 0,
    itemsFailed: 0,
    initialTrackingState: runtime.highWaterMark,
    finalTrackingState: null,
    errors: [],
    warnings: [],
  };
  runtime.history.unshift(result);
  runtime.history.splice(MAX_HISTORY);

  engine.running = (async () => {
    // Yield first, so the caller's 202 and an immediate status poll both see `inProgress`.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await performRun(ctx, indexerName, engine, result);
    } catch (err) {
      result.status = "transientFailure";
      result.errorMessage =
        err instanceof DataSourceError ? err.message : `The indexer run failed unexpectedly: ${String(err)}`;
      result.finalTrackingState = runtime.highWaterMark;
    } finally {
      result.endTime = new Date().toISOString();
      engine.running = undefined;
    }
  })();
}

/** Resolves when the indexer's active run (if any) has completed. */
export async function waitForIndexerRun(ctx: StandInContext, indexerName: string): Promise<void> {
  const indexer = ctx.state.indexers.get(indexerName);
  if (!indexer) return;
  await engineState(ctx.state, indexerName, indexer.runtime).running;
}

/**
 * Clears change-tracking state only: documents stay, orphans are not cleaned (reference §7; spec C backfill
 * rule 3). The reset shows in the history with status `reset` (reference §7, MON).
 */
export function resetIndexer(ctx: StandInContext, indexerName: string): void {
  const indexer = ctx.state.indexers.get(indexerName);
  if (!indexer) return;
  const engine = engineState(ctx.state, indexerName, indexer.runtime);
  engine.resetGeneration += 1;
  const now = new Date().toISOString();
  const previous = indexer.runtime.highWaterMark;
  indexer.runtime.highWaterMark = null;
  // While a run is active it stays at the head (a status poll must still see `inProgress`).
  const entry: ExecutionResult = {
    status: "reset",
    errorMessage: null,
    startTime: now,
    endTime: now,
    itemsProcessed: 0,
    itemsFailed: 0,
    initialTrackingState: previous,
    finalTrackingState: null,
    errors: [],
    warnings: [],
  };
  const history = indexer.runtime.history;
  history.splice(history[0]?.status === "inProgress" ? 1 : 0, 0, entry);
  history.splice(MAX_HISTORY);
}
