// Keyword ranking: BM25 per field, multiplied by the scoring profile's text weight for that field
// (reference §4.2; spec C limits: docs-default weights title 5, description 4, tags 3, app 2, content 1),
// summed over fields. Exact scores differ from the service; the order a user relies on (a title hit
// outranks a content-only hit) holds. Scoring functions (freshness, magnitude, ...) are not emulated.
import { analyze, type ParsedQuery, type QueryClause } from "./query.js";

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

/**
 * Matches and scores documents. `weights` are the scoring profile's text weights (unlisted fields weigh 1).
 * Match-all queries score 1 for every document, as the service does.
 */
export function rank<T extends Record<string, unknown>>(
  documents: T[],
  query: ParsedQuery,
  fields: string[],
  weights: Record<string, number> = {},
): Scored<T>[] {
  if (query.matchAll) {
    const excluded = query.clauses.filter((c) => c.occur === "mustNot");
    return documents
      .filter((d) => !excluded.some((c) => fields.some((f) => occurrences(fieldStats(d, f), c) > 0)))
      .map((item) => ({ item, score: 1 }));
  }
  const k1 = 1.2;
  const b = 0.75;
  const n = documents.length;
  const totalLength = new Map<string, number>(fields.map((f) => [f, 0]));
  const candidates: { item: T; hits: number[][] }[] = [];
  const docFreq = new Array<number>(query.clauses.length).fill(0);

  const lengths = new Array<number>(fields.length).fill(0);
  const scratch = query.clauses.map(() => new Array<number>(fields.length).fill(0));
  for (const doc of documents) {
    let any = false;
    for (let fi = 0; fi < fields.length; fi++) {
      const stats = fieldStats(doc, fields[fi]!);
      lengths[fi]! += stats.tokens.length;
      for (let ci = 0; ci < query.clauses.length; ci++) {
        const n = occurrences(stats, query.clauses[ci]!);
        scratch[ci]![fi] = n;
        if (n > 0) any = true;
      }
    }
    if (!any) continue;
    // Only documents with a hit are copied out of the scratch buffer (most of a large index has none).
    const hits = scratch.map((perField) => perField.slice());
    const matched = hits.map((perField) => perField.some((x) => x > 0));
    matched.forEach((m, ci) => m && (docFreq[ci]! += 1));
    const ok = query.clauses.every((c, ci) =>
      c.occur === "must" ? matched[ci] : c.occur === "mustNot" ? !matched[ci] : true,
    );
    const anyShould = query.clauses.some((c, ci) => c.occur === "should" && matched[ci]);
    const hasPositive = query.clauses.some((c) => c.occur !== "mustNot");
    const onlyMust = query.clauses.every((c) => c.occur !== "should");
    if (ok && hasPositive && (anyShould || onlyMust)) candidates.push({ item: doc, hits });
  }

  fields.forEach((f, fi) => totalLength.set(f, lengths[fi]!));
  return candidates.map(({ item, hits }) => {
    let score = 0;
    for (const [ci, clause] of query.clauses.entries()) {
      if (clause.occur === "mustNot") continue;
      const df = docFreq[ci]!;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (const [fi, field] of fields.entries()) {
        const tf = hits[ci]![fi]!;
        if (tf === 0) continue;
        const avg = totalLength.get(field)! / Math.max(1, n) || 1;
        const len = fieldStats(item, field).tokens.length;
        const bm25 = (idf * (tf * (k1 + 1))) / (tf + k1 * (1 - b + (b * len) / avg));
        score += (weights[field] ?? 1) * bm25;
      }
    }
    return { item, score };
  });
}

/** `search.ismatch`: whether the document matches the query in the given (or all searchable) fields. */
export function matches(doc: Record<string, unknown>, query: ParsedQuery, fields: string[]): boolean {
  return rank([doc], query, fields).length > 0;
}
