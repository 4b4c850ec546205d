// Keyword ranking: BM25 per field (ranking/bm25.ts), multiplied by the scoring profile's text weight for that
// field (reference §4.2; spec C limits: docs-default weights title 5, description 4, tags 3, app 2, content 1),
// summed over the query's clauses and the searched fields. Term statistics (document count, document
// frequency, mean length) are per field and over the whole index, never only the documents a $filter keeps:
// a filter does not change scores on the service. Phrases score with the sum of their terms' idf and the
// phrase's frequency; prefix terms match with a constant score (Lucene rewrites them to a constant-score
// query), weighted like any other match. Scoring functions (freshness, magnitude, ...) are not emulated.
import { analyze } from "./analyzer.js";
import { BM25_DEFAULTS, idf, storedLength, tfNorm, type Bm25Parameters } from "./bm25.js";
import type { ParsedQuery, QueryClause } from "./query.js";

interface FieldStats {
  tokens: string[];
  tf: Map<string, number>;
}

// Documents are replaced, never mutated, on write; so a WeakMap keyed by the stored object is a safe cache.
const cache = new WeakMap<Record<string, unknown>, Map<string, FieldStats>>();

function fieldStats(doc: Record<string, unknown>, field: string): FieldStats {
  let perDoc = cache.get(doc);
  if (!perDoc) {
    perDoc = new Map();
    cache.set(doc, perDoc);
  }
  let stats = perDoc.get(field);
  if (!stats) {
    const value = doc[field];
    const text = Array.isArray(value) ? value.join(" ") : typeof value === "string" ? value : "";
    const tokens = analyze(text);
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    stats = { tokens, tf };
    perDoc.set(field, stats);
  }
  return stats;
}

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

/** Per field over the whole index: documents with a value, their total length, and df per query term. */
interface FieldCorpus {
  documentCount: number;
  totalLength: number;
  docFreq: Map<string, number>;
}

/**
 * Matches and scores documents. Match-all queries score 1 for every document, as the service does.
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
  const terms = new Set(query.clauses.filter((c) => c.occur !== "mustNot" && !c.prefix).flatMap((c) => c.terms));
  const corpus: FieldCorpus[] = fields.map(() => ({ documentCount: 0, totalLength: 0, docFreq: new Map() }));
  const candidates: { item: T; hits: number[][] }[] = [];
  const scratch = query.clauses.map(() => new Array<number>(fields.length).fill(0));

  for (const doc of documents) {
    let any = false;
    for (let fi = 0; fi < fields.length; fi++) {
      const stats = fieldStats(doc, fields[fi]!);
      const c = corpus[fi]!;
      if (stats.tokens.length > 0) {
        c.documentCount += 1;
        c.totalLength += stats.tokens.length;
        for (const t of terms) if (stats.tf.has(t)) c.docFreq.set(t, (c.docFreq.get(t) ?? 0) + 1);
      }
      for (let ci = 0; ci < query.clauses.length; ci++) {
        const n = occurrences(stats, query.clauses[ci]!);
        scratch[ci]![fi] = n;
        if (n > 0) any = true;
      }
    }
    if (!any || !keep(doc)) continue;
    // Only documents with a hit are copied out of the scratch buffer (most of a large index has none).
    const hits = scratch.map((perField) => perField.slice());
    const matched = hits.map((perField) => perField.some((x) => x > 0));
    const ok = query.clauses.every((c, ci) =>
      c.occur === "must" ? matched[ci] : c.occur === "mustNot" ? !matched[ci] : true,
    );
    const anyShould = query.clauses.some((c, ci) => c.occur === "should" && matched[ci]);
    const hasPositive = query.clauses.some((c) => c.occur !== "mustNot");
    const onlyMust = query.clauses.every((c) => c.occur !== "should");
    if (ok && hasPositive && (anyShould || onlyMust)) candidates.push({ item: doc, hits });
  }

  return candidates.map(({ item, hits }) => {
    let score = 0;
    for (const [ci, clause] of query.clauses.entries()) {
      if (clause.occur === "mustNot") continue;
      for (const [fi, field] of fields.entries()) {
        const tf = hits[ci]![fi]!;
        if (tf === 0) continue;
        score += (weights[field] ?? 1) * clauseScore(clause, tf, fieldStats(item, field), corpus[fi]!, similarity);
      }
    }
    return { item, score };
  });
}

/** One clause's BM25 in one field of one document (`tf` > 0). */
function clauseScore(
  clause: QueryClause,
  tf: number,
  stats: FieldStats,
  corpus: FieldCorpus,
  similarity: Bm25Parameters,
): number {
  if (clause.prefix) return 1;
  let weight = 0;
  for (const t of clause.terms) weight += idf(corpus.docFreq.get(t) ?? 0, corpus.documentCount);
  const averageLength = corpus.totalLength / corpus.documentCount;
  return weight * tfNorm(tf, storedLength(stats.tokens.length), averageLength, similarity);
}

/** `search.ismatch`: whether the document matches the query in the given (or all searchable) fields. */
export function matches(doc: Record<string, unknown>, query: ParsedQuery, fields: string[]): boolean {
  return rank([doc], query, fields).length > 0;
}
