// HTML content cracking, emulated (docs/local-standin.md, Sources §2.2). Which elements feed the
// metadata fields is UNCONFIRMED there; the presumed Tika-style mapping is used: <title> → metadata_title,
// <meta name="description"> → metadata_description, <meta name="keywords"> → metadata_keywords,
// <html lang> → metadata_language; the body text without markup (no script/style) is the content.
import { Parser } from "htmlparser2";

export interface HtmlExtraction {
  content: string;
  metadata_title: string | null;
  metadata_description: string | null;
  metadata_keywords: string | null;
  metadata_language: string | null;
  metadata_content_type: string;
}

/**
 * Elements whose text the emulated extraction leaves out of `content` (as the header's mapping presumes the service
 * does). Its own list, not the reader's (query/document-text.ts NEVER_TEXT_ELEMENTS): it emulates what the service
 * indexes, the reader chooses what an agent reads.
 */
const SKIPPED = new Set(["script", "style", "noscript", "template", "head"]);
const BLOCK = new Set([
  "p",
  "div",
  "br",
  "li",
  "ul",
  "ol",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "tr",
  "table",
  "section",
  "article",
  "header",
  "footer",
  "nav",
  "main",
  "aside",
  "pre",
  "blockquote",
  "dt",
  "dd",
  "hr",
  "figure",
  "figcaption",
]);

export function extractHtml(html: string, contentType = "text/html"): HtmlExtraction {
  let title: string | null = null;
  let inTitle = false;
  let titleText = "";
  const meta: Record<string, string> = {};
  let language: string | null = null;
  let skipDepth = 0;
  const parts: string[] = [];

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "html" && attrs.lang) language = attrs.lang;
        if (name === "title") {
          inTitle = true;
          titleText = "";
        }
        if (name === "meta" && attrs.name && attrs.content !== undefined) {
          const metaName = attrs.name.toLowerCase();
          if (!(metaName in meta)) meta[metaName] = attrs.content;
        }
        if (SKIPPED.has(name)) skipDepth += 1;
        if (BLOCK.has(name)) parts.push("\n");
      },
      ontext(text) {
        if (inTitle) titleText += text;
        else if (skipDepth === 0) parts.push(text);
      },
      onclosetag(name) {
        if (name === "title") {
          inTitle = false;
          if (title === null) title = titleText.replace(/\s+/g, " ").trim();
        }
        if (SKIPPED.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        if (BLOCK.has(name)) parts.push("\n");
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const content = parts
    .join("")
    .split("\n")
    .map((line) => line.replace(/[ \t\f\r\u00a0]+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\n");
  return {
    content,
    metadata_title: title,
    metadata_description: meta.description ?? null,
    metadata_keywords: meta.keywords ?? null,
    metadata_language: language,
    metadata_content_type: contentType,
  };
}

/** Whether a blob is cracked as HTML: by content type, else by extension (reference §2.2). */
export function isHtml(contentType: string | null, extension: string): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "text/html" || type === "application/xhtml+xml") return true;
  return (
    (type === "" || type === "application/octet-stream") &&
    [".html", ".htm", ".xhtml"].includes(extension.toLowerCase())
  );
}
