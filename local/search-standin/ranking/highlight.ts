// Hit highlighting (`highlight`, `highlightPreTag`, `highlightPostTag`; reference: agents-and-retrieval §5, DOC
// search-pagination-page-layout "Hit highlighting"): per requested searchable field, the fragments of the
// field's text that hold a query term, each term wrapped in the tags (default `<em>` and `</em>`), returned as
// `@search.highlights: { field: [fragment, …] }`; a field without a match is left out. Terms match as the ranking
// matches them (matched-spans.ts: the field's index analyzer gives the offsets, its search analyzer the query's
// terms, prefix terms by prefix; `retries` marks `maxRetries` in a word_delimiter field). UNCONFIRMED against a live
// service and kept
// simple: a fragment is the sentence (or line) that holds the match, cut to about FRAGMENT_CHARS around it at
// word boundaries; fragments come in document order, at most MAX_FRAGMENTS per field.
import { STANDARD_ANALYSIS, type FieldAnalysis } from "./analyzers.js";
import { matchedSpans, type Span } from "./matched-spans.js";
import type { ParsedQuery } from "./query.js";

const DEFAULT_PRE_TAG = "<em>";
const DEFAULT_POST_TAG = "</em>";
const MAX_FRAGMENTS = 5;
const FRAGMENT_CHARS = 200;

/** The field names of a `highlight` parameter (`a, b`); a `-<n>` suffix is read as that field. */
export function highlightFieldNames(highlight: string): string[] {
  return highlight
    .split(",")
    .map((f) => f.trim().replace(/-\d+$/, ""))
    .filter((f) => f !== "");
}

/** A sentence with its matched spans wrapped in the tags, cut around the first match; null without a match. */
function fragmentOf(sentence: string, spans: readonly Span[], pre: string, post: string): string | null {
  if (spans.length === 0) return null;
  // Around the first match: the sentence, cut at word boundaries when longer than FRAGMENT_CHARS.
  const first = spans[0]!.start;
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
  for (const s of spans) {
    if (s.start < start || s.end > end) continue;
    out += `${sentence.slice(at, s.start)}${pre}${sentence.slice(s.start, s.end)}${post}`;
    at = s.end;
  }
  return (out + sentence.slice(at, end)).trim();
}

/** The highlights of one document, or undefined when no requested field holds a query term. */
export function highlightsOf(
  doc: Record<string, unknown>,
  fields: readonly string[],
  query: ParsedQuery,
  tags: { pre?: string; post?: string },
  analysis: FieldAnalysis = STANDARD_ANALYSIS,
): Record<string, string[]> | undefined {
  if (query.matchAll) return undefined;
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
        const fragment = fragmentOf(sentence, matchedSpans(sentence, field, query, analysis), pre, post);
        if (fragment) fragments.push(fragment);
      }
    if (fragments.length > 0) out[field] = fragments;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
