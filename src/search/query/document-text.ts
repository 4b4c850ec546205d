// Document text reduced to one line: YAML front matter of Markdown removed, a Markdown document's HTML reduced to
// text, whitespace collapsed and the length bounded. Pure (hast-util-from-html, hast-util-to-text). Used for the
// service's highlights (the first form of a search hit's snippet); what agents read of a page is made in page/ (main
// content as Markdown). The content of an HTML page is the text the indexer extracted: a `<head>` in it is a page
// about HTML naming the tag, never markup, so only Markdown documents (their blobs' text, as is) are parsed.
import { fromHtml } from "hast-util-from-html";
import { selectAll } from "hast-util-select";
import { toText } from "hast-util-to-text";

/** Leading YAML front matter (`---` … `---`/`...` at the very start), which Markdown documents carry as content. */
const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

export function stripFrontMatter(text: string): string {
  return text.replace(FRONT_MATTER, "");
}

/**
 * Elements whose content is never page text, wherever they sit: the reader's one list (main-content.ts removes site
 * chrome besides). The indexer emulation keeps its own list: it emulates what the service extracts.
 */
export const NEVER_TEXT_ELEMENTS: readonly string[] = ["head", "script", "style", "noscript", "template", "svg"];

/** True when the text looks like HTML markup (a tag), so it is worth parsing. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-zA-Z][^>]*>/.test(text);
}

/** Text content of HTML as a browser renders it (comments and NEVER_TEXT_ELEMENTS dropped); plain text as is. */
function htmlToText(text: string): string {
  if (!looksLikeHtml(text)) return text;
  const tree = fromHtml(text);
  for (const element of selectAll(NEVER_TEXT_ELEMENTS.join(", "), tree)) element.children = [];
  // A <title> in the body is text that names the tag (a page about HTML): the parser takes the rest of the text as
  // the title's, which hast-util-to-text leaves out; read as a span, it stays text.
  for (const title of selectAll("body title", tree)) title.tagName = "span";
  // Whitespace as written (it is collapsed next): hast-util-to-text's "normal" mode drops the line break before a
  // line that a zero-width space follows (Docusaurus ends each heading with one), gluing two lines' words.
  return toText(tree, { whitespace: "pre" });
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Whether a blob path, or a document's `format` (its extension), names a Markdown file. */
export function isMarkdownName(name: string | null | undefined): boolean {
  return name != null && /\.(md|markdown)$/i.test(name);
}

/**
 * What a document's content becomes before it is shown: whitespace collapsed; for a Markdown document also front
 * matter and HTML markup off. Text the indexer extracted from a page (an HTML page, or a document indexed before
 * `format` was) is shown as it is.
 */
export function documentText(content: string, format?: string | null): string {
  return collapseWhitespace(isMarkdownName(format) ? htmlToText(stripFrontMatter(content)) : content);
}

export interface BoundedText {
  text: string;
  /** True when the text was cut to the bound. */
  truncated: boolean;
}

/** At most `maxChars` characters, cut at a word boundary when one is near, with `…` when cut. */
export function boundText(text: string, maxChars: number): BoundedText {
  if (text.length <= maxChars) return { text, truncated: false };
  const cut = text.slice(0, Math.max(0, maxChars - 1));
  const space = cut.lastIndexOf(" ");
  const atWord = space > maxChars * 0.8 ? cut.slice(0, space) : cut;
  return { text: `${atWord}…`, truncated: true };
}

/**
 * A hit's snippet: the service's highlights when it gave any (already the matching passages), else the start of
 * the document text; bounded either way.
 */
export function snippetOf(
  content: string | null,
  highlights: readonly string[] | undefined,
  maxChars: number,
  format?: string | null,
) {
  const text = (t: string) => documentText(t, format);
  const source = highlights && highlights.length > 0 ? highlights.map(text).join(" … ") : text(content ?? "");
  return boundText(source, maxChars);
}
