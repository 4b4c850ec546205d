// The passage of a page that answers a query: the page's main content split into sections at its headings, the
// runs of each section's blocks that fit the bound scored by BM25 against the query's terms (and the terms the
// search service highlighted, which carry its own analysis: stems, case), the best run with its section's heading.
// The passage is offered in lengths that end on block boundaries (or, inside its first block, at line, sentence or
// word ends), shortest first, for the token budget to choose from. Pure.
import { stemmer as porter } from "stemmer";
import type { PageHeading } from "./page-blocks.js";
import { innerCutPoints, type PageText } from "./page-text.js";

/** Words a question carries that do not tell sections apart. */
const STOP_WORDS = new Set(
  // Lucene's English stop set (EnglishAnalyzer.ENGLISH_STOP_WORDS_SET; the index drops Snowball's larger list)…
  (
    "a an and are as at be but by for if in into is it no not of on or such that the their then there these they this " +
    "to was will with " +
    // …and the words a question is phrased with.
    "can do does from how i my what when where which who why you your"
  ).split(" "),
);

/**
 * The stem a term is matched by, both sides alike: Porter's algorithm (the `stemmer` package, as the index's English
 * analysis runs it) for plain words (refunds/refunding/refunded → refund), a plural or -ing/-ed ending off for terms
 * with digits or underscores.
 */
function stem(word: string): string {
  return /^[a-z]+$/.test(word) ? porter(word) : word.replace(/(?:ing|ed|es|s)$/, "") || word;
}

/** Lower-cased words of a text, camelCase and snake_case also split into their parts. */
function termsOf(text: string): string[] {
  const words = text.match(/[\p{L}\p{N}_.]+/gu) ?? [];
  const out: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/^\.+|\.+$/g, "");
    if (word === "") continue;
    out.push(word.toLowerCase());
    const parts = word.split(/[_.]|(?<=[a-z0-9])(?=[A-Z])/).filter((p) => p !== "");
    if (parts.length > 1) out.push(...parts.map((p) => p.toLowerCase()));
  }
  return out;
}

/** The terms a query is matched with: its words (no stop words) and the words the service highlighted. */
export function queryTerms(query: string, highlighted: readonly string[] = []): string[] {
  const terms = [...termsOf(query), ...highlighted.flatMap(termsOf)].filter((t) => !STOP_WORDS.has(t));
  return [...new Set(terms.map(stem))];
}

/** The words between highlight tags in the service's highlights (`**refunds**` → `refunds`). */
export function highlightedWords(highlights: string, pre: string, post: string): string[] {
  const out: string[] = [];
  let at = highlights.indexOf(pre);
  while (at >= 0) {
    const end = highlights.indexOf(post, at + pre.length);
    if (end < 0) break;
    out.push(highlights.slice(at + pre.length, end));
    at = highlights.indexOf(pre, end + post.length);
  }
  return out;
}

interface Section {
  /** Block index of its heading, or -1 for the content before the first heading. */
  heading: number;
  /** Block indexes of its content (heading excluded). */
  body: number[];
}

/**
 * The sections of a page: a heading and the blocks up to the next heading. A heading directly followed by another
 * (a page title over its first section) takes the next section's blocks as its body, so no passage is a bare
 * heading.
 */
function sectionsOf(page: PageText): Section[] {
  const sections: Section[] = [{ heading: -1, body: [] }];
  page.blocks.forEach((b, i) => {
    if (b.heading) sections.push({ heading: i, body: [] });
    else sections.at(-1)!.body.push(i);
  });
  for (let i = sections.length - 2; i >= 0; i--)
    if (sections[i]!.heading >= 0 && sections[i]!.body.length === 0) {
      const next = sections[i + 1]!;
      sections[i]!.body = [next.heading, ...next.body];
    }
  return sections.filter((s) => s.heading >= 0 || s.body.length > 0);
}

function stemmedTerms(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of termsOf(text)) counts.set(stem(t), (counts.get(stem(t)) ?? 0) + 1);
  return counts;
}

interface BlockTerms {
  counts: Map<string, number>;
  /** Its length in terms (BM25's document length). */
  length: number;
}

/** Each block's stemmed term counts, computed once per page (pages are kept between calls by the server). */
const blockTermsMemo = new WeakMap<PageText, BlockTerms[]>();
function blockTerms(page: PageText): BlockTerms[] {
  let memo = blockTermsMemo.get(page);
  if (!memo) {
    memo = page.blocks.map((b) => {
      const counts = stemmedTerms(b.markdown);
      return { counts, length: [...counts.values()].reduce((a, n) => a + n, 0) };
    });
    blockTermsMemo.set(page, memo);
  }
  return memo;
}

