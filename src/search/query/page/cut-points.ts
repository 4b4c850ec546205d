// Where a block of Markdown may be cut when it is larger than what is left: at a line end, else at a sentence end
// (Intl.Segmenter's sentence boundaries), else at a space; never inside a link, an image, inline code, an autolink
// or a fenced code block, whose Markdown would break. The Markdown is the one page-blocks.ts writes
// (mdast-util-to-markdown), scanned here for those spans by CommonMark's rules for them, so that this module
// stays free of the Markdown parser (it is loaded with the server, before any page is read). Pure.

/** End of a backtick code span opening at `at` (a run of n backticks closed by a run of exactly n), or -1. */
function codeSpanEnd(text: string, at: number): number {
  const run = /^`+/.exec(text.slice(at))![0].length;
  const closing = new RegExp(`(?<!\`)\`{${run}}(?!\`)`, "g");
  closing.lastIndex = at + run;
  const m = closing.exec(text);
  return m ? m.index + run : -1;
}

/** Index just past the bracket that closes the one at `at` (`[`…`]` or `(`…`)`), skipping escapes and code; or -1. */
function closingBracket(text: string, at: number): number {
  const open = text[at]!;
  const close = open === "[" ? "]" : ")";
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "`") {
      const end = codeSpanEnd(text, i);
      if (end > 0) i = end - 1;
    } else if (c === open) depth++;
    else if (c === close && --depth === 0) return i + 1;
  }
  return -1;
}

/** [start, end) offsets of the parts of `markdown` that must stay whole (see the file comment). */
function wholeRanges(markdown: string): [number, number][] {
  const out: [number, number][] = [];
  for (const fence of markdown.matchAll(
    /^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n[ \t]*\1[`~]*[ \t]*(?=\n|(?![\s\S]))|(?![\s\S]))/gm,
  ))
    out.push([fence.index, fence.index + fence[0].length]);
  const inFence = (i: number) => out.some(([s, e]) => i >= s && i < e);
  for (let i = 0; i < markdown.length; i++) {
    if (inFence(i)) continue;
    const c = markdown[i];
    if (c === "\\") {
      i++;
      continue;
    }
    let end = -1;
    if (c === "`") end = codeSpanEnd(markdown, i);
    else if (c === "<")
      end = /^<[a-zA-Z][\w+.-]*:[^\s<>]*>/.test(markdown.slice(i)) ? markdown.indexOf(">", i) + 1 : -1;
    else if (c === "[" || (c === "!" && markdown[i + 1] === "[")) {
      const textEnd = closingBracket(markdown, c === "!" ? i + 1 : i);
      const next = textEnd > 0 ? markdown[textEnd] : undefined;
      end = next === "(" || next === "[" ? closingBracket(markdown, textEnd) : textEnd;
    }
    if (end > i) {
      out.push([i, end]);
      i = end - 1;
    } else if (c === "`") i += /^`+/.exec(markdown.slice(i))![0].length - 1;
  }
  return out;
}

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

export interface CutPoints {
  /** Offsets right before a line break that are outside every whole part. */
  lines: number[];
  /** Offsets at the end of a sentence (before the space that follows it). */
  sentences: number[];
  /** The line ends and the sentence ends, ascending: where a cut is preferred. */
  ends: number[];
  /** Offsets before a space, for a sentence longer than the bound. */
  spaces: number[];
}

/** Where `markdown` may be cut (offsets in it, ascending, none at 0 or at its end). */
export function cutPoints(markdown: string, prose = true): CutPoints {
  const ranges = prose ? wholeRanges(markdown) : [];
  const free = (p: number) => p > 0 && p < markdown.length && !ranges.some(([s, e]) => p > s && p < e);
  const lines = [...markdown.matchAll(/(?<!\n)\n/g)].map((m) => m.index).filter(free);
  if (!prose) return { lines, sentences: [], ends: lines, spaces: [] };
  const sentences: number[] = [];
  for (const { index, segment } of segmenter.segment(markdown)) {
    const end = index + segment.trimEnd().length;
    if (free(end) && /\S/.test(markdown[end - 1]!) && /\s/.test(markdown[end] ?? "")) sentences.push(end);
  }
  // Not right after a list marker (`- `, `1. `): the item would lose its text.
  const spaces = [...markdown.matchAll(/(?<=\S)\s/g)]
    .map((m) => m.index)
    .filter((p) => free(p) && !/(^|\n)[ \t]*([-*+]|\d+[.)])$/.test(markdown.slice(Math.max(0, p - 12), p)));
  const ends = [...new Set([...lines, ...sentences])].sort((a, b) => a - b);
  return { lines, sentences, ends, spaces };
}

/**
 * Cut points of a block for a budget smaller than the block: line ends and sentence ends, and spaces before the
 * first of them (a budget smaller than the first sentence still gets its first words). In code (`prose` false)
 * only line ends.
 */
export function preferredCutPoints(markdown: string, prose = true): number[] {
  const { ends, spaces } = cutPoints(markdown, prose);
  return [...spaces.filter((p) => p < (ends[0] ?? Infinity)), ...ends];
}
