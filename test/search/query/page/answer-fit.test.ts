// Fitting the tools' answers to max_tokens, measured whole: hits filled best first, pages cut between blocks.
import { describe, expect, it } from "vitest";
import {
  budgetOf,
  fitHits,
  fitPageView,
  hitForms,
  resultTokens,
  TOKEN_BUDGETS,
} from "../../../../src/search/query/page/answer-fit.js";
import type { TextBlock } from "../../../../src/search/views/tool-result-text.js";
import { blocksFromMarkdown } from "../../../../src/search/query/page/page-blocks.js";
import { pageText } from "../../../../src/search/query/page/page-text.js";
import { estimateTokens } from "../../../../src/search/query/page/token-budget.js";

const page = pageText(
  "page",
  blocksFromMarkdown(
    ["# Title", "First paragraph here.", "## Next", "Second paragraph, a bit longer than the first one."].join("\n\n"),
  ),
);
const whole = { start: 0, end: page.text.length };
/** The text's tokens and 10 for each outline entry. */
const measure = (a: { text: string; outline: unknown[] }) => estimateTokens(a.text) + 10 * a.outline.length;

describe("resultTokens", () => {
  it("counts the larger of a result's two forms, the text blocks or the structuredContent JSON, not their sum", () => {
    const structured = { results: [{ snippet: "x".repeat(800) }] };
    const json = estimateTokens(JSON.stringify(structured)); // a little over 200
    // Text under the JSON: the JSON's tokens; text over it: the text's. Never the two added up.
    expect(resultTokens([{ text: "a".repeat(200) }, { text: "b".repeat(200) }], structured)).toBe(json);
    expect(resultTokens([{ text: "a".repeat(2000) }], structured)).toBe(500);
  });
});

describe("fitPageView", () => {
  it("ends at the last block boundary that fits and says where to read on", () => {
    const view = fitPageView(page, { range: whole, section: null, offset: 0, maxChars: 1e6 }, (v) => v, measure, 10);
    expect(view.text).toBe("# Title\n\nFirst paragraph here.");
    expect(view.next_offset).toBe(page.text.indexOf("## Next"));
    expect(view.outline).toEqual([]); // 20 tokens: over a quarter of 10
  });

  it("cuts inside a block only when not even that block fits, at a word end, and reads on from there", () => {
    const long = pageText("page", blocksFromMarkdown("alpha beta gamma delta epsilon zeta eta theta iota kappa"));
    const view = fitPageView(
      long,
      { range: { start: 0, end: long.text.length }, section: null, offset: 0, maxChars: 20 },
      (v) => v,
      () => 0,
      100,
    );
    expect(view.text).toBe("alpha beta gamma");
    expect(long.text.slice(view.next_offset!)).toBe("delta epsilon zeta eta theta iota kappa");
  });

  it("ends at a line end rather than inside a long line stored in pieces, when the line does not fit whole", () => {
    // A one-line paragraph over MAX_BLOCK_CHARS is stored in pieces that end at sentence ends, inside the line.
    const sentence = "This sentence is one of many in a long paragraph on a single line. ";
    const longLine = sentence.repeat(40).trim();
    const reference = pageText("page", blocksFromMarkdown(`# API\n\nShort lead.\n\n${longLine}\n\nAfter.`));
    expect(reference.blocks.length).toBeGreaterThan(4); // the long line is in pieces
    const range = { start: 0, end: reference.text.length };
    // Room for the lead and the line's first piece (1,540 characters), not the whole line: the view ends after the
    // lead, not inside the line.
    const view = fitPageView(
      reference,
      { range, section: null, offset: 0, maxChars: 2000 },
      (v) => v,
      () => 0,
      1e6,
    );
    expect(view.text).toBe("# API\n\nShort lead.");
    expect(reference.text.slice(view.next_offset!)).toMatch(/^This sentence/);
    // A line that fits no view whole is still cut between its pieces, at a sentence end.
    const inside = fitPageView(
      reference,
      { range, section: null, offset: view.next_offset!, maxChars: 2000 },
      (v) => v,
      () => 0,
      1e6,
    );
    expect(inside.text).toMatch(/single line\.$/);
    expect(inside.text.length).toBeLessThanOrEqual(2000);
  });

  it("rather than end on a heading, cuts the first paragraph under it at a sentence end", () => {
    const titled = pageText(
      "page",
      blocksFromMarkdown("# Title\n\nFirst sentence here. Second sentence is much longer."),
    );
    const view = fitPageView(
      titled,
      { range: { start: 0, end: titled.text.length }, section: null, offset: 0, maxChars: 40 },
      (v) => v,
      () => 0,
      100,
    );
    expect(view.text).toBe("# Title\n\nFirst sentence here.");
    expect(titled.text.slice(view.next_offset!)).toBe("Second sentence is much longer.");
  });

  it("gives the whole outline when it is small, and only higher levels when it would take over a quarter", () => {
    const small = fitPageView(page, { range: whole, section: null, offset: 0, maxChars: 1e6 }, (v) => v, measure, 2000);
    expect(small.outline.map((h) => h.text)).toEqual(["Title", "Next"]);
    const tight = fitPageView(page, { range: whole, section: null, offset: 0, maxChars: 1e6 }, (v) => v, measure, 60);
    expect(tight.outline.map((h) => h.text)).toEqual(["Title"]);
    expect(tight.outline_cut).toBe(true);
  });
});

describe("fitHits", () => {
  const render = (a: { results: { snippet: string }[]; notes: string[] }): TextBlock[] =>
    a.results.map((r) => ({ type: "text", text: r.snippet }));
  const hit = { snippet: "", snippet_truncated: false, key: "k" };
  const passage = [
    { text: "short.", heading: null, truncated: true },
    { text: "short. And a much longer passage that follows it.", heading: null, truncated: false },
  ];

  it("fills best first with the longest passage that fits and notes the hits left out", () => {
    const forms = [hitForms(hit, passage, "page"), hitForms(hit, passage, "page"), hitForms(hit, passage, "page")];
    const answer = fitHits(forms, (results, notes) => ({ results, notes }), render, 60, []);
    expect(answer.results.length).toBeLessThan(3);
    expect(answer.notes).toEqual([`max_tokens 60: ${answer.results.length} of 3 results shown (raise it for more)`]);
    const big = fitHits(forms, (results, notes) => ({ results, notes }), render, 2000, []);
    expect(big.results.map((r) => r.snippet)).toEqual(Array(3).fill(passage[1]!.text));
    expect(big.notes).toEqual([]);
  });

  it("takes budgets up to 20,000, defaults when none is given, and refuses one below the smallest, naming it", () => {
    expect(budgetOf(undefined, TOKEN_BUDGETS.searchDefault)).toBe(2000);
    expect(budgetOf(TOKEN_BUDGETS.min, 2000)).toBe(TOKEN_BUDGETS.min);
    expect(budgetOf(1e9, 2000)).toBe(20_000);
    expect(() => budgetOf(TOKEN_BUDGETS.min - 1, 2000)).toThrow(
      `max_tokens refused: ${TOKEN_BUDGETS.min - 1} is below the smallest budget that answers (${TOKEN_BUDGETS.min} tokens`,
    );
  });
});
