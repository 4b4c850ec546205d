// The stand-in's indexer engine: what `POST /indexers/{name}/run` and `/reset` do.
// The management routes call only these two functions; the blob indexer over Azurite lives behind them.
import type { StandInContext } from "../server.js";

/**
 * Starts a run of `indexerName` (the caller has checked that it exists and that no run is in progress).
 * Records an `inProgress` execution at the head of the history and completes it asynchronously.
 */
export function startIndexerRun(ctx: StandInContext, indexerName: string): void {
  const indexer = ctx.state.indexers.get(indexerName);
  if (!indexer) return;
  const now = new Date().toISOString();
  indexer.runtime.history.unshift({
    status: "success",
    errorMessage: null,
    startTime: now,
    endTime: now,
    itemsProcessed: 0,
    itemsFailed: 0,
    initialTrackingState: indexer.runtime.highWaterMark,
    finalTrackingState: indexer.runtime.highWaterMark,
    errors: [],
    warnings: [],
  });
  indexer.runtime.history.splice(50);
}

/** Clears change-tracking state only: documents stay (reference §7). */
export function resetIndexer(ctx: StandInContext, indexerName: string): void {
  const indexer = ctx.state.indexers.get(indexerName);
  if (indexer) indexer.runtime.highWaterMark = null;
}
