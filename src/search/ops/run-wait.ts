// Waiting for an indexer run to end, behind a small port (read status, sleep, clock) so the rule is tested
// without a service: `deploy --wait`, `status --wait` and `backfill` all wait with this one loop. Pure logic.
import { runInProgress, type IndexerStatusRecord } from "./indexer-status.js";

export interface RunWaitPort {
  readStatus(): Promise<IndexerStatusRecord>;
  /** Sleeps `ms`; resolves "interrupted" when the user pressed Ctrl-C. */
  sleep(ms: number): Promise<"tick" | "interrupted">;
  now(): number;
}

/** Identifies a run by status and start time, so a new run can be told from the one before it. */
export function runIdentity(status: IndexerStatusRecord): string | null {
  const r = status.lastResult;
  return r ? `${r.status}@${r.startTime ?? ""}` : null;
}

export interface WaitOptions {
  /**
   * "ours-after": wait for a run newer than `before` (the identity read before we started one) to end;
   * "current": wait until no run is in progress.
   */
  mode: { kind: "ours-after"; before: string | null } | { kind: "current" };
  timeoutMs: number;
  pollMs: number;
  onProgress?: (event: RunWaitProgress) => void;
}

/** Each poll while waiting (views/progress-text.ts words it): how long so far, and our run once it has started. */
export interface RunWaitProgress {
  event: "waiting-for-run";
  waitedMs: number;
  run: { status: string; itemsProcessed: number; itemsFailed: number } | null;
}

export type WaitOutcome =
  | { outcome: "finished"; status: IndexerStatusRecord; waitedMs: number }
  | { outcome: "timeout"; status: IndexerStatusRecord; waitedMs: number }
  | { outcome: "interrupted"; status: IndexerStatusRecord; waitedMs: number };

export async function waitForRun(port: RunWaitPort, options: WaitOptions): Promise<WaitOutcome> {
  const started = port.now();
  for (;;) {
    const status = await port.readStatus();
    const last = status.lastResult;
    const waitedMs = port.now() - started;
    const ours =
      options.mode.kind === "current"
        ? true
        : last !== null && runIdentity(status) !== options.mode.before && last.status !== "reset";
    const active = runInProgress(status) !== null;
    if (ours && !active) return { outcome: "finished", status, waitedMs };
    options.onProgress?.({
      event: "waiting-for-run",
      waitedMs,
      run:
        ours && last
          ? { status: last.status, itemsProcessed: last.itemsProcessed, itemsFailed: last.itemsFailed }
          : null,
    });
    if (waitedMs >= options.timeoutMs) return { outcome: "timeout", status, waitedMs };
    if ((await port.sleep(options.pollMs)) === "interrupted") return { outcome: "interrupted", status, waitedMs };
  }
}
