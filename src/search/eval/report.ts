// The evaluation report: every golden query's ranked public URLs and figures, the means, and what makes the
// run reproducible (spec backfill rule 6: the concrete index and its eTag identify the schema, the indexer's
// last successful run the corpus; the golden file's hash the questions). Pure: the shell runs the queries.
import { gradesOf, type GoldenQuery, type QueryMode } from "./golden.js";
import { meanMetrics, queryMetrics, NDCG_DEPTH, type Gain, type QueryMetrics } from "./metrics.js";

/** recall@k's default cut-off: the number of results an agent's search_docs gets by default. */
export const DEFAULT_K = 5;
export const DEFAULT_GAIN: Gain = "exponential";
/** Mean nDCG@10 may drop this much against a baseline before the comparison fails. */
export const DEFAULT_NDCG_TOLERANCE = 0.05;
/** Queries run at once. */
export const DEFAULT_CONCURRENCY = 4;

/** Results fetched per query: enough for recall@k and nDCG@10. */
export function depthFor(k: number): number {
  return Math.max(k, NDCG_DEPTH);
}

export interface EvalProvenance {
  index: { name: string; generation: string | null; etag: string | null };
  lastSuccessfulRun: string | null;
  /** Why a provenance part could not be read (a query-only identity), one sentence each. */
  unknown: string[];
  golden: { path: string; sha256: string };
  dedupFilter: string;
  at: string;
}

export interface QueryRun {
  query: GoldenQuery;
  /** The mode actually answered (a semantic query falls back to keyword where the service has no ranker). */
  answeredAs: QueryMode;
  /** In rank order; `url` null for a document without a usable path. */
  results: { url: string | null; score: number }[];
  notes: string[];
}

interface EvalQueryReport extends QueryMetrics {
  id: string;
  query: string;
  mode: QueryMode;
  answered_as: QueryMode;
  app: string | null;
  exclude_sections: string[];
  /** Public URLs in rank order (null: a document without a usable path). */
  urls: (string | null)[];
  scores: number[];
  relevant: { url: string; grade: number }[];
  /** Grade-2 pages not among the first k results. */
  missing_answers: string[];
  /** Results in the first k that are another result's page in a second format (a Markdown twin): a dedup leak. */
  duplicate_pages: string[];
  /** The golden file's reviewed reason why losing this query's answer is accepted; null when it has none. */
  accepted_loss: string | null;
  notes: string[];
}

export interface EvalReport {
  index: EvalProvenance["index"];
  lastSuccessfulRun: string | null;
  provenance_unknown: string[];
  golden: EvalProvenance["golden"] & { queries: number };
  k: number;
  depth: number;
  gain: Gain;
  dedup_filter: string;
  evaluated_at: string;
  queries: EvalQueryReport[];
  overall: QueryMetrics;
}

/**
 * Results that are the same page as another result in a second format: `…/refunds.md` beside `…/refunds`
 * (public URLs drop only `.html`, so a Markdown twin keeps its extension). The dedup filter should keep these
 * out; one in the results means documents with a null `format` or a wrong filter let it through.
 */
export function duplicatePages(urls: readonly (string | null)[]): string[] {
  const present = new Set(urls.filter((u): u is string => u !== null));
  return [...present].filter((u) => {
    const m = /^(.*\/[^/]+)\.[A-Za-z0-9]+$/.exec(u);
    return m !== null && present.has(m[1]!);
  });
}

function queryReport(run: QueryRun, k: number, gain: Gain): EvalQueryReport {
  const grades = gradesOf(run.query);
  // A result without a public URL cannot match a graded page; it still takes its rank.
  const ranked = run.results.map((r, i) => ({ url: r.url ?? `(no url #${i + 1})`, score: r.score }));
  const topK = new Set(run.results.slice(0, k).map((r) => r.url));
  return {
    id: run.query.id,
    query: run.query.query,
    mode: run.query.mode,
    answered_as: run.answeredAs,
    app: run.query.app ?? null,
    exclude_sections: run.query.excludeSections,
    urls: run.results.map((r) => r.url),
    scores: run.results.map((r) => r.score),
    relevant: run.query.relevant.map((p) => ({ url: p.url, grade: p.grade })),
    missing_answers: run.query.relevant.filter((p) => p.grade === 2 && !topK.has(p.url)).map((p) => p.url),
    duplicate_pages: duplicatePages(run.results.map((r) => r.url)).filter((u) => topK.has(u)),
    accepted_loss: run.query.acceptedLoss ?? null,
    notes: run.notes,
    ...queryMetrics(ranked, grades, k, gain),
  };
}

export function buildEvalReport(
  runs: readonly QueryRun[],
  provenance: EvalProvenance,
  options: { k: number; gain: Gain },
): EvalReport {
  const queries = runs.map((r) => queryReport(r, options.k, options.gain));
  return {
    index: provenance.index,
    lastSuccessfulRun: provenance.lastSuccessfulRun,
    provenance_unknown: provenance.unknown,
    golden: { ...provenance.golden, queries: runs.length },
    k: options.k,
    depth: depthFor(options.k),
    gain: options.gain,
    dedup_filter: provenance.dedupFilter,
    evaluated_at: provenance.at,
    queries,
    overall: meanMetrics(queries),
  };
}
