// A page as Markdown blocks: headings (with the anchor the page publishes), paragraphs, list items, code blocks
// and tables, in order. Blocks are the unit of every cut: an answer starts and ends on a block boundary, so it
// never ends mid-word and a code block keeps its lines. Blocks larger than MAX_BLOCK_CHARS are split where the
// text allows it (code at line ends, re-fenced; tables at rows, header repeated; prose at sentence ends). Pure
// (hast-util-to-mdast, mdast-util-from-markdown, mdast-util-to-markdown with GFM tables).
import type { Element, Root as HastRoot } from "hast";
import type { Code, Heading, List, ListItem, Root, RootContent } from "mdast";
import { defaultHandlers, toMdast, type Handle } from "hast-util-to-mdast";
import { toString } from "hast-util-to-string";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown, gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown } from "mdast-util-to-markdown";
import { gfm } from "micromark-extension-gfm";
import { stripFrontMatter } from "../document-text.js";
import { headingAnchor } from "./main-content.js";

type BlockKind = "heading" | "paragraph" | "list-item" | "code" | "table";

export interface PageHeading {
  /** 1 to 6. */
  level: number;
  text: string;
  /** The `id` a browser follows (`…#anchor`), as published; null when the page gives none. */
  anchor: string | null;
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

const markdownOptions = { extensions: [gfmToMarkdown()], bullet: "-" as const, fences: true, rule: "-" as const };

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

/** Prose split at sentence ends, or at spaces for a sentence longer than the bound (never inside a word). */
function proseUnits(text: string, max: number): string[] {
  const sentences = text.split(/(?<=[.!?:;])\s+(?=\S)/);
  return sentences.flatMap((s) => (s.length <= max ? [s] : packUnits(s.split(/\s+/), max, " ")));
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
  const pieces = packUnits(proseUnits(block.markdown, MAX_BLOCK_CHARS), MAX_BLOCK_CHARS, " ");
  return pieces.map((markdown, i) => ({ ...block, markdown, join: i === 0 ? block.join : " " }));
}

function listItemBlocks(list: List): { block: PageBlock; node: RootContent }[] {
  const start = list.start ?? 1;
  return list.children.map((item: ListItem, i) => {
    const single: List = { ...list, start: start + i, spread: false, children: [{ ...item, spread: false }] };
    return { block: { kind: "list-item", markdown: render(single), join: i === 0 ? "\n\n" : "\n" }, node: single };
  });
}

/** The blocks of an mdast tree's top level (lists split into their items). */
function blocksOf(root: Root): PageBlock[] {
  const out: PageBlock[] = [];
  for (const node of root.children) {
    if (node.type === "html" || node.type === "definition" || node.type === "yaml") continue;
    const entries: { block: PageBlock; node: RootContent }[] =
      node.type === "list"
        ? listItemBlocks(node)
        : [
            {
              node,
              block: {
                kind:
                  node.type === "heading"
                    ? "heading"
                    : node.type === "code"
                      ? "code"
                      : node.type === "table"
                        ? "table"
                        : "paragraph",
                markdown: render(node),
                join: "\n\n",
                ...(node.type === "heading"
                  ? {
                      heading: {
                        level: node.depth,
                        text: (node.data as { text?: string } | undefined)?.text ?? render(node).replace(/^#+\s*/, ""),
                        anchor: (node.data as { anchor?: string | null } | undefined)?.anchor ?? null,
                      },
                    }
                  : {}),
              },
            },
          ];
    for (const { block, node: n } of entries) if (block.markdown.trim() !== "") out.push(...splitLarge(block, n));
  }
  return out;
}

/** Headings keep the anchor the page publishes and their plain text (hast-util-to-mdast drops both). */
const headingHandler: Handle = (state, element, parent) => {
  const heading = defaultHandlers.h1!(state, element) as Heading;
  heading.data = {
    ...heading.data,
    anchor: headingAnchor(element, parent as Element | HastRoot | undefined),
    text: toString(element).replace(/\s+/g, " ").trim(),
  } as typeof heading.data;
  return heading;
};
const headingHandlers: Record<string, Handle> = Object.fromEntries(
  ["h1", "h2", "h3", "h4", "h5", "h6"].map((tag) => [tag, headingHandler]),
);

/** The blocks of a page's main content element (see main-content.ts). */
export function blocksFromHtml(main: Element): PageBlock[] {
  const root = toMdast({ type: "root", children: [main] }, { handlers: headingHandlers }) as Root;
  return blocksOf(root);
}

/** The blocks of a Markdown document (front matter removed; headings have no published anchor). */
export function blocksFromMarkdown(markdown: string): PageBlock[] {
  const root = fromMarkdown(stripFrontMatter(markdown), { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
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
