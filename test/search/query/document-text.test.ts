// A document's content as a snippet reads it: the text a browser renders, whitespace collapsed, bounded.
import { describe, expect, it } from "vitest";
import { boundText, documentText, looksLikeHtml } from "../../../src/search/query/document-text.js";

describe("documentText", () => {
  it("returns text without markup as it is, whitespace collapsed, front matter off", () => {
    expect(looksLikeHtml("a < b and c > d")).toBe(false);
    expect(documentText("---\ntitle: X\n---\n  a < b\n\n and  c > d ")).toBe("a < b and c > d");
  });

  it("adds no space where an inline element closes, and separates blocks", () => {
    expect(documentText("Run <code>npm</code>, then <em>test</em>.")).toBe("Run npm, then test.");
    expect(documentText("<p>one</p><p>two</p><ul><li>three</li><li>four</li></ul>")).toBe("one two three four");
    expect(documentText("<table><tr><td>a</td><td>b</td></tr></table>\nc<br>d")).toBe("a b c d");
  });

  it("leaves out scripts, styles, templates, SVG and comments; decodes entities", () => {
    expect(documentText("<script>evil()</script><style>p{}</style>a<!-- note --> <svg><text>icon</text></svg>b")).toBe(
      "a b",
    );
    expect(documentText("<p>a &amp; b &lt;c&gt;</p>")).toBe("a & b <c>");
  });

  it("keeps the text after a mention of <head> or <title> (extracted text of a page about HTML)", () => {
    expect(documentText("Add it to the <head> tag. Then <b>save</b>.")).toBe("Add it to the tag. Then save.");
    expect(documentText("Set the <title> tag of <b>each</b> page.")).toBe("Set the tag of <b>each</b> page.");
  });

  it("keeps the line break before a heading that ends with a zero-width space (Docusaurus) as a space", () => {
    expect(documentText("Install it.\nUsage\u200b\nRun <code>babel</code>.")).toBe(
      "Install it. Usage\u200b Run babel.",
    );
  });
});

describe("boundText", () => {
  it("bounds text, markup and scripts removed", () => {
    expect(boundText("abc", 5)).toEqual({ text: "abc", truncated: false });
    expect(documentText("<script>evil()</script><p>one two three</p>")).toBe("one two three");
  });
});
