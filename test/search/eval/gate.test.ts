// The relevance check of the blue/green verification (pure): a comparison's regressions fail it, naming the
// queries; no golden file is reported as not checked.
import { formatVerification } from "../../../src/search/views/bluegreen-text.js";
import { describe, expect, it } from "vitest";
import { verifyGeneration, type VerificationInput } from "../../../src/search/bluegreen/verify.js";
import { compareReports, type ComparableReport } from "../../../src/search/eval/compare.js";

const report = (ndcg10: number, urls: string[]): ComparableReport => ({
  index: { name: "docs-index-3", generation: "docs-index-3", etag: null },
  golden: { sha256: "s" },
  k: 5,
  queries: [{ id: "refunds", urls, relevant: [{ url: "A", grade: 2 }], recall: 1, mrr: 1, ndcg10 }],
  overall: { recall: 1, mrr: 1, ndcg10 },
});
const input: VerificationInput = {
  run: {
    status: "success",
    errorMessage: null,
    startTime: "t",
    endTime: "t",
    itemsProcessed: 10,
    itemsFailed: 0,
    errors: [],
    warnings: [],
  } as unknown as VerificationInput["run"],
  liveCount: 10,
  nextCount: 10,
  fields: [],
  uncountedFields: [],
  tolerance: 0.1,
  classify: { container: "$web", expectedFailures: [] },
};

describe("the relevance check of a blue/green verification", () => {
  it("a regression fails the verification naming the query; no regression passes", () => {
    const worse = compareReports(report(0.6, ["X", "A"]), report(1, ["A", "X"]), 0.05);
    const failed = verifyGeneration({ ...input, relevance: { golden: "g.yml", comparison: worse } });
    expect(failed.ok).toBe(false);
    expect(failed.failure).toMatch(/^relevance: mean nDCG@10 dropped by 0\.400 .*worse: refunds 1\.000 → 0\.600$/);
    const same = compareReports(report(1, ["A"]), report(1, ["A"]), 0.05);
    expect(verifyGeneration({ ...input, relevance: { golden: "g.yml", comparison: same } }).ok).toBe(true);
  });

  it("a generation that lost every answer fails on one readable line: the first five and how many more", () => {
    const ids = Array.from({ length: 12 }, (_, i) => `q${i + 1}`);
    const many = (ndcg10: number, urls: string[]): ComparableReport => ({
      ...report(ndcg10, urls),
      queries: ids.map((id) => ({ id, urls, relevant: [{ url: "A", grade: 2 }], recall: 1, mrr: 1, ndcg10 })),
    });
    const lost = compareReports(many(0, []), many(1, ["A"]), 0.05);
    const failed = verifyGeneration({ ...input, relevance: { golden: "g.yml", comparison: lost } });
    expect(failed.ok).toBe(false);
    const detail = failed.checks.at(-1)!.detail;
    // The mean's regression first, then four of the twelve lost answers.
    expect(detail).toMatch(/^mean nDCG@10 dropped by 1\.000 .*; q4: the answer A fell out of the top 5; and 8 more \(/);
    expect(detail).not.toContain("q5: the answer");
    expect(detail).toMatch(/worse: q1 1\.000 → 0\.000, .*q5 1\.000 → 0\.000, and 7 more$/);
  });

  it("without a golden file the check says so and passes", () => {
    const v = verifyGeneration({ ...input, relevance: { skipped: "no golden queries at x/eval/golden-queries.yml" } });
    expect(v.ok).toBe(true);
    expect(v.checks.at(-1)).toEqual({
      name: "relevance",
      ok: true,
      skipped: true,
      detail: "not checked: no golden queries at x/eval/golden-queries.yml",
    });
    // It does not fail the verification, and is not shown as passed either.
    expect(formatVerification(v).split("\n").at(-1)).toBe(
      "skip relevance: not checked: no golden queries at x/eval/golden-queries.yml",
    );
  });
});
