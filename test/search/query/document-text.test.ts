// A document's content as a snippet reads it: the text a browser renders, whitespace collapsed, bounded. An HTML
// page's content is text the indexer already extracted and is shown as it is; a Markdown document's is its blob's
// text, front matter and HTML markup taken off.
import { describe, expect, it } from "vitest";
import { boundText, documentText, looksLikeHtml, snippetOf } from "../../../src/search/query/document-text.js";

const md = (content: string) => documentText(content, ".md");

describe("documentText of a Markdown document", () => {
  it("returns text without markup as it is, whitespace collapsed, front matter off", () => {
    expect(looksLikeHtml("a < b and c > d")).toBe(false);
    expect(md("---\ntitle: X\n---\n  a < b\n\n and  c > d ")).toBe("a < b and c > d");
  });

  it("adds no space where an inline element closes, and separates blocks", () => {
    expect(md("Run <code>npm</code>, then <em>test</em>.")).toBe("Run npm, then test.");
    expect(md("<p>one</p><p>two</p><ul><li>three</li><li>four</li></ul>")).toBe("one two three four");
    expect(md("<table><tr><td>a</td><td>b</td></tr></table>\nc<br>d")).toBe("a b c d");
  });

  it("leaves out scripts, styles, templates, SVG and comments; decodes entities", () => {
    expect(md("<script>evil()</script><style>p{}</style>a<!-- note --> <svg><text>icon</text></svg>b")).toBe("a b");
    expect(md("<p>a &amp; b &lt;c&gt;</p>")).toBe("a & b <c>");
  });

  it("keeps the text after a <title> in a body", () => {
    expect(md("Set the <title> tag of <b>each</b> page.")).toBe("Set the tag of <b>each</b> page.");
  });

  it("keeps the line break before a heading that ends with a zero-width space (Docusaurus) as a space", () => {
    expect(md("Install it.\nUsage\u200b\nRun <code>babel</code>.")).toBe("Install it. Usage\u200b Run babel.");
  });
});

describe("documentText of an HTML page (text the indexer extracted)", () => {
  it("keeps what reads as a tag: a page about HTML names <head>, <script> and <title> in its text", () => {
    const extracted = "Add it to the <head> tag.\nA <script> element runs code; the <title> names the page.";
    expect(documentText(extracted, ".html")).toBe(
      "Add it to the <head> tag. A <script> element runs code; the <title> names the page.",
    );
    // A document indexed before `format` existed holds extracted text too.
    expect(documentText(extracted, null)).toBe(documentText(extracted, ".html"));
  });

  it("leaves a leading --- rule as text", () => {
    expect(documentText("---\ntitle: X\n---\nbody", ".html")).toBe("--- title: X --- body");
  });
});

describe("snippetOf", () => {
  it("reads highlights and content by the document's format", () => {
    expect(snippetOf(null, ["the **<script>** element"], 100, ".html").text).toBe("the **<script>** element");
    expect(snippetOf("<p>one two</p>", undefined, 100, ".md").text).toBe("one two");
  });
});

describe("boundText", () => {
  it("bounds text with an ellipsis, at a word boundary when one is near the bound", () => {
    expect(boundText("abc", 5)).toEqual({ text: "abc", truncated: false });
    expect(boundText("one two three four", 15)).toEqual({ text: "one two three…", truncated: true });
    expect(boundText("one two three four", 12)).toEqual({ text: "one two thr…", truncated: true });
  });
});
