// The passage of a page that answers a query: the page's main content split into sections at its headings,
// each scored against the query's terms (and the terms the search service highlighted, which carry its own
// analysis: stems, case), the best section's heading and its blocks from the first that matches. The passage is
// offered in lengths that end on block boundaries (or, for one block larger than the bound, at line or sentence
// ends), shortest first, for the token budget to choose from. Pure.
import type { PageHeading } from "./page-blocks.js";
import { innerCutPoints, type PageText } from "./page-text.js";

/** Words a question carries that do not tell sections apart. */
const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from how i in is it my of on or the this to what when where which who why with you your".split(
    " ",
  ),
);

/** A crude stem for matching only (refunds/refunding/refunded → refund); both sides get the same. */
function stem(word: string): string {
  return word.replace(/(?:ing|ed|es|s)$/, "") || word;
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

/** Each block's stemmed term counts, computed once per page (pages are kept between calls by the server). */
const blockTermsMemo = new WeakMap<PageText, Map<string, number>[]>();
function blockTerms(page: PageText): Map<string, number>[] {
  let memo = blockTermsMemo.get(page);
  if (!memo) {
    memo = page.blocks.map((b) => stemmedTerms(b.markdown));
    blockTermsMemo.set(page, memo);
  }
  return memo;
}

function merged(maps: readonly Map<string, number>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of maps) for (const [t, n] of m) out.set(t, (out.get(t) ?? 0) + n);
  return out;
}

/** Score of each section: Σ over matched terms of idf × (1 + ln tf), terms in the heading counted twice. */
function scoreSections(page: PageText, sections: readonly Section[], terms: readonly string[]): number[] {
  const perBlock = blockTerms(page);
  const counts = sections.map((s) => ({
    heading: s.heading >= 0 ? perBlock[s.heading]! : new Map<string, number>(),
    body: merged(s.body.map((i) => perBlock[i]!)),
  }));
  const df = new Map(terms.map((t) => [t, counts.filter((c) => c.heading.has(t) || c.body.has(t)).length]));
  return counts.map((c) =>
    terms.reduce((sum, t) => {
      const tf = (c.body.get(t) ?? 0) + 2 * (c.heading.get(t) ?? 0);
      return tf === 0 ? sum : sum + Math.log(1 + sections.length / (1 + df.get(t)!)) * (1 + Math.log(tf));
    }, 0),
  );
}

/** A passage is not offered shorter than this (a cut inside a first block): fewer hits with substance beat many without. */
export const MIN_PASSAGE_CHARS = 240;

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
 * alone. Adds the longer lengths to `lengths`.
 */
function readOn(page: PageText, section: Section, text: string, maxChars: number, lengths: string[]): void {
  const last = Math.max(section.heading, ...section.body);
  for (let i = last + 1; i < page.blocks.length; i++) {
    const block = page.blocks[i]!;
    const next = text === "" ? block.markdown : `${text}${block.join}${block.markdown}`;
    if (next.length > maxChars) return;
    text = next;
    lengths.push(text);
  }
}

/** The best-matching passage, at most `maxChars` long in every offered length; null for a page without text. */
export function bestPassage(page: PageText, terms: readonly string[], maxChars: number): Passage | null {
  const sections = sectionsOf(page);
  if (sections.length === 0) return null;
  const scores = scoreSections(page, sections, terms);
  const best = sections[scores.reduce((b, s, i) => (s > scores[b]! ? i : b), 0)]!;
  // Start at the first block that matches (a long section's answer may sit further down), else at the top.
  const matchAt = best.body.findIndex((i) => terms.some((t) => blockTerms(page)[i]!.has(t)));
  const body = best.body.slice(Math.max(0, matchAt));
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
    lengths.push(text);
  }
  if (!cut) readOn(page, best, text, maxChars, lengths);
  if (lengths.length === 0 && head !== "") lengths.push(head);
  return { heading: best.heading >= 0 ? page.blocks[best.heading]!.heading! : null, lengths, cut };
}
