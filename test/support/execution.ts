// An indexer execution result as the stand-in keeps it in its history (newest first): a finished successful run
// of 10 items unless `over` says otherwise (e.g. `{ status: "inProgress", endTime: null }`).
import type { ExecutionResult } from "../../local/search-standin/state.js";

export function execution(over: Partial<ExecutionResult> = {}): ExecutionResult {
  const now = new Date().toISOString();
  return {
    status: "success",
    errorMessage: null,
    startTime: now,
    endTime: now,
    itemsProcessed: 10,
    itemsFailed: 0,
    initialTrackingState: null,
    finalTrackingState: null,
    errors: [],
    warnings: [],
    ...over,
  };
}
