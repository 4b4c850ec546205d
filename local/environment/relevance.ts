// The relevance step of `npm run local`: `docs-index eval` with the repository's golden queries against the
// alias, its figures kept for the summary (the overall means and the rule-6 provenance).

export interface EvalFigures {
  index: string;
  generation: string | null;
  etag: string | null;
  lastSuccessfulRun: string | null;
  queries: number;
  k: number;
  recall: number;
  mrr: number;
  ndcg10: number;
  /** Queries whose answer (grade 2) is not in the first k results. */
  missingAnswers: string[];
}

export interface EvalJson {
  index: { name: string; generation: string | null; etag: string | null };
  lastSuccessfulRun: string | null;
  k: number;
  queries: { id: string; missing_answers: string[] }[];
  overall: { recall: number; mrr: number; ndcg10: number };
}

export function evalFigures(report: EvalJson): EvalFigures {
  return {
    index: report.index.name,
    generation: report.index.generation,
    etag: report.index.etag,
    lastSuccessfulRun: report.lastSuccessfulRun,
    queries: report.queries.length,
    k: report.k,
    ...report.overall,
    missingAnswers: report.queries.filter((q) => q.missing_answers.length > 0).map((q) => q.id),
  };
}

export function evalSummary(f: EvalFigures): string {
  return `nDCG@10 ${f.ndcg10.toFixed(3)}, recall@${f.k} ${f.recall.toFixed(3)}, MRR ${f.mrr.toFixed(3)} over ${f.queries} golden queries (${f.generation ?? f.index}, eTag ${f.etag ?? "unknown"}, last run ${f.lastSuccessfulRun ?? "unknown"})`;
}
