// The part of a published page an agent reads: its main content container (`<main>`, `<article>` or the
// generator's content element) without site chrome (navigation, header, sidebar, footer, scripts, styles) and
// without what generators add inside it for browsers (heading permalink markers such as `¶` or `#`, "edit this
// page" links, copy buttons, line numbers). Pure: HTML text in, a hast tree out (hast-util-from-html,
// hast-util-select).
import type { Element, ElementContent, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { matches, select, selectAll } from "hast-util-select";
import { toString } from "hast-util-to-string";
import { NEVER_TEXT_ELEMENTS } from "../document-text.js";
import { openGeneratorMarkup, tidyMainContent } from "./generator-markup.js";

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

/** Never page text, wherever it sits: the elements whose content never is (document-text.ts), embeds, chrome. */
const CHROME = [
  ...NEVER_TEXT_ELEMENTS,
  "link",
  "meta",
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

/** Where a heading's permalink marker pointed (`<a class="headerlink" href="#x">¶</a>`), kept on the heading. */
const PERMALINK = "dataPermalink";

/**
 * The tree without chrome (a copy; the input is not changed). A permalink marker that carries the heading's
 * anchor (`<h2><a id="x" href="#x">#</a>…`) gives its id to the heading as it goes, and the fragment it links to
 * is kept on the heading (`data-permalink`): the id the generator names as the heading's own link.
 */
function withoutChrome<T extends Element | Root>(node: T): T {
  const children: (RootContent | ElementContent)[] = [];
  let movedId: string | undefined;
  let permalink: string | undefined;
  for (const child of node.children) {
    if (child.type === "comment" || child.type === "doctype") continue;
    if (child.type === "element") {
      if (isChrome(child, node)) {
        movedId ??= idOf(child);
        const href = child.properties.href;
        if (typeof href === "string" && href.length > 1 && href.startsWith("#")) permalink ??= href.slice(1);
        continue;
      }
      children.push(withoutChrome(child));
    } else children.push(child);
  }
  if (node.type === "element" && HEADING.test(node.tagName)) {
    const properties = { ...node.properties };
    if (movedId !== undefined && idOf(node) === undefined) properties.id = movedId;
    if (permalink !== undefined) properties[PERMALINK] = safeDecode(permalink);
    return { ...node, properties, children } as T;
  }
  return { ...node, children } as T;
}

function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/**
 * The page's main content element, chrome removed; null when the page has no body text at all. `publicUrl` (the
 * page's address) resolves its relative links.
 */
export function mainContent(html: string, publicUrl?: string): Element | null {
  const tree = fromHtml(html);
  openGeneratorMarkup(tree);
  for (const selector of MAIN_CANDIDATES) {
    const found = select(selector, tree);
    // An article or main that is only a teaser (empty after chrome removal) does not count.
    const main = found && withoutChrome(found);
    if (main && toString(main).trim() !== "") {
      tidyMainContent(main, publicUrl);
      return main;
    }
  }
  return null;
}

/** An element that only carries an id (a label such as Sphinx's `<span id="…"></span>` before a heading). */
function isLabel(node: ElementContent): node is Element {
  return node.type === "element" && idOf(node) !== undefined && toString(node).trim() === "";
}

/**
 * The anchors a browser follows to a heading, as the page publishes them, the one the heading links to itself
 * first: the heading's `id`; the fragment of its permalink marker; the `id` (or `name`) of an element inside it;
 * the `id` of the section the heading opens (Sphinx, `<section id>`); the ids of the labels just before it (Sphinx
 * puts a `<span id="…">` per cross-reference label there). Empty when the page gives none (no slug is invented).
 */
export function headingAnchors(heading: Element, parent: Element | Root | undefined): string[] {
  const ids: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === "string" && v !== "" && !ids.includes(v)) ids.push(v);
  };
  add(heading.properties.id);
  add(heading.properties[PERMALINK]);
  for (const inner of selectAll("[id], a[name]", heading)) add(inner.properties.id ?? inner.properties.name);
  if (parent?.type === "element") {
    const siblings = parent.children.filter(
      (c) => c.type === "element" || (c.type === "text" && c.value.trim() !== ""),
    );
    const at = siblings.indexOf(heading);
    const labels: Element[] = [];
    for (let i = at - 1; i >= 0 && isLabel(siblings[i]!); i--) labels.unshift(siblings[i] as Element);
    // The heading opens its section when only labels come before it there.
    if (["section", "div"].includes(parent.tagName) && labels.length === at) add(parent.properties.id);
    for (const label of labels) add(idOf(label));
  }
  return ids;
}
