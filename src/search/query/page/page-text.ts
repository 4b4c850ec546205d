// A page's Markdown as one text with its blocks' offsets, the section outline, and where a cut may fall: at a
// block boundary, or (only inside a block larger than what is left of the budget) at a line end, a sentence end
// or a space, never inside a word. Offsets count characters of this Markdown text. Pure.
import { preferredCutPoints } from "./cut-points.js";
import type { PageBlock, PageHeading } from "./page-blocks.js";

/** Where the text came from: the published page (main content), its Markdown twin, or the index's `content`. */
export type PageSource = "page" | "markdown twin" | "index";

export interface PageText {
  source: PageSource;
  blocks: PageBlock[];
  /** The blocks joined. */
  text: string;
  /** Offset of each block in `text`. */
  starts: number[];
}

export function pageText(source: PageSource, blocks: readonly PageBlock[]): PageText {
  let text = "";
  const starts: number[] = [];
  for (const [i, block] of blocks.entries()) {
    if (i > 0) text += block.join;
    starts.push(text.length);
    text += block.markdown;
  }
  return { source, blocks: [...blocks], text, starts };
}

export interface OutlineEntry extends PageHeading {
  /** Where the heading starts in the page's Markdown (an `offset` for get_doc). */
  offset: number;
}

export function outlineOf(page: PageText): OutlineEntry[] {
  return page.blocks.flatMap((b, i) =>
    b.heading
      ? [{ level: b.heading.level, text: b.heading.text, anchor: b.heading.anchor, offset: page.starts[i]! }]
      : [],
  );
}

/** A range of the text: [start, end) in characters, on block boundaries. */
export interface TextRange {
  start: number;
  end: number;
}

/** End offset of block `i` (the start of the next block's join). */
function blockEnd(page: PageText, i: number): number {
  return page.starts[i]! + page.blocks[i]!.markdown.length;
}

/**
 * The section a heading opens: from the heading to the next heading of the same or a higher level (or the end).
 * `heading` is the block index of the heading.
 */
export function sectionRange(page: PageText, heading: number): TextRange {
  const level = page.blocks[heading]!.heading!.level;
  let last = page.blocks.length - 1;
  for (let i = heading + 1; i < page.blocks.length; i++) {
    const h = page.blocks[i]!.heading;
    if (h && h.level <= level) {
      last = i - 1;
      break;
    }
  }
  return { start: page.starts[heading]!, end: blockEnd(page, last) };
}

export type SectionLookup = { found: true; block: number } | { found: false; reason: string };

/** The heading an anchor (as published: the `id` a browser follows) or a heading text names. */
export function findHeading(page: PageText, ask: { anchor?: string; heading?: string }): SectionLookup {
  const headings = page.blocks.flatMap((b, i) => (b.heading ? [{ i, h: b.heading }] : []));
  if (ask.anchor !== undefined) {
    const hit =
      headings.find(({ h }) => h.anchor === ask.anchor) ?? headings.find(({ h }) => h.ids?.includes(ask.anchor!));
    if (hit) return { found: true, block: hit.i };
    return { found: false, reason: `the page has no heading with the anchor #${ask.anchor}` };
  }
  const wanted = (ask.heading ?? "").replace(/\s+/g, " ").trim().toLowerCase();
  const exact = headings.filter(({ h }) => h.text.toLowerCase() === wanted);
  const partial = exact.length > 0 ? exact : headings.filter(({ h }) => h.text.toLowerCase().includes(wanted));
  if (partial.length >= 1) return { found: true, block: partial[0]!.i };
  return { found: false, reason: `the page has no heading ${JSON.stringify(ask.heading)}` };
}

/** The offsets at which a cut may fall between `from` and `to`: block ends (after a block, before the next join). */
export function blockCutPoints(page: PageText, range: TextRange): number[] {
  const out: number[] = [];
  for (let i = 0; i < page.blocks.length; i++) {
    const end = blockEnd(page, i);
    if (end > range.start && end <= range.end) out.push(end);
  }
  return out;
}

/**
 * Cut points inside one block (`text` from `from` to `to` is the block, or its rest after an earlier inner cut),
 * for a budget smaller than the block: line ends and (in prose) sentence ends, else spaces; never inside a word,
 * a link or inline code (cut-points.ts); in code never inside a line while it has line ends.
 */
export function innerCutPoints(text: string, from: number, to: number, prose = true): number[] {
  return preferredCutPoints(text.slice(from, to), prose).map((p) => from + p);
}

/**
 * Where to start for an `offset` from a previous answer: kept when it falls on a block start or a word boundary
 * inside a block (an inner cut this server made), else moved back to the start of its block (never mid-word).
 */
export function snapToBoundary(page: PageText, offset: number): number {
  if (offset <= 0) return 0;
  if (offset >= page.text.length) return page.text.length;
  if (/\s/.test(page.text[offset - 1]!)) return offset;
  let snapped = 0;
  for (const start of page.starts) if (start <= offset) snapped = start;
  return snapped;
}

/**
 * Where the next answer starts after a cut at `end`: past the line breaks there (a continued line keeps its
 * indentation), or past the spaces after a cut inside a line; null at the end of `range`.
 */
export function nextOffset(page: PageText, end: number, range: TextRange): number | null {
  if (end >= range.end) return null;
  const rest = page.text.slice(end, range.end);
  const next = end + (/^(\n+|[ \t]+)/.exec(rest)?.[0].length ?? 0);
  return next < range.end ? next : null;
}
