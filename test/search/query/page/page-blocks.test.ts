// Pages as Markdown blocks: the unit of every cut.
import { describe, expect, it } from "vitest";
import {
  blocksFromHtml,
  blocksFromMarkdown,
  blocksFromPlainText,
  MAX_BLOCK_CHARS,
} from "../../../../src/search/query/page/page-blocks.js";
import { mainContent } from "../../../../src/search/query/page/main-content.js";

const blocks = (html: string) => blocksFromHtml(mainContent(`<main>${html}</main>`)!);

describe("blocksFromHtml", () => {
  it("keeps a code block's lines and language, splits a list into its items, renders a table as GFM", () => {
    const b = blocks(`<pre><code class="language-py">def f():\n    return 1\n</code></pre>
      <ol start="3"><li>Three</li><li>Four</li></ol>
      <table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>`);
    expect(b.map((x) => [x.kind, x.markdown, x.join])).toEqual([
      ["code", "```py\ndef f():\n    return 1\n```", "\n\n"],
      ["list-item", "3. Three", "\n\n"],
      ["list-item", "4. Four", "\n"],
      ["table", "| A | B |\n| - | - |\n| 1 | 2 |", "\n\n"],
    ]);
  });

  it("splits a block over the bound where the text allows: code at line ends (re-fenced), prose at sentence ends", () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line_${i} = ${i}`).join("\n");
    const code = blocks(`<pre><code class="language-py">${lines}</code></pre>`);
    expect(code.length).toBeGreaterThan(1);
    for (const c of code) {
      expect(c.markdown.length).toBeLessThanOrEqual(MAX_BLOCK_CHARS);
      expect(c.markdown).toMatch(/^```py\nline_\d+ = \d+\n[\s\S]*\nline_\d+ = \d+\n```$/);
    }
    const prose = blocks(`<p>${Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is here.`).join(" ")}</p>`);
    expect(prose.length).toBeGreaterThan(1);
    expect(prose.every((p) => p.markdown.endsWith("here."))).toBe(true);
    expect(prose.slice(1).every((p) => p.join === " ")).toBe(true);
  });
});

describe("blocksFromMarkdown and blocksFromPlainText", () => {
  it("leaves front matter out of a Markdown twin; headings have no published anchor", () => {
    const b = blocksFromMarkdown("---\ntitle: X\n---\n\n# X\n\nText.\n\n```sh\na\nb\n```\n");
    expect(b.map((x) => x.markdown)).toEqual(["# X", "Text.", "```sh\na\nb\n```"]);
    expect(b[0]!.heading).toEqual({ level: 1, text: "X", anchor: null });
  });

  it("makes paragraphs of extracted text at line breaks", () => {
    expect(blocksFromPlainText("One\n\n  Two  words \nThree").map((x) => x.markdown)).toEqual([
      "One",
      "Two words",
      "Three",
    ]);
  });
});
