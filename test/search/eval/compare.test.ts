// Comparing an evaluation with a baseline: which queries got worse and when that is a regression.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/config/load.js";
import { compareReports, parseBaseline, type ComparableReport } from "../../../src/search/eval/compare.js";
import { duplicatePages } from "../../../src/search/eval/report.js";

const q = (id: string, urls: string[], ndcg10: number, answer = "A") => ({
  id,
  urls,
  relevant: [{ url: answer, grade: 2 }],
  recall: urls.slice(0, 2).includes(answer) ? 1 : 0,
  mrr: urls.includes(answer) ? 1 / (urls.indexOf(answer) + 1) : 0,
  ndcg10,
});
const report = (queries: ComparableReport["queries"], sha = "s"): ComparableReport => ({
  index: { name: "docs-index", generation: "docs-index-1", etag: '"0x1"' },
  golden: { sha256: sha },
  k: 2,
  queries,
  overall: { recall: 0, mrr: 0, ndcg10: queries.reduce((s, x) => s + x.ndcg10, 0) / queries.length },
});

describe("compareReports", () => {
  const before = report([q("a", ["A", "X"], 1), q("b", ["A", "X"], 1), q("c", ["X", "A"], 0.6)]);

  it("an answer leaving the top k is a regression even when the mean stays within the tolerance", () => {
    const after = report([q("a", ["A", "X"], 1), q("b", ["X", "Y", "A"], 0.95), q("c", ["X", "A"], 0.6)]);
    const c = compareReports(after, before, 0.05);
    expect(c.mean_ndcg10.drop).toBeCloseTo(0.05 / 3, 10);
    expect(c.worse.map((w) => [w.id, w.lost_answers])).toEqual([["b", ["A"]]]);
    expect(c.regressions).toEqual(["b: the answer A fell out of the top 2"]);
  });

  it("a lost answer the golden file accepts (accepted_loss) is reported with its reason, not a regression", () => {
    const after = report([q("a", ["A", "X"], 1), q("b", ["X", "Y", "A"], 0.95), q("c", ["X", "A"], 0.6)]);
    after.queries[1]!.accepted_loss = "lexical retrieval cannot bridge the words; needs a synonym map";
    const c = compareReports(after, before, 0.05);
    expect(c.regressions).toEqual([]);
    expect(c.accepted_losses).toEqual([
      "b: the answer A fell out of the top 2 (accepted: lexical retrieval cannot bridge the words; needs a synonym map)",
    ]);
    expect(c.worse.map((w) => w.id)).toEqual(["b"]);
    // The acceptance is per query: another query's loss still fails, and so does a mean drop beyond the tolerance.
    const both = report([q("a", ["X", "Y"], 0.2), q("b", ["X", "Y", "A"], 0.95), q("c", ["X", "A"], 0.6)]);
    both.queries[1]!.accepted_loss = "lexical retrieval cannot bridge the words; needs a synonym map";
    expect(compareReports(both, before, 0.05).regressions).toEqual([
      "mean nDCG@10 dropped by 0.283 (0.867 → 0.583), more than the tolerance of 0.05",
      "a: the answer A fell out of the top 2",
    ]);
  });

  it("a mean drop beyond the tolerance is a regression; within it, worse queries are listed but pass", () => {
    const slightly = report([q("a", ["A", "X"], 0.97), q("b", ["A", "X"], 1), q("c", ["X", "A"], 0.6)]);
    const ok = compareReports(slightly, before, 0.05);
    expect(ok.worse.map((w) => w.id)).toEqual(["a"]);
    expect(ok.regressions).toEqual([]);
    const much = report([q("a", ["A", "X"], 0.8), q("b", ["A", "X"], 0.9), q("c", ["X", "A"], 0.6)]);
    expect(compareReports(much, before, 0.05).regressions).toEqual([
      "mean nDCG@10 dropped by 0.100 (0.867 → 0.767), more than the tolerance of 0.05",
    ]);
  });

  it("queries are matched by id; added or removed ones are listed and left out of the means", () => {
    const other = report([q("a", ["A", "X"], 1), q("d", ["X", "Y"], 0)], "t");
    const c = compareReports(other, before, 0.05);
    expect(c).toMatchObject({ same_golden: false, only_in_baseline: ["b", "c"], only_in_current: ["d"] });
    expect(c.mean_ndcg10).toEqual({ before: 1, after: 1, drop: 0 });
    expect(c.regressions).toEqual([]);
  });

  it("a Markdown twin newly in the top k is a regression: the dedup filter leaked", () => {
    const leaked = report([q("a", ["A", "A.md"], 1), q("b", ["A", "X"], 1), q("c", ["X", "A"], 0.6)]);
    leaked.queries[0]!.duplicate_pages = ["A.md"];
    const c = compareReports(leaked, before, 0.05);
    expect(c.worse.map((w) => [w.id, w.new_duplicates])).toEqual([["a", ["A.md"]]]);
    expect(c.regressions).toEqual([
      "a: A.md is a second copy of a page in the top 2 (the dedup filter let it through)",
    ]);
  });

  it("duplicatePages finds a page in a second format beside its public URL", () => {
    const base = "https://docs.example.com/payments/guides";
    expect(duplicatePages([`${base}/refunds`, `${base}/refunds.md`, `${base}/faq.md`, null])).toEqual([
      `${base}/refunds.md`,
    ]);
  });

  it("a baseline that is not an eval report is refused naming the file and key", () => {
    expect(() => parseBaseline("{", "base.json")).toThrow(ConfigError);
    expect(() => parseBaseline('{"format_version":"1.0"}', "base.json")).toThrow(/^base\.json: index: /);
  });
});
