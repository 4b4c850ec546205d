// The tools' answers fitted to a token budget, measured as a host gives them to the model: the larger of the
// answer's two forms, its text blocks and its structuredContent JSON (hosts pass the model one form, not both:
// docs/mcp.md, "A token budget"). search_docs and retrieve_docs are filled hit by hit with each hit's passage in
// the longest form that fits, get_doc cut at the last block boundary that fits, with the section outline. Every
// answer that was cut says so. Pure.
import type { PageHeading } from "./page-blocks.js";
import type { PassageForm } from "./passages.js";
import {
  blockCutPoints,
  innerCutPoints,
  nextOffset,
  outlineOf,
  snapToBoundary,
  type OutlineEntry,
  type PageSource,
  type PageText,
  type TextRange,
} from "./page-text.js";
import { estimateTokens, fillToBudget, largestIndex } from "./token-budget.js";
import { SearchDocsRefusal } from "../refusal.js";

/** A text block of a tool result as sent (what the MCP renderers produce; only its text is counted). */
export interface SentText {
  text: string;
}

/** Defaults and bounds of `max_tokens` (each form of a tool result, by {@link resultTokens}). */
export const TOKEN_BUDGETS = {
  /** A default search_docs or retrieve_docs answer: well under the 10,000-token warning of agent hosts. */
  searchDefault: 2000,
  /** A default get_doc answer. */
  pageDefault: 5000,
  /**
   * The smallest budget taken: the top hit with its URL and a trimmed passage fits in it (a hit's metadata of
   * ordinary length, the provenance's short form). A smaller `max_tokens` is refused with this number.
   */
  min: 200,
  /** The largest budget taken: under the 25,000-token cut of agent hosts. */
  max: 20_000,
} as const;

/**
 * The budget asked, at most the largest; undefined takes the default. A budget below the smallest is refused: an
 * answer in it could not show one hit with its URL and passage.
 */
export function budgetOf(asked: number | undefined, fallback: number): number {
  if (asked !== undefined && asked < TOKEN_BUDGETS.min)
    throw new SearchDocsRefusal(
      "max_tokens",
      `${asked} is below the smallest budget that answers (${TOKEN_BUDGETS.min} tokens: the top hit with its URL and a trimmed passage)`,
      `ask with max_tokens ${TOKEN_BUDGETS.min} or more`,
    );
  return Math.min(TOKEN_BUDGETS.max, asked ?? fallback);
}

/** The note of an answer that left hits out for the budget. */
function budgetNote(budget: number, shown: number, total: number): string {
  return `max_tokens ${budget}: ${shown} of ${total} results shown (raise it for more)`;
}

/** True for the note of an answer that left hits out for the budget. */
export function isBudgetNote(note: string): boolean {
  return /^max_tokens \d+: \d+ of \d+ results shown/.test(note);
}

/**
 * The tokens of a tool result as a host gives it to the model: the larger of its two forms, every text block or the
 * structuredContent JSON. The forms carry the same answer and a host passes one of them (a host that passes both
 * reads up to twice the budget: docs/mcp.md, "A token budget"); the CLI prints one of them too (text or `--json`).
 */
export function resultTokens(content: readonly SentText[], structured: unknown): number {
  const text = content.reduce((n, b) => n + estimateTokens(b.text), 0);
  return Math.max(text, estimateTokens(JSON.stringify(structured)));
}

/** What a hit gains from its page: the passage, its section's anchor, and where the text came from. */
export interface HitPassage {
  snippet: string;
  snippet_truncated: boolean;
  /** The `id` of the passage's section heading on the page (append as `#anchor` to the url for get_doc). */
  anchor: string | null;
  source: PageSource;
}

/**
 * The forms a hit may take, smallest first (a page without text: its hit with an empty passage, then with what the
 * service gave). The passage comes before the page's description: a hit carries its description (where it has
 * one) only in its largest form, with the longest passage; the smaller forms carry `description: null`. Each form's
 * anchor is its passage's section (a shorter passage may come from another section than the longest).
 */
export function hitForms<H extends { snippet: string; snippet_truncated: boolean; description?: string | null }>(
  hit: H,
  passages: readonly PassageForm[],
  source: PageSource,
): (H & HitPassage)[] {
  const lean = "description" in hit && hit.description !== null ? { ...hit, description: null } : hit;
  const longest = passages.at(-1);
  // A page without text keeps what the service gave (its highlights, or the knowledge base's passage).
  if (!longest)
    return [
      { ...lean, snippet: "", snippet_truncated: true, anchor: null, source: "index" },
      { ...hit, anchor: null, source: "index" },
    ];
  const form = (base: H, p: PassageForm) => ({
    ...base,
    snippet: p.text,
    snippet_truncated: p.truncated,
    anchor: p.heading?.anchor ?? null,
    source,
  });
  // The smallest form names the page without a passage: under a tight budget a hit is still worth its URL.
  const bare = { ...lean, snippet: "", snippet_truncated: true, anchor: longest.heading?.anchor ?? null, source };
  const forms = [bare, ...passages.map((p) => form(lean, p))];
  return lean === hit ? forms : [...forms, form(hit, longest)];
}

