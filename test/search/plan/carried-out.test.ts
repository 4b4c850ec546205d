// How a plan counts when the deploy carries it out: deploy --blue-green rebuilds an index whose changes could
// apply in place (or that has none), and every rendering counts it as the rebuild it is.
import { describe, expect, it } from "vitest";
import { carriedOutSummary, isForcedRebuild } from "../../../src/search/plan/carried-out.js";
import type { Action, Plan } from "../../../src/search/plan/plan.js";

const planWith = (index: Action): Plan => ({
  objects: [
    { kind: "index", name: "docs-index", action: index, changes: [], notes: [] },
    { kind: "datasource", name: "docs-datasource", action: "unchanged", changes: [], notes: [] },
    { kind: "indexer", name: "docs-indexer", action: "update", changes: [], notes: [] },
  ],
  addedFields: [],
  rebuildRequired: index === "rebuild",
  summary: { create: 0, unchanged: 0, update: 0, rebuild: 0 },
});

describe("carriedOutSummary", () => {
  it("counts an index deploy --blue-green rebuilds as a rebuild, whether it had in-place changes or none", () => {
    expect(carriedOutSummary(planWith("update"), true)).toEqual({ create: 0, unchanged: 1, update: 1, rebuild: 1 });
    expect(carriedOutSummary(planWith("unchanged"), true)).toEqual({ create: 0, unchanged: 1, update: 1, rebuild: 1 });
  });

  it("without a blue/green build, counts each object's own action (from the objects, not a stale summary)", () => {
    expect(carriedOutSummary(planWith("update"), false)).toEqual({ create: 0, unchanged: 1, update: 2, rebuild: 0 });
    expect(carriedOutSummary(planWith("rebuild"), true)).toEqual({ create: 0, unchanged: 1, update: 1, rebuild: 1 });
  });

  it("a created index is never a forced rebuild", () => {
    expect(isForcedRebuild("create", true)).toBe(false);
    expect(isForcedRebuild("rebuild", true)).toBe(false);
    expect(isForcedRebuild("update", false)).toBe(false);
  });
});
