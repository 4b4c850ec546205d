// Keyword ranking: BM25 per field (ranking/bm25.ts), multiplied by the scoring profile's text weight for that
// field (reference §4.2; spec C limits: docs-default weights title 5, description 4, tags 3, app 2, content 1),
// summed over the query's clauses and the searched fields. Each field is indexed with its index analyzer and
// each clause analysed with the field's search analyzer (ranking/analyzers.ts). Term statistics (document
// count, document frequency, mean length) are per field and over the whole index, never only the documents a
// $filter keeps: a filter does not change scores on the service. A clause the analyzer splits into several
// positions (`foo-bar`) is a boolean query of its parts (any part with searchMode any, every part with all);
// terms sharing a position (a preserved original and its first part) score as one synonym term (Lucene's
// SynonymQuery: summed frequency, the largest document frequency). Phrases score with the sum of their terms'
// idf and the phrase's frequency; prefix terms match with a constant score (Lucene rewrites them to a
// constant-score query), weighted like any other match. Scoring functions (freshness, magnitude, ...) are not
// emulated.
import { STANDARD_ANALYSIS, type FieldAnalysis } from "./analyzers.js";
import { BM25_DEFAULTS, idf, tfNorm, type Bm25Parameters } from "./bm25.js";
import { corpusOf, fieldStats, type FieldIndex, type FieldStats } from "./postings.js";
import { analyseClause, type AnalysedClause, type ParsedQuery, type QueryClause } from "./query.js";

type Group = AnalysedClause["groups"][number];

function termMatches(stats: FieldStats, term: string, prefix: boolean): number[] {
  if (!prefix) return stats.positions.get(term) ?? [];
  const out: number[] = [];
  for (const [t, at] of stats.positions) if (t.startsWith(term)) out.push(...at);
  return out;
}

/** Occurrences of a phrase (its groups at their offsets; the last group a prefix when `prefix`) in one field. */
function phraseOccurrences(stats: FieldStats, groups: Group[], prefix: boolean): number {
  const at = (g: Group, last: boolean) => new Set(g.terms.flatMap((t) => termMatches(stats, t, prefix && last)));
  const sets = groups.map((g, i) => at(g, i === groups.length - 1));
  let n = 0;
  for (const start of sets[0]!) if (groups.every((g, i) => sets[i]!.has(start + g.offset - groups[0]!.offset))) n++;
  return n;
}

