// The dedup filter (src/search/dedup/filter.ts) and which form a query sends (src/search/dedup/policy.ts): one
// document per page, tightened to the strict form only once a count shows no document with a null `format`.
import { describe, expect, it } from "vitest";
import { DEDUP_FILTER_STRICT, DEDUP_FILTER_TRANSITIONAL, dedupFilter } from "../../../src/search/dedup/filter.js";
import { chosenDedup, decideDedup, NULL_FORMAT_FILTER } from "../../../src/search/dedup/policy.js";

const at = "2026-11-25T10:00:00.000Z";

describe("dedupFilter", () => {
  it("keeps documents without a format in the transitional form, only HTML pages in the strict one", () => {
    expect(dedupFilter("transitional")).toBe("format eq null or format eq '.html'");
    expect(dedupFilter("strict")).toBe("format eq '.html'");
    expect([DEDUP_FILTER_TRANSITIONAL, DEDUP_FILTER_STRICT]).toEqual([
      dedupFilter("transitional"),
      dedupFilter("strict"),
    ]);
  });

  it("sends no filter when dedup is off", () => {
    expect(dedupFilter("off")).toBeUndefined();
  });
});

describe("decideDedup", () => {
  it("counts the documents with a null format, the query that verifies coverage", () => {
    expect(NULL_FORMAT_FILTER).toBe("format eq null");
  });

  it("tightens to the strict filter when none of the counted documents holds a null format", () => {
    expect(decideDedup({ kind: "counted", nullFormat: 0, total: 42, checkedAt: at })).toEqual({
      mode: "strict",
      filter: "format eq '.html'",
      basis: `verified at ${at}: none of 42 documents has a null format`,
      checkedAt: at,
    });
  });

  it("stays transitional while documents hold a null format, saying how many and when it counted", () => {
    const decision = decideDedup({ kind: "counted", nullFormat: 3, total: 10, checkedAt: at });
    expect(decision).toMatchObject({ mode: "transitional", filter: DEDUP_FILTER_TRANSITIONAL, checkedAt: at });
    expect(decision.basis).toBe(`3 of 10 documents still hold a null format (checked ${at}); they are kept`);
  });

  it("stays transitional on an empty index: no document proves the coverage", () => {
    const decision = decideDedup({ kind: "counted", nullFormat: 0, total: 0, checkedAt: at });
    expect(decision.mode).toBe("transitional");
    expect(decision.basis).toBe(`the index was empty at ${at}, so format coverage is not verified`);
  });

  it("stays transitional when the count failed or has not run, and says why", () => {
    const failed = decideDedup({ kind: "failed", reason: "403 Forbidden", checkedAt: at });
    expect(failed).toMatchObject({ mode: "transitional", checkedAt: at });
    expect(failed.basis).toContain("could not be checked (403 Forbidden)");
    const unchecked = decideDedup({ kind: "not-checked" });
    expect(unchecked).toMatchObject({ mode: "transitional", filter: DEDUP_FILTER_TRANSITIONAL, checkedAt: null });
    expect(unchecked.basis).toBe(
      "format coverage not checked yet; the transitional filter keeps unprocessed documents",
    );
  });
});

describe("chosenDedup", () => {
  it("takes the mode the caller chose, with the caller's basis and no check time", () => {
    expect(chosenDedup("strict", "--dedup strict")).toEqual({
      mode: "strict",
      filter: DEDUP_FILTER_STRICT,
      basis: "--dedup strict",
      checkedAt: null,
    });
  });
});
