// The part of a published page an agent reads: its main content container (`<main>`, `<article>` or the
// generator's content element) without site chrome (navigation, header, sidebar, footer, scripts, styles) and
// without what generators add inside it for browsers (heading permalink markers such as `¶` or `#`, "edit this
// page" links, copy buttons, line numbers). Pure: HTML text in, a hast tree out (hast-util-from-html,
// hast-util-select).
import type { Element, ElementContent, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { matches, select, selectAll } from "hast-util-select";
import { toString } from "hast-util-to-string";

/**
 * Where generators put the page's own content, most specific first: an article inside the main region (Docusaurus,
 * MkDocs Material, Sphinx themes), then the main region, then common content containers. The first that matches
 * wins; without any, the body.
 */
const MAIN_CANDIDATES = [
  "main article",
  "[role=main] article",
  "main",
  "[role=main]",
  "article",
  "#content",
  ".content",
  ".main-content",
  ".document",
  "body",
];

/** Elements that are never page text, wherever they sit. */
const CHROME = [
  "script",
  "style",
  "noscript",
  "template",
  "link",
  "meta",
  "svg",
  "iframe",
  "button",
  "form",
  "input",
  "select",
  "textarea",
  "nav",
  "header",
  "footer",
  "aside",
  "[role=navigation]",
  "[role=banner]",
  "[role=contentinfo]",
  "[role=search]",
  "[role=complementary]",
  "[hidden]",
  "[aria-hidden=true]",
  ".headerlink",
  ".header-anchor",
  ".hash-link",
  ".anchorjs-link",
  ".heading-anchor",
  ".anchor-link",
  ".copy-button",
  ".copybtn",
  ".clipboard",
  ".edit-this-page",
  ".theme-edit-this-page",
  ".linenos",
  ".lineno",
  ".line-numbers-rows",
  ".breadcrumbs",
  ".toc",
  "#toc",
  ".table-of-contents",
  ".sr-only",
  ".visually-hidden",
].join(", ");

/** Text of a permalink marker: nothing, or only symbols generators use (`¶`, `#`, `§`, `🔗`, `¤`). */
const MARKER_TEXT = /^[\s\u200B-\u200D\uFEFF¶#§¤🔗]*$/u;
/** Link text of "edit this page" and its kin. */
const EDIT_LINK_TEXT =
  /^\s*(edit (this page|this doc|page|on github|on gitlab)|suggest (an )?edits?|improve this (page|doc)|view (page )?source)\b/i;

const HEADING = /^h[1-6]$/;

function isChrome(node: Element, parent: Element | Root): boolean {
  // A header inside the content that holds the page's title heading is content (Docusaurus, Hugo themes).
  if (node.tagName === "header" && select("h1, h2, h3, h4, h5, h6", node)) return false;
  if (matches(CHROME, node)) return true;
  if (node.tagName !== "a") return false;
  const text = toString(node);
  const href = typeof node.properties.href === "string" ? node.properties.href : "";
  // A permalink marker: a same-page link inside a heading whose text is only a symbol.
  if (parent.type === "element" && HEADING.test(parent.tagName) && href.startsWith("#") && MARKER_TEXT.test(text))
    return true;
  return EDIT_LINK_TEXT.test(text);
}

/** The id (or name) an element carries, if any. */
function idOf(node: Element): string | undefined {
  const id = node.properties.id ?? node.properties.name;
  return typeof id === "string" && id !== "" ? id : undefined;
}

/**
 * The tree without chrome (a copy; the input is not changed). A permalink marker that carries the heading's
 * anchor (`<h2><a id="x" href="#x">#</a>…`) gives its id to the heading as it goes.
 */
function withoutChrome<T extends Element | Root>(node: T): T {
  const children: (RootContent | ElementContent)[] = [];
  let movedId: string | undefined;
  for (const child of node.children) {
    if (child.type === "comment" || child.type === "doctype") continue;
    if (child.type === "element") {
      if (isChrome(child, node)) {
        movedId ??= idOf(child);
        continue;
      }
      children.push(withoutChrome(child));
    } else children.push(child);
  }
  if (node.type === "element" && HEADING.test(node.tagName) && movedId !== undefined && idOf(node) === undefined)
    return { ...node, properties: { ...node.properties, id: movedId }, children } as T;
  return { ...node, children } as T;
}

/** The page's main content element, chrome removed; null when the page has no body text at all. */
export function mainContent(html: string): Element | null {
  const tree = fromHtml(html);
  for (const selector of MAIN_CANDIDATES) {
    const found = select(selector, tree);
    // An article or main that is only a teaser (empty after chrome removal) does not count.
    if (found && toString(withoutChrome(found)).trim() !== "") return withoutChrome(found);
  }
  return null;
}

/**
 * The anchor a browser follows to a heading, as the page publishes it: the heading's `id`; else the `id` (or
 * `name`) of an element inside it; else the `id` of the section the heading opens (Sphinx, `<section id>`). Null
 * when the page gives none (no slug is invented).
 */
export function headingAnchor(heading: Element, parent: Element | Root | undefined): string | null {
  const own = heading.properties.id;
  if (typeof own === "string" && own !== "") return own;
  const inner = selectAll("[id], a[name]", heading)[0];
  const innerId = inner?.properties.id ?? inner?.properties.name;
  if (typeof innerId === "string" && innerId !== "") return innerId;
  if (parent?.type === "element" && ["section", "div"].includes(parent.tagName)) {
    const first = parent.children.find((c) => c.type === "element");
    const sectionId = parent.properties.id;
    if (first === heading && typeof sectionId === "string" && sectionId !== "") return sectionId;
  }
  return null;
}
