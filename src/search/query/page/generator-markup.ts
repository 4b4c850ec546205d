// What site generators publish that a browser shows differently from its markup, undone on the parsed page before
// its chrome is removed: tab panels (Docusaurus `<Tabs>`, sphinx-tabs) that are not the active tab are `hidden`
// but are content, so each panel is kept and marked with its tab's label; highlighted code whose lines are
// elements (Docusaurus' `token-line` divs, `<br>`) becomes one text with line breaks; links inside headings that
// point into the same page (Sphinx's back-links to the contents, `[Title](#id7)`) give way to their text; relative
// links and image sources are resolved against the page's public URL, so an agent can follow them. Pure: changes
// the tree it is given (a freshly parsed page).
import type { Element, ElementContent, Root } from "hast";
import { selectAll } from "hast-util-select";
import { toString } from "hast-util-to-string";

type Parent = Element | Root;

function* elements(node: Parent): Generator<Element> {
  for (const child of node.children)
    if (child.type === "element") {
      yield child;
      yield* elements(child);
    }
}

const text = (node: Element) => toString(node).replace(/\s+/g, " ").trim();

/** The label of each tab panel: its `aria-labelledby` tab, else the tab at its position in the nearest tab list. */
function panelLabels(tree: Root): Map<Element, string> {
  const byId = new Map<string, Element>();
  for (const e of elements(tree)) if (typeof e.properties.id === "string") byId.set(e.properties.id, e);
  const labels = new Map<Element, string>();
  for (const group of elements(tree)) {
    const list = group.children.find((c): c is Element => c.type === "element" && c.properties.role === "tablist");
    if (!list) continue;
    const tabs = selectAll("[role=tab]", list);
    selectAll("[role=tabpanel]", group).forEach((panel, i) => {
      const by = panel.properties.ariaLabelledBy;
      const named = Array.isArray(by) ? byId.get(String(by[0])) : undefined;
      const label = named ? text(named) : tabs[i] ? text(tabs[i]) : "";
      if (!labels.has(panel) && label !== "") labels.set(panel, label);
    });
  }
  return labels;
}

/**
 * Every tab panel shown (not `hidden`), opened by a line naming its tab (`**Tab: Yarn**`); the tab lists (buttons
 * a browser switches with) go.
 */
function openTabPanels(tree: Root): void {
  for (const [panel, label] of panelLabels(tree)) {
    delete panel.properties.hidden;
    const mark: Element = {
      type: "element",
      tagName: "p",
      properties: {},
      children: [
        { type: "element", tagName: "strong", properties: {}, children: [{ type: "text", value: `Tab: ${label}` }] },
      ],
    };
    panel.children.unshift(mark);
  }
  for (const e of elements(tree))
    e.children = e.children.filter((c) => !(c.type === "element" && c.properties.role === "tablist"));
}

const BLOCK_IN_CODE = new Set(["div", "p", "li"]);

/** The text of highlighted code: `<br>` and the end of a line element (a `div`) are line breaks. */
function codeText(node: Element | ElementContent, out: string[]): void {
  if (node.type === "text") out.push(node.value);
  else if (node.type === "element") {
    if (node.tagName === "br") {
      out.push("\n");
      return;
    }
    for (const child of node.children) codeText(child, out);
    if (BLOCK_IN_CODE.has(node.tagName) && !out.at(-1)?.endsWith("\n")) out.push("\n");
  }
}

/** A `<pre>` whose lines are elements becomes `<pre><code class="language-…">text</code></pre>`. */
function flattenCode(tree: Root): void {
  for (const pre of elements(tree)) {
    if (pre.tagName !== "pre") continue;
    if (!selectAll("br, div", pre).length) continue;
    const out: string[] = [];
    codeText(pre, out);
    const code = pre.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
    const classes = [pre.properties.className, code?.properties.className].flat().map(String);
    const language = classes.find((c) => /^(language|lang)-/.test(c));
    pre.children = [
      {
        type: "element",
        tagName: "code",
        properties: language ? { className: [language] } : {},
        children: [{ type: "text", value: out.join("").replace(/\n$/, "") }],
      },
    ];
  }
}

/** A link in a heading into the same page (`<h2><a href="#id7">Title</a></h2>`) gives way to its text. */
function unwrapHeadingBackLinks(tree: Parent): void {
  const unwrap = (node: Element): void => {
    node.children = node.children.flatMap((c) => {
      if (c.type !== "element") return [c];
      unwrap(c);
      const href = c.properties.href;
      return c.tagName === "a" && typeof href === "string" && href.startsWith("#") && text(c) !== "" ? c.children : [c];
    });
  };
  for (const e of elements(tree)) if (/^h[1-6]$/.test(e.tagName)) unwrap(e);
}

/** Relative `href` and `src` made absolute against `base` (a link to a fragment of this page stays as it is). */
function resolveLinks(tree: Parent, base: string): void {
  for (const e of elements(tree)) {
    const key = e.tagName === "a" ? "href" : e.tagName === "img" ? "src" : undefined;
    const value = key ? e.properties[key] : undefined;
    if (!key || typeof value !== "string" || value === "" || value.startsWith("#")) continue;
    try {
      e.properties[key] = new URL(value, base).href;
    } catch {
      // Not a URL a browser could follow either: left as published.
    }
  }
}

/** Before chrome is removed: tab panels opened and marked, highlighted code made text (see the file comment). */
export function openGeneratorMarkup(tree: Root): void {
  openTabPanels(tree);
  flattenCode(tree);
}

/** On the main content: heading back-links unwrapped, relative links resolved against `publicUrl`. */
export function tidyMainContent(main: Element, publicUrl: string | undefined): void {
  unwrapHeadingBackLinks(main);
  if (publicUrl !== undefined) resolveLinks(main, publicUrl);
}