/** Occurrences of one group (terms sharing a position) in one field. */
function groupOccurrences(stats: FieldStats, group: Group, prefix: boolean): number {
  let n = 0;
  for (const t of group.terms) {
    if (!prefix) n += stats.tf.get(t) ?? 0;
    else for (const [term, c] of stats.tf) if (term.startsWith(t)) n += c;
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
  /** Each field's index and search analyzers (the index definition's); standard.lucene otherwise. */
  analysis?: FieldAnalysis;
}

/** Documents holding one group in a field, with the group's summed frequency (from the inverted lists). */
function groupPostings(group: Group, prefix: boolean, index: FieldIndex): { docs: number[]; tfs: number[] } {
  if (!prefix && group.terms.length === 1) return index.postings.get(group.terms[0]!) ?? { docs: [], tfs: [] };
  const summed = new Map<number, number>();
  for (const term of group.terms) {
    const lists = prefix ? [...index.postings].filter(([t]) => t.startsWith(term)).map(([, p]) => p) : [];
    if (!prefix) {
      const p = index.postings.get(term);
      if (p) lists.push(p);
    }
    for (const p of lists)
      for (let j = 0; j < p.docs.length; j++) summed.set(p.docs[j]!, (summed.get(p.docs[j]!) ?? 0) + p.tfs[j]!);
  }
  const docs = [...summed.keys()];
  return { docs, tfs: docs.map((d) => summed.get(d)!) };
}

const groupIdf = (group: Group, index: FieldIndex) =>
  idf(Math.max(0, ...group.terms.map((t) => index.postings.get(t)?.docs.length ?? 0)), index.documentCount);

interface FieldContext<T> {
  index: FieldIndex;
  documents: readonly T[];
  field: string;
  analysis: FieldAnalysis;
  weight: number;
  similarity: Bm25Parameters;
}

/** The documents one clause matches in one field, with the clause's score there. */
function scoreClause<T extends Record<string, unknown>>(
  clause: QueryClause,
  analysed: AnalysedClause,
  searchMode: "any" | "all",
  ctx: FieldContext<T>,
): Map<number, number> | { docs: number[]; scores: number[] } {
  const { index, weight } = ctx;
  const averageLength = index.totalLength / index.documentCount;
  const bm25 = (tf: number, d: number): number => tfNorm(tf, index.norms[d]!, averageLength, ctx.similarity);
  const out = new Map<number, number>();
  const groups = analysed.groups;
  if (groups.length === 0) return out;
  if (clause.quoted && groups.length > 1) {
    const idfSum = groups.reduce((s, g) => s + groupIdf(g, index), 0);
    for (const d of groupPostings(groups[0]!, false, index).docs) {
      const n = phraseOccurrences(
        fieldStats(ctx.documents[d]!, ctx.field, ctx.analysis.index(ctx.field)),
        groups,
        false,
      );
      if (n > 0) out.set(d, weight * idfSum * bm25(n, d));
    }
    return out;
  }
  if (groups.length === 1) {
    // One term (or one position's synonyms): straight from the inverted list, the common case.
    const { docs, tfs } = groupPostings(groups[0]!, analysed.prefix, index);
    const groupWeight = analysed.prefix ? weight : weight * groupIdf(groups[0]!, index);
    return { docs, scores: docs.map((d, j) => (analysed.prefix ? groupWeight : groupWeight * bm25(tfs[j]!, d))) };
  }
  const hitsPerDoc = new Map<number, number>();
  for (const group of groups) {
    const { docs, tfs } = groupPostings(group, analysed.prefix, index);
    const groupWeight = analysed.prefix ? weight : weight * groupIdf(group, index);
    for (let j = 0; j < docs.length; j++) {
      const d = docs[j]!;
      out.set(d, (out.get(d) ?? 0) + (analysed.prefix ? groupWeight : groupWeight * bm25(tfs[j]!, d)));
      hitsPerDoc.set(d, (hitsPerDoc.get(d) ?? 0) + 1);
    }
  }
  if (searchMode === "all") for (const [d, hits] of hitsPerDoc) if (hits < groups.length) out.delete(d);
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
  const analysis = options.analysis ?? STANDARD_ANALYSIS;
  if (query.matchAll) {
    const excluded = query.clauses.filter((c) => c.occur === "mustNot");
    return documents
      .filter((d) => keep(d) && !excluded.some((c) => fields.some((f) => clauseHits(d, c, f, query, analysis))))
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
    const index = corpus.field(field, analysis.index(field));
    if (index.documentCount === 0) continue;
    const ctx = { index, documents, field, analysis, weight: weights[field] ?? 1, similarity };
    for (const [ci, clause] of clauses.entries()) {
      const hits = scoreClause(clause, analyseClause(clause, analysis.search(field)), query.searchMode, ctx);
      const positive = clause.occur !== "mustNot";
      const [docs, clauseScores] =
        hits instanceof Map ? [[...hits.keys()], [...hits.values()]] : [hits.docs, hits.scores];
      for (let j = 0; j < docs.length; j++) {
        const d = docs[j]!;
        const score = clauseScores[j]!;
        matched[ci]![d] = 1;
        if (!positive) continue;
        if (!seen[d]) {
          seen[d] = 1;
          touched.push(d);
        }
        scores[d]! += score;
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

/** Whether one clause matches one document's field (searchMode decides for a clause split into parts). */
function clauseHits(
  doc: Record<string, unknown>,
  clause: QueryClause,
  field: string,
  query: ParsedQuery,
  analysis: FieldAnalysis,
): boolean {
  const analysed = analyseClause(clause, analysis.search(field));
  if (analysed.groups.length === 0) return false;
  const stats = fieldStats(doc, field, analysis.index(field));
  if (clause.quoted && analysed.groups.length > 1) return phraseOccurrences(stats, analysed.groups, false) > 0;
  const found = analysed.groups.map((g) => groupOccurrences(stats, g, analysed.prefix) > 0);
  return query.searchMode === "all" ? found.every(Boolean) : found.some(Boolean);
}

/** `search.ismatch`: whether the document matches the query in the given (or all searchable) fields. */
export function matches(
  doc: Record<string, unknown>,
  query: ParsedQuery,
  fields: string[],
  analysis: FieldAnalysis = STANDARD_ANALYSIS,
): boolean {
  if (query.matchAll) return rank([doc], query, fields, { analysis }).length > 0;
  const hit = (c: QueryClause) => fields.some((f) => clauseHits(doc, c, f, query, analysis));
  const must = query.clauses.filter((c) => c.occur === "must");
  const should = query.clauses.filter((c) => c.occur === "should");
  if (query.clauses.some((c) => c.occur === "mustNot" && hit(c))) return false;
  if (!must.every(hit)) return false;
  return should.length === 0 ? must.length > 0 : should.some(hit);
}
