import { describe, expect, it } from "vitest";
import {
  alternatingSchedule,
  compareTrees,
  median,
  needsWarmUp,
  testCountsOf,
  testFilesOf,
} from "../../bench/test-suite/compare.js";

describe("bench:test-suite --against: the comparison core", () => {
  it("warms a tree that never ran or has a file newer than its last run, and no other", () => {
    expect(needsWarmUp(undefined, 1_000)).toBe(true);
    expect(needsWarmUp(2_000, 1_000)).toBe(false);
    expect(needsWarmUp(2_000, 2_000)).toBe(false);
    expect(needsWarmUp(2_000, 2_001)).toBe(true);
  });

  it("alternates the trees, current first, one of each a round", () => {
    expect(alternatingSchedule(2, true)).toEqual(["current", "reference", "current", "reference"]);
    expect(alternatingSchedule(3, false)).toEqual(["current", "current", "current"]);
  });

  it("reads npm test's closing line and, for an older tree, vitest's own summary", () => {
    expect(testCountsOf("…\ntests: 1804 passed, 0 failed\n")).toEqual({ passed: 1804, failed: 0, skipped: 0 });
    expect(testCountsOf("tests: 10 passed, 2 failed, 3 skipped")).toEqual({ passed: 10, failed: 2, skipped: 3 });
    expect(testCountsOf(" Test Files  190 passed (190)\n      Tests  1457 passed (1457)\n")).toEqual({
      passed: 1457,
      failed: 0,
      skipped: 0,
    });
    expect(testCountsOf("      Tests  2 failed | 1450 passed | 5 skipped (1457)\n")).toEqual({
      passed: 1450,
      failed: 2,
      skipped: 5,
    });
    expect(testCountsOf("no summary here")).toBeUndefined();
    expect(testFilesOf(" Test Files  1 failed | 189 passed (190)")).toBe(189);
  });

  it("takes medians of each tree and divides current by reference", () => {
    const comparison = compareTrees([
      { tree: "current", wallS: 60, cpuS: 100 },
      { tree: "reference", wallS: 50, cpuS: 90 },
      { tree: "current", wallS: 66, cpuS: 110 },
      { tree: "reference", wallS: 60, cpuS: 100 },
    ]);
    expect(comparison?.current.medianWallS).toBe(63);
    expect(comparison?.reference.medianWallS).toBe(55);
    expect(comparison?.wallRatio).toBeCloseTo(63 / 55, 10);
    expect(comparison?.cpuRatio).toBeCloseTo(105 / 95, 10);
  });

  it("has no ratio without runs of both trees, and no CPU ratio when a run has no CPU figure", () => {
    expect(compareTrees([{ tree: "current", wallS: 60 }])).toBeUndefined();
    const noCpu = compareTrees([
      { tree: "current", wallS: 40 },
      { tree: "reference", wallS: 50, cpuS: 90 },
    ]);
    expect(noCpu?.wallRatio).toBe(0.8);
    expect(noCpu?.cpuRatio).toBeUndefined();
  });

  it("refuses the median of nothing", () => {
    expect(() => median([])).toThrow(RangeError);
    expect(median([3, 1, 2])).toBe(2);
  });
});
