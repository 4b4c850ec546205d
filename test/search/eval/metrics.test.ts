// Retrieval metrics on hand-computed cases (discount 1/log2(rank + 1): 1, 0.630930, 0.5, ...).
import { describe, expect, it } from "vitest";
import { meanMetrics, queryMetrics, type RankedResult } from "../../../src/search/eval/metrics.js";

const ranked = (...items: [string, number][]): RankedResult[] => items.map(([url, score]) => ({ url, score }));
const grades = (entries: Record<string, number>) => new Map(Object.entries(entries));
const AB = grades({ A: 2, B: 1 });

describe("recall@k, MRR and nDCG@10 of one query", () => {
  it("the ideal order scores 1 throughout", () => {
    expect(queryMetrics(ranked(["A", 3], ["B", 2], ["X", 1]), AB, 5, "exponential")).toEqual({
      recall: 1,
      mrr: 1,
      ndcg10: 1,
    });
  });

  it("the useful page above the answer: nDCG with exponential and with linear gain", () => {
    // exponential: (1 + 3 * 0.630930) / (3 + 1 * 0.630930) = 2.892789 / 3.630930 = 0.796708
    const exp = queryMetrics(ranked(["B", 3], ["A", 2]), AB, 5, "exponential");
    expect(exp.ndcg10).toBeCloseTo(0.796708, 6);
    expect(exp.mrr).toBe(1);
    // linear: (1 + 2 * 0.630930) / (2 + 1 * 0.630930) = 2.261860 / 2.630930 = 0.859719
    expect(queryMetrics(ranked(["B", 3], ["A", 2]), AB, 5, "linear").ndcg10).toBeCloseTo(0.859719, 6);
  });

  it("no graded page returned, or nothing returned at all: 0 throughout", () => {
    const none = { recall: 0, mrr: 0, ndcg10: 0 };
    expect(queryMetrics(ranked(["X", 2], ["Y", 1]), AB, 5, "exponential")).toEqual(none);
    expect(queryMetrics([], AB, 5, "exponential")).toEqual(none);
  });

  it("a graded page that is not returned lowers recall and the ideal DCG still counts it", () => {
    // only A returned: recall 1/2; nDCG = 3 / (3 + 0.630930) = 0.826235
    const m = queryMetrics(ranked(["A", 1]), AB, 5, "exponential");
    expect(m.recall).toBe(0.5);
    expect(m.ndcg10).toBeCloseTo(0.826235, 6);
  });

  it("recall counts only the first k results; MRR is the reciprocal rank of the first graded page", () => {
    const m = queryMetrics(ranked(["X", 4], ["Y", 3], ["A", 2], ["B", 1]), AB, 3, "exponential");
    expect(m.recall).toBe(0.5);
    expect(m.mrr).toBeCloseTo(1 / 3, 10);
  });

  it("ties: two results with equal scores share ranks 1 and 2 whatever order they came in", () => {
    // X and A tied: A is at rank 1 or 2 with equal chance.
    // nDCG = 3 * (1 + 0.630930) / 2 / 3 = 0.815465; MRR = (1 + 1/2) / 2 = 0.75; recall@1 = 1/2
    const answerOnly = grades({ A: 2 });
    for (const order of [ranked(["X", 1.5], ["A", 1.5]), ranked(["A", 1.5], ["X", 1.5])]) {
      const m = queryMetrics(order, answerOnly, 1, "exponential");
      expect(m.ndcg10).toBeCloseTo(0.815465, 6);
      expect(m.mrr).toBeCloseTo(0.75, 10);
      expect(m.recall).toBeCloseTo(0.5, 10);
    }
  });

  it("ties: a group of three holding both graded pages", () => {
    // ranks 1-3 tied, A (gain 3) and B (gain 1) among them: DCG = 4 * (1 + 0.630930 + 0.5) / 3 = 2.841240,
    // ideal 3.630930 → 0.782510; MRR = 2/3 * 1 + 1/3 * 1/2 = 0.833333; recall@2 = 2 * (2/3) / 2 = 0.666667
    const m = queryMetrics(ranked(["A", 1], ["X", 1], ["B", 1]), AB, 2, "exponential");
    expect(m.ndcg10).toBeCloseTo(0.78251, 5);
    expect(m.mrr).toBeCloseTo(0.833333, 6);
    expect(m.recall).toBeCloseTo(0.666667, 6);
  });

  it("a URL returned twice counts once (a Markdown twin under the same URL cannot inflate the figures)", () => {
    expect(queryMetrics(ranked(["A", 3], ["A", 2], ["B", 1]), AB, 5, "exponential").ndcg10).toBeLessThan(1);
    expect(queryMetrics(ranked(["A", 3], ["A", 2]), grades({ A: 2 }), 5, "exponential").ndcg10).toBe(1);
  });

  it("only the first 10 results count for nDCG@10", () => {
    const filler = Array.from({ length: 10 }, (_, i): [string, number] => [`X${i}`, 20 - i]);
    expect(queryMetrics(ranked(...filler, ["A", 1]), grades({ A: 2 }), 20, "exponential")).toEqual({
      recall: 1,
      mrr: 1 / 11,
      ndcg10: 0,
    });
  });

  it("overall figures are the means", () => {
    expect(
      meanMetrics([
        { recall: 1, mrr: 1, ndcg10: 1 },
        { recall: 0, mrr: 0.5, ndcg10: 0.25 },
      ]),
    ).toEqual({ recall: 0.5, mrr: 0.75, ndcg10: 0.625 });
    expect(meanMetrics([])).toEqual({ recall: 0, mrr: 0, ndcg10: 0 });
  });
});
