// Which text a page is read from, in order: the published page's main content (HTML blob), its Markdown twin
// (`.md` beside the `.html`) when the page yields no main content or cannot be read, a Markdown page itself,
// and last the index's `content` (what the indexer extracted: for HTML, all of the page's text, chrome
// included, so it is only the fallback). Pure: the blob texts are read by io/page-io.ts.
import { isMarkdownName, looksLikeHtml } from "../document-text.js";
import { mainContent } from "./main-content.js";
import { blocksFromHtml, blocksFromMarkdown, blocksFromPlainText } from "./page-blocks.js";
import { pageText, type PageText } from "./page-text.js";

const HTML_PATH = /\.html?$/i;

/** The blobs worth reading for a page at `blobPath`, in the order they are tried. */
export function pageBlobCandidates(blobPath: string): { path: string; kind: "html" | "markdown" }[] {
  if (HTML_PATH.test(blobPath))
    return [
      { path: blobPath, kind: "html" },
      { path: blobPath.replace(HTML_PATH, ".md"), kind: "markdown" },
    ];
  if (isMarkdownName(blobPath)) return [{ path: blobPath, kind: "markdown" }];
  return [];
}

/**
 * A page read from one blob's text; null when it holds no main content. `publicUrl` (the page's address) resolves
 * its relative links.
 */
export function pageFromBlob(
  kind: "html" | "markdown",
  text: string,
  isTwin: boolean,
  publicUrl?: string,
): PageText | null {
  const source = isTwin ? "markdown twin" : "page";
  if (kind === "markdown") {
    const blocks = blocksFromMarkdown(text, publicUrl);
    return blocks.length > 0 ? pageText(source, blocks) : null;
  }
  const main = mainContent(text, publicUrl);
  const blocks = main ? blocksFromHtml(main) : [];
  return blocks.length > 0 ? pageText(source, blocks) : null;
}

/** The page from the index's `content` (HTML, Markdown or extracted text), for when no blob could be read. */
export function pageFromIndexContent(
  content: string | null,
  blobPath: string | undefined,
  publicUrl?: string,
): PageText {
  const text = content ?? "";
  if (looksLikeHtml(text)) {
    const main = mainContent(text, publicUrl);
    if (main) return pageText("index", blocksFromHtml(main));
  }
  if (isMarkdownName(blobPath)) return pageText("index", blocksFromMarkdown(text, publicUrl));
  return pageText("index", blocksFromPlainText(text));
}
