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
