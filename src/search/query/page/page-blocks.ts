// A page as Markdown blocks: headings (with the anchor the page publishes), paragraphs, list items, code blocks
// and tables, in order. Blocks are the unit of every cut: an answer starts and ends on a block boundary, so it
// never ends mid-word and a code block keeps its lines. Blocks larger than MAX_BLOCK_CHARS are split where the
// text allows it (code at line ends, re-fenced; tables at rows, header repeated; prose at sentence ends). Pure
// (hast-util-to-mdast, mdast-util-from-markdown, mdast-util-to-markdown with GFM tables).
import type { Element, Root as HastRoot } from "hast";
import type { Code, Heading, List, ListItem, PhrasingContent, Root, RootContent } from "mdast";
import { defaultHandlers, toMdast, type Handle } from "hast-util-to-mdast";
import { toString } from "hast-util-to-string";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown, gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown } from "mdast-util-to-markdown";
import { gfm } from "micromark-extension-gfm";
import { stripFrontMatter } from "../document-text.js";
import { cutPoints } from "./cut-points.js";
import { headingAnchors } from "./main-content.js";

declare module "mdast" {
  /** What headingHandler keeps of an HTML heading (a Markdown document's headings have neither). */
  interface HeadingData {
    /** Every id the page publishes for the heading, its anchor first (main-content.ts headingAnchors). */
    ids?: string[];
    /** The heading's plain text, whitespace collapsed. */
    text?: string;
  }
}

type BlockKind = "heading" | "paragraph" | "list-item" | "code" | "table";

export interface PageHeading {
  /** 1 to 6. */
  level: number;
  text: string;
  /** The `id` a browser follows (`…#anchor`), as published; null when the page gives none. */
  anchor: string | null;
  /** Every id the page publishes for the heading (its anchor first: labels, its section's id), when it has others. */
  ids?: string[];
}

export interface PageBlock {
  kind: BlockKind;
  /** The block as Markdown. */
  markdown: string;
  /** What joins it to the block before: a blank line, a line break (items of one list), a space (a split paragraph). */
  join: "\n\n" | "\n" | " ";
  heading?: PageHeading;
}

/** Larger blocks are split (about 400 tokens): a cut can then always fall on a block boundary within a budget. */
export const MAX_BLOCK_CHARS = 1600;

// Table cells are not padded to align the pipes: an index page's table would otherwise grow by its widest cell
// on every row (Sphinx's general index: 96 MB of Markdown from 0.6 MB of HTML).
const markdownOptions = {
  extensions: [gfmToMarkdown({ tablePipeAlign: false })],
  bullet: "-" as const,
  fences: true,
  rule: "-" as const,
};

function render(node: RootContent): string {
  return toMarkdown({ type: "root", children: [node] } as Root, markdownOptions).trimEnd();
}

/** Pieces of at most `max` characters, each made of whole units (lines, rows, sentences). */
function packUnits(units: readonly string[], max: number, sep: string): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const unit of units) {
    if (current !== "" && current.length + sep.length + unit.length > max) {
      pieces.push(current);
      current = unit;
    } else current = current === "" ? unit : `${current}${sep}${unit}`;
  }
  if (current !== "") pieces.push(current);
  return pieces;
}

/**
 * Markdown over the bound in pieces of at most `max` characters, each cut where cut-points.ts allows (a line end,
 * a sentence end, a space; never inside a link or inline code). A piece after a line end keeps its indentation
 * (a nested list stays nested) and joins with a line break; after a sentence or a space, with a space.
 */
function proseBlocks(block: PageBlock, max: number): PageBlock[] {
  const text = block.markdown;
  const { lines, ends: preferred, spaces } = cutPoints(text);
  const lineSet = new Set(lines);
  const out: PageBlock[] = [];
  let start = 0;
  let join = block.join;
  while (text.length - start > max) {
    const within = (points: number[]) => points.findLast((p) => p > start && p - start <= max);
    const cut =
      within(preferred) ?? within(spaces) ?? [...preferred, ...spaces].sort((a, b) => a - b).find((p) => p > start);
    if (cut === undefined) break;
    out.push({ ...block, markdown: text.slice(start, cut).trimEnd(), join });
    const rest = text.slice(cut);
    const skip = lineSet.has(cut) ? 1 : rest.length - rest.trimStart().length;
    start = cut + skip;
    join = lineSet.has(cut) ? "\n" : " ";
  }
  out.push({ ...block, markdown: text.slice(start), join });
  return out.filter((b) => b.markdown.trim() !== "");
}

function splitLarge(block: PageBlock, node: RootContent | undefined): PageBlock[] {
  if (block.markdown.length <= MAX_BLOCK_CHARS) return [block];
  if (block.kind === "code" && node?.type === "code") {
    const code = node as Code;
    const pieces = packUnits(code.value.split("\n"), MAX_BLOCK_CHARS - 40, "\n");
    return pieces.map((value, i) => ({
      kind: "code",
      markdown: render({ ...code, value }),
      join: i === 0 ? block.join : "\n\n",
    }));
  }
  if (block.kind === "table") {
    const [head = "", rule = "", ...rows] = block.markdown.split("\n");
    const pieces = packUnits(rows, MAX_BLOCK_CHARS - head.length - rule.length - 2, "\n");
    return pieces.map((r, i) => ({
      kind: "table",
      markdown: `${head}\n${rule}\n${r}`,
      join: i === 0 ? block.join : "\n\n",
    }));
  }
  return proseBlocks(block, MAX_BLOCK_CHARS);
}

function listItemBlocks(list: List): { block: PageBlock; node: RootContent }[] {
  const start = list.start ?? 1;
  return list.children.map((item: ListItem, i) => {
    const single: List = { ...list, start: start + i, spread: false, children: [{ ...item, spread: false }] };
    return { block: { kind: "list-item", markdown: render(single), join: i === 0 ? "\n\n" : "\n" }, node: single };
  });
}

