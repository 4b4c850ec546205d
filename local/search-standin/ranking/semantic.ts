// Semantic reranking, approximated (reference §9, §4.3). The service's L2 model reranks only the first 50
// keyword (L1) results, reads the semantic configuration's prioritized fields (title, content fields, keyword
// fields), ignores the scoring profile's text weights (they only choose the 50 candidates; a profile without
// functions gives no boost after reranking) and scores 0-4 (`@search.rerankerScore`). The stand-in has no
// language model: it reranks those 50 by BM25 over the prioritized fields, every field weighing 1, and scales
// the scores so the best candidate gets 4. So the structure holds (candidate window, fields, weights ignored,
// score range); the judgement of meaning does not: synonyms and paraphrases still need a shared term.
import type { FieldAnalysis } from "./analyzers.js";
import type { Bm25Parameters } from "./bm25.js";
import type { ParsedQuery } from "./query.js";
import { rank } from "./score.js";

/** How many L1 results the reranker sees (reference §9). */
const RERANK_WINDOW = 50;
const MAX_RERANKER_SCORE = 4;

export interface Reranked<T> {
  item: T;
  score: number;
  rerankerScore: number | null;
}

/**
 * `ranked` in L1 order; returns the first {@link RERANK_WINDOW} reordered by reranker score (ties keep the L1
 * order), then the rest unchanged with no reranker score.
 */
export function rerank<T extends Record<string, unknown>>(
  documents: T[],
  ranked: readonly { item: T; score: number }[],
  query: ParsedQuery,
  prioritizedFields: string[],
  similarity?: Bm25Parameters,
  analysis?: FieldAnalysis,
): Reranked<T>[] {
  const window = ranked.slice(0, RERANK_WINDOW);
  const candidates = new Set<Record<string, unknown>>(window.map((r) => r.item));
  const semantic = new Map(
    rank(documents, query, prioritizedFields, { similarity, analysis, keep: (d) => candidates.has(d) }).map((s) => [
      s.item,
      s.score,
    ]),
  );
  const best = Math.max(0, ...semantic.values());
  const scored = window.map((r, i) => ({
    ...r,
    rerankerScore: best > 0 ? (MAX_RERANKER_SCORE * (semantic.get(r.item) ?? 0)) / best : 0,
    i,
  }));
  scored.sort((a, b) => b.rerankerScore - a.rerankerScore || a.i - b.i);
  return [
    ...scored.map(({ item, score, rerankerScore }) => ({ item, score, rerankerScore })),
    ...ranked.slice(RERANK_WINDOW).map((r) => ({ ...r, rerankerScore: null })),
  ];
}
