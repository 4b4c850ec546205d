// What an agent reads of pages as real generators publish them (Sphinx with sphinx-tabs, Docusaurus): tab panels
// kept and marked, code with its lines, headings without back-links or permalink marks, every published id of a
// heading reaching its section, relative links made absolute, no character escapes; continuation by next_offset
// covering the page once, cut between blocks. Fixtures: test/fixtures/generators/ (sources and licences there).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../../src/config/repo-root.js";
import { fitPageView } from "../../../../src/search/query/page/answer-fit.js";
import { cutPoints } from "../../../../src/search/query/page/cut-points.js";
import { pageFromBlob } from "../../../../src/search/query/page/page-source.js";
import { findHeading, sectionRange, type PageText } from "../../../../src/search/query/page/page-text.js";
import { estimateTokens } from "../../../../src/search/query/page/token-budget.js";

const fixture = (name: string) => readFileSync(path.join(repoRoot, "test", "fixtures", "generators", name), "utf8");
const page = (name: string, url: string) => pageFromBlob("html", fixture(name), false, url)!;

const click = page("sphinx-click.html", "https://docs.example.com/click/arguments");
const prettier = page("docusaurus-prettier-install.html", "https://docs.example.com/prettier/docs/install/");
const intl = page("sphinx-intl.html", "https://docs.example.com/sphinx/usage/advanced/intl");

/** The section an anchor names, as get_doc reads it. */
function section(p: PageText, anchor: string): string {
  const found = findHeading(p, { anchor });
  if (!found.found) throw new Error(found.reason);
  const range = sectionRange(p, found.block);
  return p.text.slice(range.start, range.end);
}

describe("tab panels", () => {
  it("keeps every Docusaurus tab panel, the hidden ones too, each marked with its tab, without the tab list", () => {
    expect(prettier.text).toContain(
      "First, install Prettier locally:\n\n**Tab: npm**\n\n```bash\nnpm install --save-dev --save-exact prettier@3.9.6\n```\n\n**Tab: yarn**\n\n```bash\nyarn add --dev --exact prettier@3.9.6\n```",
    );
    expect(prettier.text).toContain("**Tab: deno**\n\n```bash\ndeno install --dev --save-exact prettier@3.9.6\n```");
    expect(prettier.text).not.toMatch(/^- npm$|npm yarn pnpm/m);
  });

  it("keeps every sphinx-tabs panel under the label of the tab that shows it", () => {
    const tabs = section(click, "shell-tabs");
    expect(tabs).toContain("**Tab: Bash**\n\nAdd this to `~/.bashrc`:");
    expect(tabs).toContain("**Tab: Zsh**\n\nAdd this to `~/.zshrc`:");
    expect(tabs).toContain("**Tab: PowerShell**\n\nAdd this to your PowerShell profile (the path of `$PROFILE`):");
    expect(tabs).toContain("$env:_FOO_BAR_COMPLETE = 'powershell_source'\nfoo-bar | Out-String | Invoke-Expression");
  });
});

describe("code, headings and links as an agent can use them", () => {
  it("gives Docusaurus code (one element per line) its lines, without blank lines between them", () => {
    expect(prettier.text).toContain(
      '```json\n{\n  "lint-staged": {\n    "**/*": "prettier --write --ignore-unknown"\n  }\n}\n```',
    );
  });

  it("cleans headings of Sphinx's back-links to the contents and of permalink marks", () => {
    expect(intl.text).toMatch(/^## Translating with sphinx-intl\n\n### Quick guide\n/);
    expect(intl.text).not.toMatch(/\]\(#id\d+\)|¶/);
    expect(click.text).not.toContain("¶");
  });

  it("writes signatures without character escapes (&#x20;) and keeps their links", () => {
    const api = section(click, "api-excerpt");
    expect(api).toContain("- click.argument(");
    expect(api).toContain("[*click.core.Argument*](#click.Argument");
    expect(api).toMatch(/\| +\*None\*\) – the argument class to instantiate/);
    expect(click.text).not.toMatch(/&#x[0-9a-f]+;/i);
  });

  it("resolves relative links against the page's public URL and leaves links into the page as they are", () => {
    expect(click.text).toContain("[options](https://docs.example.com/click/options.html#options)");
    expect(click.text).toContain(
      '[`click.Argument`](https://docs.example.com/click/api.html#click.Argument "click.Argument")',
    );
    expect(click.text).toContain('[`Argument`](#click.Argument "click.Argument")');
  });
});

describe("#anchor: every id the page publishes for a heading", () => {
  it("reaches the section from a Sphinx label before the heading, the section's id, or the heading's permalink", () => {
    for (const anchor of ["id2", "environment-variables"])
      expect(section(click, anchor)).toMatch(/^## Environment Variables\n\nArguments can use environment variables\./);
    expect(section(click, "id1")).toMatch(/^# Arguments\n\nArguments are:/);
    // The anchor a hit names is the one the heading's own permalink points to.
    const env = click.blocks.find((b) => b.heading?.text === "Environment Variables")!.heading!;
    expect(env.anchor).toBe("environment-variables");
  });

  it("starts a section whose heading holds inline code, a link or emphasis at that heading", () => {
    const html = `<main>
      <h2 id="code"><code>cwd</code> option<a href="#code" class="hash-link">&#8203;</a></h2><p>One.</p>
      <h2 id="link">See <a href="/x">the guide</a></h2><p>Two.</p>
      <section id="em"><span id="label-em"></span><h2><em>Very</em> important<a class="headerlink" href="#em">¶</a></h2><p>Three.</p></section>
    </main>`;
    const p = pageFromBlob("html", html, false)!;
    expect(section(p, "code")).toBe("## `cwd` option\n\nOne.");
    expect(section(p, "link")).toBe("## See [the guide](/x)\n\nTwo.");
    expect(section(p, "em")).toBe("## *Very* important\n\nThree.");
    expect(section(p, "label-em")).toBe("## *Very* important\n\nThree.");
  });
});

describe("continuation by next_offset", () => {
  it("covers a page once (nothing repeated, nothing skipped), every cut after a whole block", () => {
    for (const p of [click, prettier]) {
      const range = { start: 0, end: p.text.length };
      const ends = new Set(p.blocks.map((b, i) => p.starts[i]! + b.markdown.length));
      let offset = 0;
      let read = "";
      for (let calls = 0; calls < 200; calls++) {
        const view = fitPageView(
          p,
          { range, section: null, offset, maxChars: 1e6 },
          (v) => v,
          (v) => estimateTokens(v.text),
          400,
        );
        expect(view.offset).toBe(offset);
        read += p.text.slice(read.length, offset) + view.text;
        if (view.next_offset === null) break;
        expect(ends.has(offset + view.text.length)).toBe(true);
        offset = view.next_offset;
      }
      expect(read).toBe(p.text);
    }
  });

  it("never cuts a block inside a link, an image or inline code", () => {
    const text =
      'See [the link. It has](https://x.y/a.b "T. x") here. Then `code; with. dots` ok. ![img. alt](u.png) z.';
    const { sentences, spaces } = cutPoints(text);
    const inside = (from: string, to: string) => [text.indexOf(from), text.indexOf(to) + to.length] as const;
    for (const [s, e] of [inside("[the", '"T. x")'), inside("`code", "dots`"), inside("![img", "png)")])
      for (const p of [...sentences, ...spaces]) expect(p <= s || p >= e, `cut at ${p}`).toBe(true);
    expect(sentences.map((p) => text.slice(0, p))).toContain('See [the link. It has](https://x.y/a.b "T. x") here.');
  });
});
