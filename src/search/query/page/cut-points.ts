// Where a block of Markdown may be cut when it is larger than what is left: at a line end, else at a sentence end
// (Intl.Segmenter's sentence boundaries), else at a space; never inside a link, an image, inline code, inline HTML
// or a code block, whose Markdown would break (mdast positions say where they are). Pure.
import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

/** Nodes whose Markdown a cut must not fall into. */
const WHOLE = new Set(["link", "linkReference", "image", "imageReference", "inlineCode", "html", "code", "inlineMath"]);

/** [start, end) offsets of the parts of `markdown` that must stay whole. */
function wholeRanges(markdown: string): [number, number][] {
  const out: [number, number][] = [];
  const walk = (node: Nodes) => {
    const { start, end } = node.position ?? {};
    if (WHOLE.has(node.type) && start?.offset !== undefined && end?.offset !== undefined) {
      out.push([start.offset, end.offset]);
      return;
    }
    if ("children" in node) for (const child of node.children) walk(child);
  };
  walk(fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));
  return out;
}

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

export interface CutPoints {
  /** Offsets right before a line break that are outside every whole part. */
  lines: number[];
  /** Offsets at the end of a sentence (before the space that follows it). */
  sentences: number[];
  /** Offsets before a space, for a sentence longer than the bound. */
  spaces: number[];
}

/** Where `markdown` may be cut (offsets in it, ascending, none at 0 or at its end). */
export function cutPoints(markdown: string, prose = true): CutPoints {
  const ranges = prose ? wholeRanges(markdown) : [];
  const free = (p: number) => p > 0 && p < markdown.length && !ranges.some(([s, e]) => p > s && p < e);
  const lines = [...markdown.matchAll(/(?<!\n)\n/g)].map((m) => m.index).filter(free);
  if (!prose) return { lines, sentences: [], spaces: [] };
  const sentences: number[] = [];
  for (const { index, segment } of segmenter.segment(markdown)) {
    const end = index + segment.trimEnd().length;
    if (free(end) && /\s/.test(markdown[end] ?? "")) sentences.push(end);
  }
  const spaces = [...markdown.matchAll(/(?<=\S)\s/g)].map((m) => m.index).filter(free);
  return { lines, sentences, spaces };
}

/**
 * Cut points of a block for a budget smaller than the block, in order of preference: line ends and sentence ends,
 * else spaces. In code (`prose` false) only line ends.
 */
export function preferredCutPoints(markdown: string, prose = true): number[] {
  const { lines, sentences, spaces } = cutPoints(markdown, prose);
  const ends = [...new Set([...lines, ...sentences])].sort((a, b) => a - b);
  return ends.length > 0 ? ends : spaces;
}