/** BM25's parameters (the service's defaults, and the plain baseline's). */
const K1 = 1.2;
const B = 0.75;
/** A heading's terms count this many times: a section is about what its heading names. */
const HEADING_WEIGHT = 2;

/** A candidate passage: a section's heading and a run of its blocks from `from` (an index into its body). */
interface Window {
  section: Section;
  from: number;
  /** Block indexes of the run (within the bound). */
  blocks: number[];
}

/**
 * Every run of a section's blocks that starts at its top or at a block holding a query term, within `maxChars`. A
 * run that an earlier run of its section holds whole (the same last block) is left out: it could only win by being
 * shorter, and it would drop the lines before the match (a section's lead often states the answer: a default,
 * when it changed) for nothing.
 */
function windowsOf(page: PageText, sections: readonly Section[], terms: readonly string[], maxChars: number): Window[] {
  const perBlock = blockTerms(page);
  const out: Window[] = [];
  for (const section of sections) {
    const head = section.heading >= 0 ? page.blocks[section.heading]!.markdown.length : 0;
    section.body.forEach((_, from) => {
      if (from > 0 && !terms.some((t) => perBlock[section.body[from]!]!.counts.has(t))) return;
      const blocks: number[] = [];
      let chars = head;
      for (const i of section.body.slice(from)) {
        chars += page.blocks[i]!.markdown.length + 2;
        if (blocks.length > 0 && chars > maxChars) break;
        blocks.push(i);
      }
      const previous = out.at(-1);
      if (from > 0 && previous?.section === section && previous.blocks.at(-1) === blocks.at(-1)) return;
      out.push({ section, from, blocks });
    });
    if (section.body.length === 0) out.push({ section, from: 0, blocks: [] });
  }
  return out;
}

/**
 * Each window's score: BM25 (k1 1.2, b 0.75) of the query's terms over the window's blocks and its section's
 * heading (weighted), with the inverse document frequencies taken over the page's sections (a term that every
 * section carries tells none apart); lengths against the windows' mean.
 */
function scoreWindows(
  page: PageText,
  sections: readonly Section[],
  windows: readonly Window[],
  terms: readonly string[],
): number[] {
  const perBlock = blockTerms(page);
  const headingOf = (s: Section) => (s.heading >= 0 ? perBlock[s.heading]! : { counts: new Map(), length: 0 });
  const df = new Map(
    terms.map((t) => [
      t,
      sections.filter((s) => headingOf(s).counts.has(t) || s.body.some((i) => perBlock[i]!.counts.has(t))).length,
    ]),
  );
  const idf = (t: string) => Math.log(1 + (sections.length - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
  const stats = windows.map((w) => {
    const heading = headingOf(w.section);
    const tf = new Map(
      terms.map((t) => [
        t,
        w.blocks.reduce((n, i) => n + (perBlock[i]!.counts.get(t) ?? 0), 0) +
          HEADING_WEIGHT * (heading.counts.get(t) ?? 0),
      ]),
    );
    const length = w.blocks.reduce((n, i) => n + perBlock[i]!.length, 0) + HEADING_WEIGHT * heading.length;
    return { tf, length };
  });
  const mean = stats.reduce((n, s) => n + s.length, 0) / Math.max(1, stats.length) || 1;
  return stats.map(({ tf, length }) => {
    return terms.reduce((sum, t) => {
      const f = tf.get(t)!;
      return f === 0 ? sum : sum + (idf(t) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * length) / mean));
    }, 0);
  });
}

/**
 * A passage is not offered shorter than this (a cut inside a first block): fewer hits with substance beat many without.
 */
export const MIN_PASSAGE_CHARS = 60;

export interface Passage {
  /** The heading of the section the passage comes from (null: the content before the first heading). */
  heading: PageHeading | null;
  /** The passage in lengths that end on boundaries, shortest first; the last is the longest offered. */
  lengths: string[];
  /** True when even the longest leaves part of the section out (its start or its end). */
  cut: boolean;
}

/**
 * A section shorter than the bound reads on into the blocks after it, whole blocks while they fit: a short
 * page's lead ("# requestTimeoutMs" and one sentence) is followed by its "Default" section rather than sent
 * alone. Adds the longer lengths to `lengths`, none ending on a heading.
 */