/**
 * An answer with hits fitted to `budget`: `assemble(results, notes)` builds it, `render` gives its text blocks.
 * Hits that did not fit are left out with a note saying how many and what to do.
 */
export function fitHits<H, A extends { notes: string[] }>(
  forms: readonly (readonly H[])[],
  assemble: (results: H[], notes: string[]) => A,
  render: (answer: A) => readonly SentText[],
  budget: number,
  notes: readonly string[],
): A {
  const build = (chosen: readonly H[]) =>
    assemble(
      [...chosen],
      chosen.length < forms.length ? [...notes, budgetNote(budget, chosen.length, forms.length)] : [...notes],
    );
  const fit = fillToBudget(forms, build, (a) => resultTokens(render(a), a), budget, true);
  return fit.answer;
}

export interface PageView {
  source: PageSource;
  /** The section asked for (anchor or heading), or null for the page from `offset`. */
  section: PageHeading | null;
  text: string;
  offset: number;
  next_offset: number | null;
  total_chars: number;
  outline: OutlineEntry[];
  /** True when the outline lists only the higher-level headings (it did not fit whole). */
  outline_cut: boolean;
}

/** Outlines from whole to empty: all headings, then levels 1-3, 1-2, 1, none. */
function outlineForms(outline: OutlineEntry[]): OutlineEntry[][] {
  return [outline, ...[3, 2, 1].map((l) => outline.filter((h) => h.level <= l)), []];
}

/**
 * One view of a page within `budget`: from `offset` (snapped to a boundary) in `range` (a section or the whole
 * page) to the last block boundary at a line end that fits, else the last block boundary that fits, or, when not
 * even the first block fits, its last line, sentence or word end that does. The outline takes at most a quarter of
 * the budget.
 */
export function fitPageView<A>(
  page: PageText,
  ask: { range: TextRange; section: PageHeading | null; offset: number; maxChars: number },
  assemble: (view: PageView) => A,
  measure: (answer: A) => number,
  budget: number,
): A {
  const start = Math.min(ask.range.end, Math.max(ask.range.start, snapToBoundary(page, ask.offset)));
  const whole = outlineOf(page);
  const view = (end: number, outline: OutlineEntry[]): PageView => ({
    source: page.source,
    section: ask.section && { level: ask.section.level, text: ask.section.text, anchor: ask.section.anchor },
    text: page.text.slice(start, end),
    offset: start,
    next_offset: nextOffset(page, end, ask.range),
    total_chars: page.text.length,
    outline,
    outline_cut: outline.length < whole.length,
  });
  const forms = outlineForms(whole);
  const outline = forms.find((o) => measure(assemble(view(start, o))) <= budget / 4) ?? [];
  const fits = (end: number) => end - start <= ask.maxChars && measure(assemble(view(end, outline))) <= budget;
  const limit = { start, end: ask.range.end };
  // A view ends after content, not on a heading (its content would come in the next call): at the last block end
  // that fits, else inside the first content block (line or sentence end), else after a heading, else nothing.
  const allEnds = blockCutPoints(page, limit);
  const headingEnds = new Set(page.blocks.flatMap((b, i) => (b.heading ? [page.starts[i]! + b.markdown.length] : [])));
  const contentEnds = allEnds.filter((e) => !headingEnds.has(e));
  const largest = (points: readonly number[]) => {
    const i = largestIndex(points.length, (j) => fits(points[j]!));
    return i === undefined ? undefined : points[i];
  };
  // A block larger than MAX_BLOCK_CHARS is stored in pieces, some ending inside a line (at a sentence end): a view
  // ends at a line end when one fits, so such a line is cut only when it does not fit a view whole.
  const lineEnds = contentEnds.filter((e) => e >= ask.range.end || page.text[e] === "\n");
  const firstContent = contentEnds[0] ?? ask.range.end;
  const firstBlock = page.blocks[page.starts.findLastIndex((s) => s < firstContent)];
  const end =
    largest(lineEnds) ??
    largest(contentEnds) ??
    largest(innerCutPoints(page.text, start, firstContent, firstBlock?.kind !== "code")) ??
    largest(allEnds) ??
    start;
  return assemble(view(end, outline));
}
