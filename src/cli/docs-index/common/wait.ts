// Waiting for an indexer run from the CLI: the core loop (src/search/ops/run-wait.ts) with real status reads,
// a Ctrl-C that ends only the wait, progress on stderr, and the command's deadline extended by the wait's
// --timeout. Used by `deploy --wait`, `status --wait` and `backfill` (their options: ../arguments/wait.ts).
import type { CliContext } from "../../context.js";
import { CliError } from "../../exit-codes.js";
import type { IndexerStatusRecord } from "../../../search/ops/indexer-status.js";
import { fetchIndexerStatus } from "../../../search/io/search-io.js";
import { waitForRun, type WaitOptions } from "../../../search/ops/run-wait.js";
import { progressLine } from "../../../search/views/progress-text.js";

/** Resolves when Ctrl-C is pressed (the listener is removed by `dispose`). */
function interruption(): { promise: Promise<"interrupted">; dispose: () => void } {
  let handler: () => void = () => {};
  const promise = new Promise<"interrupted">((resolve) => {
    handler = () => resolve("interrupted");
    process.once("SIGINT", handler);
  });
  return { promise, dispose: () => process.removeListener("SIGINT", handler) };
}

/** Waits `ms` unless interrupted first. The timer stays ref'd: it keeps the process alive between polls. */
async function sleepOrInterrupt(ms: number, interrupted: Promise<"interrupted">): Promise<"tick" | "interrupted"> {
  let timer: NodeJS.Timeout | undefined;
  const tick = new Promise<"tick">((resolve) => (timer = setTimeout(() => resolve("tick"), ms)));
  try {
    return await Promise.race([tick, interrupted]);
  } finally {
    clearTimeout(timer);
  }
}

export interface CliWaitOptions {
  mode: WaitOptions["mode"];
  timeoutSeconds: number;
  pollSeconds: number;
}

/**
 * Waits for the run to end and returns the final status; exit 5 on timeout, 130 on Ctrl-C (the run goes on).
 * Ctrl-C ends the wait at once, also while a status read is in flight (a slow or silent service would otherwise
 * hold the first Ctrl-C until the request timed out).
 */
export async function waitForIndexerRun(ctx: CliContext, opts: CliWaitOptions): Promise<IndexerStatusRecord> {
  const { indexerClient } = await ctx.search();
  const indexer = ctx.config.search.indexer_name;
  ctx.extendDeadline((opts.timeoutSeconds + 60) * 1000);
  ctx.out.note(`waiting for the run of ${indexer} (Ctrl-C stops waiting, not the run)`);
  const stop = interruption();
  try {
    const waiting = waitForRun(
      {
        readStatus: () => fetchIndexerStatus(indexerClient, indexer),
        sleep: (ms) => sleepOrInterrupt(ms, stop.promise),
        now: () => Date.now(),
      },
      {
        mode: opts.mode,
        timeoutMs: opts.timeoutSeconds * 1000,
        pollMs: opts.pollSeconds * 1000,
        onProgress: (event) => ctx.out.progress(progressLine(event)),
      },
    );
    waiting.catch(() => {}); // a read that fails after Ctrl-C won the race is not an unhandled rejection
    const result = await Promise.race([waiting, stop.promise.then(() => ({ outcome: "interrupted" as const }))]);
    if (result.outcome === "timeout")
      throw new CliError(
        `timed out after ${opts.timeoutSeconds}s; the run continues on the service`,
        "timeout",
        "Follow it with `npx docs-index status --wait`.",
      );
    if (result.outcome === "interrupted")
      throw new CliError(
        "stopped waiting (Ctrl-C); the indexer run was NOT stopped and continues on the service",
        "interrupted",
        "Follow it with `npx docs-index status --wait`.",
      );
    return result.status;
  } finally {
    stop.dispose();
  }
}
