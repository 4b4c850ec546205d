// The pure part of `bench:test-suite`: which tree runs when, what a run's output counts, and the comparison of two
// trees timed in the same session. Times on this machine move with the day and the load, so the figure of record
// is a ratio of medians from runs that alternate in one session, never a time from another day.

export type Tree = "current" | "reference";

/** Alternating order, current first: a slow spell of the machine falls on both trees alike. */
export function alternatingSchedule(rounds: number, against: boolean): Tree[] {
  const order: Tree[] = [];
  for (let i = 0; i < rounds; i++) {
    order.push("current");
    if (against) order.push("reference");
  }
  return order;
}

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * The test counts a run printed: `npm test`'s closing line (`tests: N passed, N failed[, N skipped]`), or vitest's own
 * summary (`Tests  N passed (N)`, with `N failed |` and `N skipped |` before it) for a tree whose `npm test` ends
 * with vitest.
 */
export function testCountsOf(output: string): TestCounts | undefined {
  const plain = /^tests: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m.exec(output);
  if (plain) return { passed: +plain[1]!, failed: +plain[2]!, skipped: +(plain[3] ?? 0) };
  const line = /^\s*Tests\s+(.*)\(\d+\)\s*$/m.exec(output)?.[1];
  if (line === undefined) return undefined;
  const count = (word: string) => +(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
  return { passed: count("passed"), failed: count("failed"), skipped: count("skipped") };
}

/** vitest's count of test files that passed, when it printed one. */
export function testFilesOf(output: string): number | undefined {
  const files = /Test Files\s+(?:\d+ failed \| )?(\d+) passed/.exec(output);
  return files ? +files[1]! : undefined;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface TreeFigures {
  runs: number;
  wallS: number[];
  medianWallS: number;
  cpuS?: number[];
  medianCpuS?: number;
}

export interface Comparison {
  current: TreeFigures;
  reference: TreeFigures;
  /** Current median wall time over the reference's: at most 1.0 means the current suite is no slower. */
  wallRatio: number;
  /** The same for CPU seconds, which move less with the load; absent where /proc is not there. */
  cpuRatio?: number;
}

export interface TimedRun {
  tree: Tree;
  wallS: number;
  cpuS?: number;
}

function figuresOf(runs: readonly TimedRun[]): TreeFigures {
  const wallS = runs.map((r) => r.wallS);
  const cpus = runs.map((r) => r.cpuS).filter((c): c is number => c !== undefined);
  const cpu = cpus.length === runs.length && cpus.length > 0 ? { cpuS: cpus, medianCpuS: median(cpus) } : {};
  return { runs: runs.length, wallS, medianWallS: median(wallS), ...cpu };
}

/** The two trees' medians and their ratios; undefined when either tree has no run. */
export function compareTrees(runs: readonly TimedRun[]): Comparison | undefined {
  const current = runs.filter((r) => r.tree === "current");
  const reference = runs.filter((r) => r.tree === "reference");
  if (current.length === 0 || reference.length === 0) return undefined;
  const c = figuresOf(current);
  const r = figuresOf(reference);
  const cpuRatio =
    c.medianCpuS !== undefined && r.medianCpuS !== undefined && r.medianCpuS > 0
      ? { cpuRatio: c.medianCpuS / r.medianCpuS }
      : {};
  return { current: c, reference: r, wallRatio: c.medianWallS / r.medianWallS, ...cpuRatio };
}

/**
 * Whether a tree needs an untimed warm-up run before it is timed: ESLint, Prettier, knip, tsc, dependency-cruiser
 * and Node's compile cache redo their work for files changed since they last ran (dependency-cruiser the whole
 * tree), so the first run after an edit, a checkout or a fresh install is slower than the ones after it. True when
 * the tree has no record of a run (`lastRunMs` undefined) or a file is newer than that record.
 */
export function needsWarmUp(lastRunMs: number | undefined, newestFileMs: number): boolean {
  return lastRunMs === undefined || newestFileMs > lastRunMs;
}
