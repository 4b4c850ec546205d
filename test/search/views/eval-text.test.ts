// `docs-index eval` as text and as Markdown for a pull request (src/search/views/eval-text.ts): what was evaluated
// (index, eTag, golden file), per query its figures and why it lost, then the verdict against a baseline.
import { describe, expect, it } from "vitest";
import { compareReports } from "../../../src/search/eval/compare.js";
import { buildEvalReport, type EvalProvenance, type QueryRun } from "../../../src/search/eval/report.js";
import { fieldsLackingNote, formatEvalReport, renderEvalMarkdown } from "../../../src/search/views/eval-text.js";

const answer = "https://docs.example.com/billing/refunds";
const provenance: EvalProvenance = {
  index: { name: "docs-index", generation: "docs-index-3", etag: '"0x1"' },
  lastSuccessfulRun: "2026-11-23T08:05:00Z",
  unknown: [],
  golden: { path: "search-definitions/eval/golden-queries.yml", sha256: "ab".repeat(32) },
  dedupFilter: "format eq '.html'",
  at: "2026-11-24T00:00:00Z",
};
const run = (urls: string[]): QueryRun => ({
  query: {
    id: "refunds",
    query: "how do refunds work",
    mode: "keyword",
    excludeSections: [],
    relevant: [{ ref: "billing/refunds.html", url: answer, grade: 2 }],
  },
  answeredAs: "keyword",
  results: urls.map((url, i) => ({ url, score: 10 - i })),
  notes: [],
});
const options = { k: 5, gain: "exponential" as const };

describe("formatEvalReport", () => {
  it("states what was evaluated, the query's figures and the overall line", () => {
    const report = buildEvalReport([run([answer])], provenance, options);
    expect(formatEvalReport(report).split("\n")).toEqual([
      `index docs-index (generation docs-index-3), eTag "0x1", last successful run 2026-11-23T08:05:00Z`,
      `golden search-definitions/eval/golden-queries.yml (1 queries, sha256 ${"ab".repeat(6)}…), k 5, gain exponential, evaluated 2026-11-24T00:00:00Z`,
      "dedup filter: format eq '.html'",
      "",
      "query    recall@5  MRR    nDCG@10",
      "refunds  1.000     1.000  1.000",
      "",
      "overall: recall@5 1.000, MRR 1.000, nDCG@10 1.000 over 1 queries",
    ]);
  });

  it("says why a query lost, a Markdown twin included, and ends a comparison with its verdict", () => {
    const before = buildEvalReport([run([answer])], provenance, options);
    const after = buildEvalReport(
      [run(["https://docs.example.com/billing/a", "https://docs.example.com/billing/a.md"])],
      provenance,
      options,
    );
    const text = formatEvalReport(after, compareReports(after, before, 0.05));
    expect(text).toContain(
      `(answer not in top 5: ${answer}; page twice (dedup leak): https://docs.example.com/billing/a.md)`,
    );
    expect(text).toContain("; 1 with a page twice (dedup leak)");
    expect(text).toMatch(/\nverdict: REGRESSION\n {2}\S/);
  });
});

describe("renderEvalMarkdown", () => {
  it("heads with the figures, says there is no regression, and folds every query away", () => {
    const report = buildEvalReport([run([answer])], provenance, options);
    const md = renderEvalMarkdown(report, compareReports(report, report, 0.05)).split("\n");
    expect(md[0]).toBe("### Relevance: recall@5 1.000, MRR 1.000, nDCG@10 1.000 over 1 queries");
    expect(md).toContain("**No regression** against the baseline.");
    expect(md).toContain("<details><summary>Every query</summary>");
    expect(md).toContain(`| refunds | 1.000 | 1.000 | 1.000 | ${answer} |`);
  });
});

describe("fieldsLackingNote", () => {
  it("names the index and the fields it lacks, and what the eval leaves out", () => {
    expect(fieldsLackingNote({ note: "fields-lacking", index: "docs-index-1", fields: ["format", "section"] })).toBe(
      "docs-index-1 has no field format, section yet (null in every document until it is added): the eval selects only the fields it has and leaves out filter clauses that hold for null",
    );
  });
});
