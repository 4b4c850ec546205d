// Waits for the indexer's active run to finish, printing progress, through the same SDK the CLI uses.
import type { SearchIndexerClient } from "@azure/search-documents";
import { formatMs } from "./steps.js";

export interface WaitResult {
  status: string;
  itemsProcessed: number;
  itemsFailed: number;
  ms: number;
}

export interface WaitOptions {
  timeoutMs?: number;
  pollMs?: number;
  progress?: (line: string) => void;
}

/** Resolves with the last run's result once it is no longer `inProgress`; rejects after `timeoutMs`. */
export async function waitForIndexer(
  client: SearchIndexerClient,
  name: string,
  options: WaitOptions = {},
): Promise<WaitResult> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const pollMs = options.pollMs ?? 150;
  const started = performance.now();
  // Progress once a second, from the first second on: a run that ends sooner needs none.
  let lastPrinted = 0;
  for (;;) {
    const status = await client.getIndexerStatus(name);
    const last = status.lastResult;
    const elapsed = Math.round(performance.now() - started);
    if (last && last.status !== "inProgress") {
      return { status: last.status, itemsProcessed: last.itemCount, itemsFailed: last.failedItemCount, ms: elapsed };
    }
    const line = last
      ? `indexer ${name}: run in progress (${formatMs(elapsed)})`
      : `indexer ${name}: waiting for a run to start (${formatMs(elapsed)})`;
    if (elapsed - lastPrinted >= 1000) {
      options.progress?.(line);
      lastPrinted = elapsed;
    }
    if (elapsed > timeoutMs)
      throw new Error(
        `indexer ${name} did not finish within ${formatMs(timeoutMs)} (last status: ${last?.status ?? "no run"})`,
      );
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
