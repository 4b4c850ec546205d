// A consumer during a rebuild or the migration: one query to the configured name every `everyMs` (100 ms in
// `npm run local`), counting failures and empty results, and when the failures happened (the migration's gap as
// consumers see it). Queries do not overlap: the next starts `everyMs` after the previous one ended.
import type { SearchClient } from "@azure/search-documents";

export interface QueryLoopCounts {
  queries: number;
  failed: number;
  empty: number;
  /** First to last failed query (ms), 0 when none failed. */
  failureWindowMs: number;
  slowestMs: number;
  /** Up to three error messages. */
  errors: string[];
}

export interface QueryLoop {
  readonly counts: QueryLoopCounts;
  stop(): Promise<QueryLoopCounts>;
}

export function startQueryLoop(client: SearchClient<Record<string, unknown>>, everyMs = 100, text = "*"): QueryLoop {
  const counts: QueryLoopCounts = { queries: 0, failed: 0, empty: 0, failureWindowMs: 0, slowestMs: 0, errors: [] };
  let running = true;
  let wake: (() => void) | undefined;
  let firstFailure: number | undefined;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      counts.queries += 1;
      try {
        const result = await client.search(text, { top: 1, includeTotalCount: true });
        if (!result.count) counts.empty += 1;
      } catch (err) {
        counts.failed += 1;
        firstFailure ??= started;
        counts.failureWindowMs = Math.round(performance.now() - firstFailure);
        if (counts.errors.length < 3) counts.errors.push((err as Error).message.split("\n")[0] ?? String(err));
      }
      counts.slowestMs = Math.max(counts.slowestMs, Math.round(performance.now() - started));
      if (!running) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, everyMs);
      });
    }
  })();
  return {
    counts,
    stop: async () => {
      running = false;
      wake?.();
      await done;
      return counts;
    },
  };
}

export function formatQueryLoop(c: QueryLoopCounts, everyMs = 100): string {
  return (
    `query loop (one query every ${everyMs} ms): ${c.queries} queries, ${c.failed} failed, ${c.empty} empty results` +
    (c.failed ? `; failures within ${c.failureWindowMs} ms (${c.errors.join(" | ")})` : "") +
    `; slowest ${c.slowestMs} ms`
  );
}
