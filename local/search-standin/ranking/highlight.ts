// Hit highlighting (`highlight`, `highlightPreTag`, `highlightPostTag`; reference: agents-and-retrieval §5, DOC
// search-pagination-page-layout "Hit highlighting"): per requested searchable field, the fragments of the
// field's text that hold a query term, each term wrapped in the tags (default `<em>` and `</em>`), returned as
// `@search.highlights: { field: [fragment, …] }`; a field without a match is left out. Terms match as the ranking
// matches them (the standard analyzer, prefix terms by prefix). UNCONFIRMED against a live service and kept
// simple: a fragment is the sentence (or line) that holds the match, cut to about FRAGMENT_CHARS around it at
// word boundaries; fragments come in document order, at most MAX_FRAGMENTS per field.
import { analyze } from "./analyzer.js";
import type { ParsedQuery } from "./query.js";

export const DEFAULT_PRE_TAG = "<em>";
export const DEFAULT_POST_TAG = "</em>";
export const MAX_FRAGMENTS = 5;
export const FRAGMENT_CHARS = 200;

/** The field names of a `highlight` parameter (`a, b`); a `-<n>` suffix is read as that field. */
export function highlightFieldNames(highlight: string): string[] {
  return highlight
    .split(",")
    .map((f) => f.trim().replace(/-\d+$/, ""))
    .filter((f) => f !== "");
}

function termMatcher(query: ParsedQuery): (token: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const clause of query.clauses) {
    if (clause.occur === "mustNot") continue;
    for (const [i, term] of clause.terms.entries())
      if (clause.prefix && i === clause.terms.length - 1) prefixes.push(term);
      else exact.add(term);
  }
  return (token) => exact.has(token) || prefixes.some((p) => token.startsWith(p));
}

/** The words of a text with their positions (the same word pattern the analyzer applies to ASCII text). */
const WORD = /[\p{L}\p{N}_]+(?:[:.'][\p{L}\p{N}_]+)*/gu;

function fragmentOf(sentence: string, matches: (token: string) => boolean, pre: string, post: string): string | null {
  const words = [...sentence.matchAll(WORD)].filter((m) => analyze(m[0]).some(matches));
  if (words.length === 0) return null;
  // Around the first match: the sentence, cut at word boundaries when longer than FRAGMENT_CHARS.
  const first = words[0]!.index;
  let start = 0;
  let end = sentence.length;
  if (sentence.length > FRAGMENT_CHARS) {
    start = Math.max(0, first - FRAGMENT_CHARS / 4);
    end = Math.min(sentence.length, start + FRAGMENT_CHARS);
    while (start > 0 && /\S/.test(sentence[start - 1]!)) start--;
    while (end < sentence.length && /\S/.test(sentence[end]!)) end++;
  }
  let out = "";
  let at = start;
  for (const w of words) {
    if (w.index < start || w.index + w[0].length > end) continue;
    out += `${sentence.slice(at, w.index)}${pre}${w[0]}${post}`;
    at = w.index + w[0].length;
  }
  return (out + sentence.slice(at, end)).trim();
}

/** The highlights of one document, or undefined when no requested field holds a query term. */
export function highlightsOf(
  doc: Record<string, unknown>,
  fields: readonly string[],
  query: ParsedQuery,
  tags: { pre?: string; post?: string },
): Record<string, string[]> | undefined {
  if (query.matchAll) return undefined;
  const matches = termMatcher(query);
  const pre = tags.pre ?? DEFAULT_PRE_TAG;
  const post = tags.post ?? DEFAULT_POST_TAG;
  const out: Record<string, string[]> = {};
  for (const field of fields) {
    const value = doc[field];
    const texts =
      typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
    const fragments: string[] = [];
    for (const text of texts)
      for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
        if (fragments.length >= MAX_FRAGMENTS) break;
        const fragment = fragmentOf(sentence, matches, pre, post);
        if (fragment) fragments.push(fragment);
      }
    if (fragments.length > 0) out[field] = fragments;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
