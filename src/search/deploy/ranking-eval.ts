// The eval around an in-place write that re-ranks (src/search/plan/ranking-changes.ts): the golden queries
// against the live index before the write and after it, compared as `eval --baseline` compares. It informs and
// never blocks: the write was reviewed and confirmed (docs/relevance.md). Pure: the shell runs the queries.
import { compareReports, type Comparison } from "../eval/compare.js";
import type { EvalReport } from "../eval/report.js";
import type { QueryMetrics } from "../eval/metrics.js";

/** What the deploy needs to evaluate: the golden queries' file, or why there is no eval. */
export interface RankingEvalPort {
  /** Why it does not run (--no-eval, no golden file); undefined: it runs. */
  skipped?: string;
  /** The golden file as the report names it. */
  golden: string;
  /** Allowed drop of the mean nDCG@10, as the blue/green gate's. */
  tolerance: number;
  /** The golden queries against the index as it serves now (the configured name: the alias, or the index). */
  /**
   * `fields`: the index's top-level fields at that moment (from the deploy's one read before the write, from the
   * definitions written after it), so the eval selects and filters only on what the index has.
   */
  evaluate(indexName: string, when: "before" | "after", fields: ReadonlySet<string>): Promise<EvalReport>;
}

/** One side's figures. */
export interface EvalSummary {
  index: EvalReport["index"];
  evaluated_at: string;
  k: number;
  queries: number;
  overall: QueryMetrics;
}

/** What was evaluated around the write, by the in-place changes that re-rank (their plan paths). */
export type RankingEvalOutcome = { changes: string[] } & (
  | { status: "would-run"; golden: string }
  /** `failed`: the eval was attempted and failed (the write went ahead unchecked); absent: skipped by choice. */
  | { status: "not-evaluated"; reason: string; failed?: true }
  | {
      status: "evaluated";
      golden: string;
      before: EvalSummary;
      after: EvalSummary;
      comparison: Comparison;
      /** The after-eval dropped beyond the tolerance or lost an answer: the change is live all the same. */
      regressed: boolean;
    }
);

function summaryOf(r: EvalReport): EvalSummary {
  return { index: r.index, evaluated_at: r.evaluated_at, k: r.k, queries: r.queries.length, overall: r.overall };
}

export function evaluatedAroundWrite(
  changes: string[],
  golden: string,
  before: EvalReport,
  after: EvalReport,
  tolerance: number,
): RankingEvalOutcome {
  const comparison = compareReports(after, before, tolerance);
  return {
    changes,
    status: "evaluated",
    golden,
    before: summaryOf(before),
    after: summaryOf(after),
    comparison,
    regressed: comparison.regressions.length > 0,
  };
}
