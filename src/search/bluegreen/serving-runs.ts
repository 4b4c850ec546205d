// Which of the indexer's runs went into the serving generation. The execution history does not name a run's
// target index, so the rule reads it from what the service shows: where the indexer points, the generations
// beside the serving one, the newest reset (every build starts its crawl with one) and the window a failed
// rebuild recorded on its kept candidate (the only time docs-index itself leaves a generation existing unserved
// after writing into it). When the runs cannot be told apart the answer is `unknown` with the reason; when a newer
// generation records nothing (a rollback by hand, a rebuild by an older docs-index) the runs are `assumed` to be
// the serving generation's, and the caveat says why they may not all be. Pure.
import { completedRuns, type IndexerStatusRecord, type RunRecord } from "../ops/indexer-status.js";
import type { RunsElsewhere, ServingRuns } from "../ops/serving-runs-facts.js";
import { generationOf, generationsIn } from "./generations.js";
import type { Phase } from "./progress-state.js";

/** What a failed rebuild records on the candidate it keeps: when docs-indexer wrote into it. */
export interface CrawlWindow {
  index: string;
  /** The crawl's reset (service time): runs starting from here went into `index`... */
  from: string;
  /** ...until the indexer was pointed back at the serving generation (the rebuild's clock). */
  until: string;
}

const RECORD =
  /^docs-index blue\/green: failed verification; docs-indexer wrote into this generation from (\S+) until (\S+)\.$/;

/** The index `description` a failed rebuild sets on the candidate it keeps (read back by `crawlWindowOf`). */
export function crawlWindowDescription(from: string, until: string): string {
  return `docs-index blue/green: failed verification; docs-indexer wrote into this generation from ${from} until ${until}.`;
}

export function crawlWindowOf(index: string, description: unknown): CrawlWindow | undefined {
  const m = typeof description === "string" ? RECORD.exec(description) : null;
  return m ? { index, from: m[1]!, until: m[2]! } : undefined;
}

export interface ServingRunsInput {
  /** The configured name (docs-index). */
  name: string;
  phase: Phase;
  /** Every index on the service (the generations beside the serving one). */
  indexNames: readonly string[];
  status: IndexerStatusRecord;
  /** Windows recorded on generations other than the serving one (read from their descriptions). */
  windows: readonly CrawlWindow[];
}

const startOf = (r: RunRecord) => r.startTime ?? "";

/** Start time of the newest `reset` entry, or undefined when the history shows none. */
function newestReset(status: IndexerStatusRecord): string | undefined {
  return status.history.find((r) => r.status === "reset")?.startTime ?? undefined;
}

function split(runs: RunRecord[], into: (r: RunRecord) => boolean): [RunRecord[], RunRecord[]] {
  return [runs.filter(into), runs.filter((r) => !into(r))];
}

/** Generations newer than `serving` (of a concrete index: every generation), which a build may have written into. */
function newerGenerations(name: string, serving: string, indexNames: readonly string[]): string[] {
  const servingGeneration = generationOf(name, serving) ?? 0;
  return generationsIn(name, indexNames)
    .filter((g) => g.generation > servingGeneration)
    .map((g) => g.name);
}

export function servingRuns(input: ServingRunsInput): ServingRuns {
  const { name, phase, status } = input;
  let runs = completedRuns(status);
  const elsewhere: RunsElsewhere[] = [];
  const reset = newestReset(status);
  switch (phase.phase) {
    case "missing":
      return { basis: "unknown", serving: null, reason: `${name} is neither an alias nor an index`, elsewhere };
    case "inconsistent":
      return {
        basis: "unknown",
        serving: phase.live ?? null,
        reason: `docs-indexer targets ${phase.indexerTarget ?? "nothing"}, not the serving ${phase.live ?? "?"}: its runs are not the serving generation's`,
        elsewhere,
      };
    case "building": {
      // Every build resets after pointing the indexer at its candidate: the runs since the newest reset fill it.
      const serving = phase.live ?? name;
      if (phase.crawl !== "not-reset" && reset !== undefined) {
        const [into, rest] = split(runs, (r) => startOf(r) >= reset);
        if (into.length) elsewhere.push({ index: phase.candidate, why: "being built", runs: into });
        runs = rest;
      }
      return { basis: "known", serving, runs, elsewhere };
    }
    case "alias-missing":
      return { basis: "known", serving: phase.generation, runs, elsewhere };
    case "concrete":
    case "idle": {
      const serving = phase.phase === "idle" ? phase.live : name;
      for (const w of input.windows) {
        if (w.index === serving) continue;
        const [into, rest] = split(runs, (r) => startOf(r) >= w.from && startOf(r) < w.until);
        if (into.length) elsewhere.push({ index: w.index, why: "failed verification", runs: into });
        runs = rest;
      }
      // A newer generation nobody records: a rollback by hand (the documented one) or a rebuild by an older
      // docs-index. The runs since the newest reset may have gone into it until the indexer was pointed back, and
      // nothing says when; the indexer writes into the serving generation now, so its runs are assumed to.
      const unrecorded = newerGenerations(name, serving, input.indexNames).filter(
        (g) => !input.windows.some((w) => w.index === g),
      );
      const sinceReset = reset === undefined ? [] : runs.filter((r) => startOf(r) >= reset);
      if (unrecorded.length && sinceReset.length)
        return {
          basis: "assumed",
          serving,
          runs,
          elsewhere,
          caveat:
            `${unrecorded.join(", ")} (newer than the serving ${serving}) records no crawl window (a rollback by hand?): ` +
            `runs since docs-indexer's reset at ${reset} are counted as ${serving}'s, though those before the indexer was pointed back went into ${unrecorded.at(-1)}`,
        };
      return { basis: "known", serving, runs, elsewhere };
    }
  }
}