function readOn(page: PageText, section: Section, text: string, maxChars: number, lengths: string[]): void {
  const last = Math.max(section.heading, ...section.body);
  for (let i = last + 1; i < page.blocks.length; i++) {
    const block = page.blocks[i]!;
    const next = text === "" ? block.markdown : `${text}${block.join}${block.markdown}`;
    if (next.length > maxChars) return;
    text = next;
    // A length does not end on a heading: its content would not come with it.
    if (!block.heading) lengths.push(text);
  }
}

/** The best-matching passage, at most `maxChars` long in every offered length; null for a page without text. */
export function bestPassage(page: PageText, terms: readonly string[], maxChars: number): Passage | null {
  const sections = sectionsOf(page);
  if (sections.length === 0) return null;
  const windows = windowsOf(page, sections, terms, maxChars);
  const scores = scoreWindows(page, sections, windows, terms);
  const chosen = windows[scores.reduce((b, s, i) => (s > scores[b]! ? i : b), 0)]!;
  const best = chosen.section;
  const matchAt = chosen.from;
  const body = best.body.slice(matchAt);
  const head = best.heading >= 0 ? page.blocks[best.heading]!.markdown : "";
  const skipped = matchAt > 0 ? "…" : "";
  const lengths: string[] = [];
  let cut = matchAt > 0;
  let text = [head, skipped].filter((s) => s !== "").join("\n\n");
  for (const [n, i] of body.entries()) {
    const block = page.blocks[i]!;
    const base = text === "" ? "" : `${text}${block.join}`;
    if (n === 0) {
      // Shorter starts of the first block (line or sentence ends), for budgets smaller than the block.
      // A code block cut at a line end is closed with its fence, so the Markdown stays a code block.
      const fence = block.kind === "code" ? /^(`{3,}|~{3,})/.exec(block.markdown)?.[1] : undefined;
      const tail = fence === undefined ? " …" : `\n${fence}`;
      const room = Math.min(block.markdown.length, maxChars - base.length - tail.length);
      for (const cut of innerCutPoints(block.markdown, 0, block.markdown.length, block.kind !== "code"))
        if (cut <= room && cut < block.markdown.length - 1 && base.length + cut >= MIN_PASSAGE_CHARS)
          lengths.push(`${base}${block.markdown.slice(0, cut).trimEnd()}${tail}`);
    }
    const next = `${base}${block.markdown}`;
    if (next.length > maxChars) {
      cut = true;
      break;
    }
    text = next;
    if (!block.heading) lengths.push(text);
  }
  if (!cut) readOn(page, best, text, maxChars, lengths);
  if (lengths.length === 0 && head !== "") lengths.push(head);
  return { heading: best.heading >= 0 ? page.blocks[best.heading]!.heading! : null, lengths, cut };
}

/** One length a hit's passage may take, with the section it comes from. */
export interface PassageForm {
  text: string;
  heading: PageHeading | null;
  /** True when the text leaves part of its run or section out. */
  truncated: boolean;
}

/**
 * The bounds a passage is chosen within, as fractions of the largest: a budget that leaves a hit 400 characters
 * gets the best 400-character run of the page, not the first 400 characters of the best 1,600-character run (whose
 * match may lie past the cut).
 */
const PASSAGE_BOUNDS = [0.25, 0.5, 0.75, 1] as const;

/**
 * The lengths a hit's passage is offered in, shortest first: for each bound, the best passage within it in the
 * lengths that end on boundaries, each length taken from the smallest bound it fits. Empty for a page without text.
 */
export function passageForms(page: PageText, terms: readonly string[], maxChars: number): PassageForm[] {
  const forms: PassageForm[] = [];
  let below = 0;
  for (const fraction of PASSAGE_BOUNDS) {
    const bound = Math.round(maxChars * fraction);
    const passage = bestPassage(page, terms, bound);
    if (!passage) return [];
    const whole = passage.lengths.at(-1);
    for (const text of passage.lengths)
      if (text.length > below && text.length <= bound)
        forms.push({ text, heading: passage.heading, truncated: text !== whole || passage.cut });
    below = Math.max(below, bound);
  }
  if (forms.length === 0) {
    // Nothing within the bounds (a heading longer than the largest): the passage as bestPassage offers it.
    const passage = bestPassage(page, terms, maxChars);
    return (passage?.lengths ?? []).map((text) => ({ text, heading: passage!.heading, truncated: true }));
  }
  return forms.sort((a, b) => a.text.length - b.text.length);
}