const KIND: Partial<Record<RootContent["type"], BlockKind>> = { heading: "heading", code: "code", table: "table" };

/** A heading as blocks carry it: its plain text and the ids the page publishes (see headingHandler). */
function pageHeading(node: Heading): PageHeading {
  const ids = node.data?.ids ?? [];
  return {
    level: node.depth,
    text: node.data?.text ?? render(node).replace(/^#+\s*/, ""),
    anchor: ids[0] ?? null,
    ...(ids.length > 1 ? { ids } : {}),
  };
}

/** The block of one top-level node (a list is split into its items by listItemBlocks). */
function blockOf(node: RootContent): PageBlock {
  return {
    kind: KIND[node.type] ?? "paragraph",
    markdown: render(node),
    join: "\n\n",
    ...(node.type === "heading" ? { heading: pageHeading(node) } : {}),
  };
}

/** The blocks of an mdast tree's top level (lists split into their items). */
function blocksOf(root: Root): PageBlock[] {
  const out: PageBlock[] = [];
  for (const node of root.children) {
    if (node.type === "html" || node.type === "definition" || node.type === "yaml") continue;
    const entries = node.type === "list" ? listItemBlocks(node) : [{ block: blockOf(node), node }];
    for (const { block, node: n } of entries) if (block.markdown.trim() !== "") out.push(...splitLarge(block, n));
  }
  return out;
}

/** Headings keep the anchor the page publishes and their plain text (hast-util-to-mdast drops both). */
const headingHandler: Handle = (state, element, parent) => {
  const heading = defaultHandlers.h1!(state, element) as Heading;
  heading.data = {
    ...heading.data,
    ids: headingAnchors(element, parent as Element | HastRoot | undefined),
    text: toString(element).replace(/\s+/g, " ").trim(),
  };
  return heading;
};
const headingHandlers: Record<string, Handle> = Object.fromEntries(
  ["h1", "h2", "h3", "h4", "h5", "h6"].map((tag) => [tag, headingHandler]),
);

type Phrasing = PhrasingContent;
const SPANS = new Set(["emphasis", "strong", "delete"]);

/**
 * Emphasis as Markdown can write it: the spaces at its edges moved outside (Markdown cannot open or close emphasis
 * next to a space, so they would be written as `&#x20;`), and emphasis around nothing but punctuation (Sphinx's
 * `*[*`, `*, *` in signatures) reduced to its text.
 */
function tidySpans(children: Phrasing[]): Phrasing[] {
  const out: Phrasing[] = [];
  for (const node of children) {
    if ("children" in node && Array.isArray(node.children))
      (node as { children: Phrasing[] }).children = tidySpans(node.children as Phrasing[]);
    if (!SPANS.has(node.type)) {
      out.push(node);
      continue;
    }
    const inner = (node as { children: Phrasing[] }).children;
    const first = inner[0];
    const last = inner.at(-1);
    // Leading punctuation goes out too: `name*: str*` could not open after a letter (`nam&#x65;*: str*`).
    const lead = first?.type === "text" ? /^[\s\p{P}\p{S}]*/u.exec(first.value)![0] : "";
    const trail = last?.type === "text" ? /\s*$/.exec(last.value)![0] : "";
    if (first?.type === "text" && lead) first.value = first.value.slice(lead.length);
    if (last?.type === "text" && trail) last.value = last.value.slice(0, last.value.length - trail.length);
    const words = inner.map((c) => (c.type === "text" ? c.value : "x")).join("");
    if (lead) out.push({ type: "text", value: lead.replace(/\s+/g, " ") });
    if (/^[\p{P}\p{S}\s]*$/u.test(words)) out.push(...inner.filter((c) => c.type !== "text" || c.value !== ""));
    else out.push(node);
    if (trail) out.push({ type: "text", value: " " });
  }
  return out;
}

function tidyTree(node: Root | RootContent): void {
  if (!("children" in node)) return;
  if (node.type === "paragraph" || node.type === "heading" || node.type === "tableCell")
    node.children = tidySpans(node.children);
  else for (const child of node.children as RootContent[]) tidyTree(child);
}

/** The blocks of a page's main content element (see main-content.ts). */
export function blocksFromHtml(main: Element): PageBlock[] {
  const root = toMdast({ type: "root", children: [main] }, { handlers: headingHandlers }) as Root;
  tidyTree(root);
  return blocksOf(root);
}

/** Relative link and image URLs made absolute against `base` (a fragment of this page stays as it is). */
function resolveUrls(node: Root | RootContent, base: string): void {
  if ((node.type === "link" || node.type === "image" || node.type === "definition") && !node.url.startsWith("#"))
    try {
      node.url = new URL(node.url, base).href;
    } catch {
      // Not a URL a browser could follow either: left as written.
    }
  if ("children" in node) for (const child of node.children as RootContent[]) resolveUrls(child, base);
}

/**
 * The blocks of a Markdown document (front matter removed; headings have no published anchor); relative links
 * resolved against `publicUrl` when given.
 */
export function blocksFromMarkdown(markdown: string, publicUrl?: string): PageBlock[] {
  const root = fromMarkdown(stripFrontMatter(markdown), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  if (publicUrl !== undefined) resolveUrls(root, publicUrl);
  return blocksOf(root);
}

/** The blocks of plain text (the index's extracted `content`): paragraphs at blank lines or line breaks. */
export function blocksFromPlainText(text: string): PageBlock[] {
  return text
    .split(/\n\s*\n|\r?\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p !== "")
    .flatMap((markdown) => splitLarge({ kind: "paragraph", markdown, join: "\n\n" }, undefined));
}
