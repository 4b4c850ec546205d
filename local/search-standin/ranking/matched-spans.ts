// Where a query matches in a field's text, as character spans: the field's index analyzer gives each token its
// offsets, and a token matches when its term is a term (or, for `term*`, starts with a prefix) of a clause as
// the field's search analyzer analyses it. What hit highlighting wraps in its tags, so highlights agree with
// the ranking under any analyzer ("request timeout" marks `requestTimeout` in `requestTimeoutMs` when the field
// is indexed with word_delimiter; the identifier itself marks it whole). Overlapping or touching spans merge
// (UNCONFIRMED: how the service's highlighter joins adjacent parts). Pure.
import type { FieldAnalysis } from "./analyzers.js";
import { analyseClause, type ParsedQuery } from "./query.js";

export interface Span {
  start: number;
  end: number;
}

export function matchedSpans(text: string, field: string, query: ParsedQuery, analysis: FieldAnalysis): Span[] {
  if (query.matchAll) return [];
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const clause of query.clauses) {
    if (clause.occur === "mustNot") continue;
    const analysed = analyseClause(clause, analysis.search(field));
    for (const group of analysed.groups)
      for (const term of group.terms) {
        if (analysed.prefix) prefixes.push(term);
        else exact.add(term);
      }
  }
  const spans = analysis
    .index(field)
    .analyze(text)
    .filter((t) => exact.has(t.term) || prefixes.some((p) => t.term.startsWith(p)))
    .map((t) => ({ start: t.start, end: t.end }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}
