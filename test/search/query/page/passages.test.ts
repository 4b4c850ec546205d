// The passage that answers: the best-matching section, from its heading, offered in lengths that end on boundaries.
import { describe, expect, it } from "vitest";
import { blocksFromMarkdown } from "../../../../src/search/query/page/page-blocks.js";
import { pageText } from "../../../../src/search/query/page/page-text.js";
import {
  bestPassage,
  highlightedWords,
  MIN_PASSAGE_CHARS,
  passageForms,
  queryTerms,
} from "../../../../src/search/query/page/passages.js";

const page = pageText(
  "page",
  blocksFromMarkdown(
    [
      "# Client",
      "Intro about the client and its options.",
      "## Retries",
      "Failed requests are retried three times.",
      "```js\nnew Client({\n  maxRetries: 5,\n});\n```",
      "## Timeouts",
      "Requests time out after 30 seconds.",
    ].join("\n\n"),
  ),
);

describe("bestPassage", () => {
  it("picks the section whose heading and text match the query, starting at its heading", () => {
    const p = bestPassage(page, queryTerms("how often is a failed request retried"), 2000)!;
    expect(p.heading).toEqual({ level: 2, text: "Retries", anchor: null });
    expect(p.lengths).toContain(
      "## Retries\n\nFailed requests are retried three times.\n\n```js\nnew Client({\n  maxRetries: 5,\n});\n```",
    );
    expect(p.cut).toBe(false);
  });

  it("a short section reads on into the blocks after it while they fit, whole blocks only", () => {
    const option = pageText(
      "page",
      blocksFromMarkdown(
        "# requestTimeoutMs\n\nHow long the client waits for a response.\n\n## Default\n\n80 seconds.\n\n## Example\n\nSet it to 5000.",
      ),
    );
    const p = bestPassage(option, queryTerms("what is the default request timeout of the client"), 2000)!;
    expect(p.heading?.text).toBe("requestTimeoutMs");
    expect(p.lengths.at(-1)).toBe(
      "# requestTimeoutMs\n\nHow long the client waits for a response.\n\n## Default\n\n80 seconds.\n\n## Example\n\nSet it to 5000.",
    );
    // Under a bound that ends inside the next section, only the blocks that fit whole are added.
    expect(bestPassage(option, queryTerms("request timeout"), 90)!.lengths.at(-1)).toBe(
      "# requestTimeoutMs\n\nHow long the client waits for a response.\n\n## Default\n\n80 seconds.",
    );
  });

  it("offers no length that ends on a heading: a heading comes with its content or not at all", () => {
    const option = pageText(
      "page",
      blocksFromMarkdown("# requestTimeoutMs\n\nHow long the client waits.\n\n## Default\n\n80 seconds, unless set."),
    );
    // A bound that holds the next heading but not its content stops before the heading.
    const p = bestPassage(option, queryTerms("request timeout"), 60)!;
    expect(p.lengths.at(-1)).toBe("# requestTimeoutMs\n\nHow long the client waits.");
    for (const length of p.lengths) expect(length).not.toMatch(/\n#+ [^\n]*$/);
  });

  it("keeps a section's lead when the whole section fits: a run that starts at the match is not preferred for being shorter", () => {
    const option = pageText(
      "page",
      blocksFromMarkdown(
        [
          "# Options",
          "Intro.",
          "## Trailing Commas",
          "*Default value changed from es5 to all in v3.0.0.*",
          "Print trailing commas wherever possible.",
          "Valid options:",
          '- `"all"`: trailing commas wherever possible, including function parameters.',
          "## Semicolons",
          "Print semicolons at the ends of statements.",
        ].join("\n\n"),
      ),
    );
    const p = bestPassage(option, queryTerms("trailing commas after function parameters"), 2000)!;
    expect(p.heading?.text).toBe("Trailing Commas");
    expect(p.lengths.at(-1)).toMatch(/^## Trailing Commas\n\n\*Default value changed from es5 to all in v3\.0\.0\.\*/);
    expect(p.lengths.at(-1)).toContain("including function parameters");
  });

  it("offers shorter lengths that end on a boundary, all within the bound, a cut code block closed by its fence", () => {
    const p = bestPassage(page, queryTerms("maxRetries"), 80)!;
    // The bound is under the minimum shorter form: only whole blocks are offered. The run of blocks that fits and
    // holds the term starts at the code block, after its heading and a mark of what was skipped.
    expect(p.lengths.every((l) => l.length <= 80)).toBe(true);
    expect(p.lengths.at(-1)).toBe("## Retries\n\n…\n\n```js\nnew Client({\n  maxRetries: 5,\n});\n```");
    expect(p.cut).toBe(true);
    const lines = Array.from({ length: 40 }, (_, i) => `echo line ${i}`);
    const code = pageText("page", blocksFromMarkdown(`## Code\n\n\`\`\`sh\n${lines.join("\n")}\n\`\`\``));
    const cut = bestPassage(code, queryTerms("line"), 300)!;
    expect(cut.lengths.length).toBeGreaterThan(1);
    // Every shorter form ends at a line end with the fence closed, and none is shorter than the minimum.
    for (const form of cut.lengths) {
      expect(form).toMatch(/^## Code\n\n```sh\n(echo line \d+\n)+```$/);
      expect(form.length).toBeGreaterThanOrEqual(MIN_PASSAGE_CHARS);
      expect(form.length).toBeLessThanOrEqual(300);
    }
  });

  it("never answers with a bare heading: a title directly over a section takes that section's text", () => {
    const titled = pageText("page", blocksFromMarkdown("# Payments API\n\n## POST /charges\n\nCreates a charge."));
    expect(bestPassage(titled, queryTerms("payments api"), 2000)!.lengths.at(-1)).toBe(
      "# Payments API\n\n## POST /charges\n\nCreates a charge.",
    );
  });

  it("uses the words the service highlighted (its own analysis) beside the query's", () => {
    expect(highlightedWords("a **Timeouts** b **requests**", "**", "**")).toEqual(["Timeouts", "requests"]);
    const p = bestPassage(page, queryTerms("zzz", ["Timeouts"]), 2000)!;
    expect(p.heading?.text).toBe("Timeouts");
  });

  it("splits identifiers into their parts so a question in words finds them", () => {
    expect(queryTerms("the maxRetries option")).toEqual(expect.arrayContaining(["maxretri", "max", "retri", "option"]));
  });
});

describe("passageForms", () => {
  const filler = "Install the package, then read the overview of the settings it offers. ".repeat(4).trim();
  const tokens = pageText(
    "page",
    blocksFromMarkdown(
      [
        "# Auth",
        "## Tokens",
        filler,
        filler,
        "A token expires after one hour; call renew() before that.",
        "## Scopes",
        "Scopes limit what a token may do.",
      ].join("\n\n"),
    ),
  );
  const terms = queryTerms("when does a token expire");

  it("offers, for a small budget, the best short run rather than the start of the best long one", () => {
    const forms = passageForms(tokens, terms, 1600);
    const lengths = forms.map((f) => f.text.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    const firstWithFact = forms.find((f) => f.text.includes("expires after one hour"))!;
    expect(firstWithFact.text).toMatch(/^## Tokens\n\n…\n\nA token expires after one hour/);
    expect(firstWithFact.heading?.text).toBe("Tokens");
    expect(firstWithFact.truncated).toBe(true);
    // The longest run alone holds the fact only after both filler paragraphs.
    const prefixes = bestPassage(tokens, terms, 1600)!.lengths;
    expect(prefixes.find((t) => t.includes("expires after one hour"))!.length).toBeGreaterThan(
      firstWithFact.text.length + filler.length,
    );
  });

  it("keeps every form within the bound and the longest untruncated when its section fits whole", () => {
    const forms = passageForms(tokens, terms, 1600);
    expect(forms.every((f) => f.text.length <= 1600)).toBe(true);
    expect(forms.at(-1)!.text).toContain(filler);
    expect(passageForms(pageText("page", []), terms, 1600)).toEqual([]);
  });
});

describe("queryTerms", () => {
  it("drops Lucene's English stop words, as the index's analysis does, and the words a question is phrased with", () => {
    expect(queryTerms("such as into their then there will which")).toEqual([]);
    expect(queryTerms("why is the token not refreshed")).toEqual(["token", "refresh"]);
  });
});
