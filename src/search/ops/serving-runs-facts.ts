// What the ops read of the serving generation's runs: the shape the blue/green rule (bluegreen/serving-runs.ts,
// which tells the runs apart) answers with, and the two questions status, coverage, snapshot and the provenance
// ask of it. Here, not in bluegreen/, so the operations never import the blue/green scheme (bluegreen imports
// ops, one direction). Pure.
import type { RunRecord } from "./indexer-status.js";

export interface RunsElsewhere {
  index: string;
  /** Why these runs do not count: `failed verification`, `being built`. */
  why: string;
  /** Newest first. */
  runs: RunRecord[];
}

export type ServingRuns =
  | {
      /** `assumed`: a newer generation records no window; `caveat` says which runs may have gone into it. */
      basis: "known" | "assumed";
      /** The generation (or concrete index) consumers are served by. */
      serving: string;
      /** Completed runs into it, newest first. */
      runs: RunRecord[];
      elsewhere: RunsElsewhere[];
      caveat?: string;
    }
  | { basis: "unknown"; serving: string | null; reason: string; elsewhere: RunsElsewhere[] };

/**
 * The newest successful run into `index`: the serving generation's runs, or those told apart as another
 * generation's (being built, failed verification). `reason` when its runs cannot be told; `end` null when it has
 * no successful run in the status history.
 */
export function lastSuccessInto(s: ServingRuns, index: string): { end: string | null } | { reason: string } {
  if (s.basis === "unknown") return { reason: `the last successful run into the serving generation: ${s.reason}` };
  const runs = index === s.serving ? s.runs : s.elsewhere.find((e) => e.index === index)?.runs;
  if (runs === undefined)
    return {
      reason: `${index} is not the serving generation (${s.serving}) and records no crawl window: which runs went into it cannot be told`,
    };
  return { end: runs.find((r) => r.status === "success")?.endTime ?? null };
}

/** End of the newest successful run into the serving generation; null when none (or unknown). */
export function lastServingSuccessEnd(s: ServingRuns): string | null {
  return s.basis !== "unknown" ? (s.runs.find((r) => r.status === "success")?.endTime ?? null) : null;
}
