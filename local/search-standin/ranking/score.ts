// Keyword ranking: BM25 per field (ranking/bm25.ts), multiplied by the scoring profile's text weight for that
// field (reference §4.2; spec C limits: docs-default weights title 5, description 4, tags 3, app 2, content 1),
// summed over the query's clauses and the searched fields. Term statistics (document count, document
// frequency, mean length) are per field and over the whole index, never only the documents a $filter keeps:
// a filter does not change scores on the service. Phrases score with the sum of their terms' idf and the
// phrase's frequency; prefix terms match with a constant score (Lucene rewrites them to a constant-score
// query), weighted like any other match. Scoring functions (freshness, magnitude, ...) are not emulated.
import { BM25_DEFAULTS, idf, tfNorm, type Bm25Parameters } from "./bm25.js";
import { corpusOf, fieldStats, type FieldIndex, type FieldStats } from "./postings.js";
import type { ParsedQuery, QueryClause } from "./query.js";

/** Occurrences of a clause in one field (phrase: consecutive terms; prefix: any term starting so). */
function occurrences(stats: FieldStats, clause: QueryClause): number {
  if (clause.terms.length === 1) {
    const term = clause.terms[0]!;
    if (!clause.prefix) return stats.tf.get(term) ?? 0;
    let n = 0;
    for (const [t, c] of stats.tf) if (t.startsWith(term)) n += c;
    return n;
  }
  const first = clause.terms[0]!;
  if (!stats.tf.has(first)) return 0;
  let n = 0;
  outer: for (let i = 0; i + clause.terms.length <= stats.tokens.length; i++) {
    for (let j = 0; j < clause.terms.length; j++) {
      const want = clause.terms[j]!;
      const got = stats.tokens[i + j]!;
      const last = j === clause.terms.length - 1;
      if (!(got === want || (last && clause.prefix && got.startsWith(want)))) continue outer;
    }
    n += 1;
  }
  return n;
}

export interface Scored<T> {
  item: T;
  score: number;
}

export interface RankOptions {
  /** The scoring profile's text weights (unlisted fields weigh 1). */
  weights?: Record<string, number>;
  /** The index's `similarity` (BM25 k1 and b); the service's defaults otherwise. */
  similarity?: Bm25Parameters;
  /** Which documents may be returned (the $filter); statistics still cover every document. */
  keep?: (doc: Record<string, unknown>) => boolean;
}

/** Where a clause occurs in one field: document positions and frequencies (from the inverted lists). */
function clauseOccurrences<T extends Record<string, unknown>>(
  clause: QueryClause,
  index: FieldIndex,
  documents: readonly T[],
  field: string,
): { docs: number[]; tfs: number[] } {
  if (clause.terms.length === 1 && !clause.prefix) return index.postings.get(clause.terms[0]!) ?? { docs: [], tfs: [] };
  if (clause.terms.length === 1) {
    const summed = new Map<number, number>();
    for (const [term, p] of index.postings)
      if (term.startsWith(clause.terms[0]!))
        for (let j = 0; j < p.docs.length; j++) summed.set(p.docs[j]!, (summed.get(p.docs[j]!) ?? 0) + p.tfs[j]!);
    const docs = [...summed.keys()];
    return { docs, tfs: docs.map((d) => summed.get(d)!) };
  }
  // A phrase: the documents holding its first term, checked position by position.
  const first = index.postings.get(clause.terms[0]!);
  const out = { docs: [] as number[], tfs: [] as number[] };
  for (const d of first?.docs ?? []) {
    const n = occurrences(fieldStats(documents[d]!, field), clause);
    if (n > 0) {
      out.docs.push(d);
      out.tfs.push(n);
    }
  }
  return out;
}

/**
 * Matches and scores documents. Match-all queries score 1 for every document, as the service does.
 * Term statistics and occurrences come from per-field inverted lists over all `documents` (postings.ts), so
 * a query costs its matches; only matching documents that pass `keep` are returned.
 */
export function rank<T extends Record<string, unknown>>(
  documents: T[],
  query: ParsedQuery,
  fields: string[],
  options: RankOptions = {},
): Scored<T>[] {
  const keep = options.keep ?? (() => true);
  if (query.matchAll) {
    const excluded = query.clauses.filter((c) => c.occur === "mustNot");
    return documents
      .filter((d) => keep(d) && !excluded.some((c) => fields.some((f) => occurrences(fieldStats(d, f), c) > 0)))
      .map((item) => ({ item, score: 1 }));
  }
  const weights = options.weights ?? {};
  const similarity = options.similarity ?? BM25_DEFAULTS;
  const corpus = corpusOf(documents);
  const clauses = query.clauses;
  const scores = new Float64Array(documents.length);
  const matched = clauses.map(() => new Uint8Array(documents.length));
  const touched: number[] = [];
  const seen = new Uint8Array(documents.length);

  for (const field of fields) {
    const index = corpus.field(field);
    if (index.documentCount === 0) continue;
    const averageLength = index.totalLength / index.documentCount;
    const weight = weights[field] ?? 1;
    for (const [ci, clause] of clauses.entries()) {
      const hits = clauseOccurrences(clause, index, documents, field);
      if (hits.docs.length === 0) continue;
      let clauseWeight = weight;
      if (!clause.prefix) {
        let idfSum = 0;
        for (const t of clause.terms) idfSum += idf(index.postings.get(t)?.docs.length ?? 0, index.documentCount);
        clauseWeight = weight * idfSum;
      }
      const positive = clause.occur !== "mustNot";
      for (let j = 0; j < hits.docs.length; j++) {
        const d = hits.docs[j]!;
        matched[ci]![d] = 1;
        if (!positive) continue;
        if (!seen[d]) {
          seen[d] = 1;
          touched.push(d);
        }
        scores[d]! += clause.prefix
          ? clauseWeight
          : clauseWeight * tfNorm(hits.tfs[j]!, index.norms[d]!, averageLength, similarity);
      }
    }
  }

  const hasShould = clauses.some((c) => c.occur === "should");
  const results: Scored<T>[] = [];
  for (const d of touched) {
    let ok = true;
    let anyShould = false;
    for (const [ci, clause] of clauses.entries()) {
      const m = matched[ci]![d] === 1;
      if ((clause.occur === "must" && !m) || (clause.occur === "mustNot" && m)) ok = false;
      if (clause.occur === "should" && m) anyShould = true;
    }
    if (ok && (anyShould || !hasShould) && keep(documents[d]!))
      results.push({ item: documents[d]!, score: scores[d]! });
  }
  return results;
}

/** `search.ismatch`: whether the document matches the query in the given (or all searchable) fields. */
export function matches(doc: Record<string, unknown>, query: ParsedQuery, fields: string[]): boolean {
  if (query.matchAll) return rank([doc], query, fields).length > 0;
  const hit = (c: QueryClause) => fields.some((f) => occurrences(fieldStats(doc, f), c) > 0);
  const must = query.clauses.filter((c) => c.occur === "must");
  const should = query.clauses.filter((c) => c.occur === "should");
  if (query.clauses.some((c) => c.occur === "mustNot" && hit(c))) return false;
  if (!must.every(hit)) return false;
  return should.length === 0 ? must.length > 0 : should.some(hit);
}
