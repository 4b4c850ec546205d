// Benchmark: the whole `npm test` (lint + typecheck + vitest, as CI runs it) on this machine: wall time, CPU time and
// the number of tests. It prints figures and never fails on a goal; it exits 1 only when a suite itself fails (then
// its figures mean nothing) and 2 on a usage error or a reference that cannot be checked out.
// Usage: npm run bench:test-suite [-- --runs 2] [--against <ref>] [--phases] [--cold] [--json]
//   --against <ref>  also time the suite of another commit (checked out into a git worktree beside the system's
//                    temporary folder, installed with `npm ci`), alternating with this tree, `--runs` rounds each
//                    (at least 2), and print the ratio of the medians: current / reference.
//                    The goal is a ratio of at most 1.0: times move with the day and the load, so only runs of one
//                    session are compared.
//   --phases         also time ESLint, Prettier, `npm run typecheck` and `npx vitest run` one after the other, to see
//                    where the time goes (`npm test` runs them all at the same time: scripts/run-tests.mjs).
//   --cold           empty the tools' caches in node_modules/.cache/ (ESLint, Prettier, tsc, Node's compile cache)
//                    before each run, as in a fresh clone: the first run of CI.
// Without --cold every tree is timed warm: a tree with a file newer than its last run under this benchmark (an edit,
// a checkout, a fresh install, or no such run yet) first gets one untimed npm test, since the tools' caches make the
// first run after a change slower than the ones after it.
// The load average at the start of each run and the CPU seconds the run used (user + system of all its processes,
// from /proc on Linux) are printed beside the wall time: CPU moves far less with the load than wall time does.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  alternatingSchedule,
  compareTrees,
  needsWarmUp,
  testCountsOf,
  testFilesOf,
  type TestCounts,
  type Tree,
} from "./test-suite/compare.js";

const repoRoot = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    runs: { type: "string" },
    against: { type: "string" },
    phases: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    cold: { type: "boolean", default: false },
  },
});

function usage(message: string): never {
  process.stderr.write(`bench:test-suite: ${message}\n`);
  process.exit(2);
}

const runs = Number(values.runs ?? (values.against ? "2" : "1"));
if (!Number.isInteger(runs) || runs < 1)
  usage(`--runs: expected a whole number of runs (1 or more), got ${values.runs}`);
if (values.against && runs < 2) usage("--runs: a comparison with --against needs at least 2 rounds");

interface Timed {
  tree: Tree;
  script: string;
  wallS: number;
  exitCode: number;
  tests?: TestCounts;
  files?: number;
  load1: number;
  /** User + system CPU seconds of the run's processes (Linux only; undefined elsewhere). */
  cpuS?: number;
  output: string;
}

/**
 * CPU seconds used by this process's waited-for children and their descendants (cutime + cstime of
 * /proc/self/stat, in clock ticks of 1/100 s), or undefined where there is no /proc.
 */
function childrenCpuS(): number | undefined {
  try {
    // The fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/** The reference commit checked out and installed in its own worktree; reused when it is already there. */
function referenceTree(ref: string): string {
  let sha: string;
  try {
    sha = execFileSync("git", ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], {
      cwd: repoRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    usage(`--against: ${ref} is not a commit of this repository (git rev-parse found none)`);
  }
  const dir = path.join(tmpdir(), "docs-platform-test-suite", sha.slice(0, 12));
  if (!existsSync(path.join(dir, "package.json"))) {
    rmSync(dir, { recursive: true, force: true });
    execFileSync("git", ["worktree", "prune"], { cwd: repoRoot });
    execFileSync("git", ["worktree", "add", "--detach", dir, sha], { cwd: repoRoot, stdio: "ignore" });
  }
  if (!existsSync(path.join(dir, "node_modules", ".package-lock.json"))) {
    process.stderr.write(`installing ${ref} (${sha.slice(0, 12)}) in ${dir} with npm ci …\n`);
    const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
      timeout: 15 * 60_000,
    });
    if (install.status !== 0) usage(`--against: npm ci in ${dir} failed (exit ${install.status ?? install.signal})`);
  }
  return dir;
}

const cachesOf = (root: string) =>
  ["eslint", "prettier", "tsc", "node-compile-cache"].map((c) => path.join(root, "node_modules", ".cache", c));

/** When this benchmark last ran the tree's npm test (the mtime of a marker it writes after each run). */
const lastRunMarker = (root: string) => path.join(root, "node_modules", ".cache", "bench-test-suite", "last-run");
function lastRunMs(root: string): number | undefined {
  return existsSync(lastRunMarker(root)) ? statSync(lastRunMarker(root)).mtimeMs : undefined;
}
function recordRun(root: string): void {
  mkdirSync(path.dirname(lastRunMarker(root)), { recursive: true });
  writeFileSync(lastRunMarker(root), `${new Date().toISOString()}\n`);
}

/** The newest modification time among the tree's files: tracked, and untracked but not ignored. */
function newestFileMs(root: string): number {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }).split("\0");
  let newest = 0;
  for (const file of files) {
    if (!file) continue;
    try {
      newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
    } catch {
      // listed by the index but deleted in the work tree
    }
  }
  return newest;
}

/** Runs `npm test`, `npm run <script>` or `npx vitest run` in a tree with colours off: its times and output. */
function time(tree: Tree, cwd: string, script: string): Promise<Timed> {
  const load1 = loadavg()[0]!;
  const cpuBefore = childrenCpuS();
  const started = performance.now();
  const args = script === "test" ? ["test"] : script === "vitest" ? ["exec", "--", "vitest", "run"] : ["run", script];
  return new Promise((resolve, reject) => {
    const child = spawn("npm", args, {
      cwd,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", CI: process.env.CI ?? "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      const wallS = (performance.now() - started) / 1000;
      const cpuAfter = childrenCpuS();
      const cpuS = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
      const tests = testCountsOf(output);
      const files = testFilesOf(output);
      resolve({
        tree,
        script,
        wallS,
        exitCode: code ?? 1,
        ...(tests ? { tests } : {}),
        ...(files === undefined ? {} : { files }),
        load1,
        ...(cpuS === undefined ? {} : { cpuS }),
        output,
      });
    });
  });
}

const cpuText = (run: Timed) => (run.cpuS === undefined ? "" : `, ${run.cpuS.toFixed(0)} s CPU`);
const countsText = (t: TestCounts | undefined) =>
  t ? `${t.passed} tests passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ""}` : "no test count";

const roots: Record<Tree, string> = {
  current: repoRoot,
  reference: values.against ? referenceTree(values.against) : "",
};
const label = (tree: Tree) => (tree === "current" ? "current" : `${values.against}`);

// Both trees are timed warm (or both cold with --cold): a tree changed since this benchmark last ran it gets one
// untimed run first.
const trees: Tree[] = values.against ? ["current", "reference"] : ["current"];
for (const tree of values.cold ? [] : trees) {
  if (!needsWarmUp(lastRunMs(roots[tree]), newestFileMs(roots[tree]))) continue;
  if (!values.json)
    process.stdout.write(
      `warming ${label(tree)}'s caches (files changed since its last run here): one untimed npm test …\n`,
    );
  const warm = await time(tree, roots[tree], "test");
  recordRun(roots[tree]);
  if (warm.exitCode !== 0) process.stderr.write(`the warm-up run of ${label(tree)} exited ${warm.exitCode}\n`);
}

const results: Timed[] = [];
for (const tree of alternatingSchedule(runs, Boolean(values.against))) {
  if (values.cold) for (const dir of cachesOf(roots[tree])) rmSync(dir, { recursive: true, force: true });
  const run = await time(tree, roots[tree], "test");
  recordRun(roots[tree]);
  results.push(run);
  if (!values.json) {
    process.stdout.write(
      `npm test${values.against ? ` [${label(tree)}]` : ""}${values.cold ? " (cold caches)" : ""}: ` +
        `${run.wallS.toFixed(1)} s wall${cpuText(run)}, ${countsText(run.tests)}` +
        (run.files ? ` in ${run.files} files` : "") +
        `, exit ${run.exitCode}, load average at start ${run.load1.toFixed(1)}\n`,
    );
  }
  if (run.exitCode !== 0) {
    const logFile = path.join(tmpdir(), `test-suite-${Date.now()}.log`);
    writeFileSync(logFile, run.output);
    const failures = run.output.split("\n").filter((l) => /^\s*(FAIL|×)|^ERROR:|Error:/.test(l));
    process.stderr.write(
      `npm test [${label(tree)}] failed (exit ${run.exitCode}); whole output in ${logFile}\n${failures.join("\n")}\n`,
    );
    process.exitCode = 1;
    break;
  }
}

const comparison = process.exitCode === 1 ? undefined : compareTrees(results);
if (comparison && !values.json) {
  const cpu = comparison.cpuRatio === undefined ? "" : `; CPU ${comparison.cpuRatio.toFixed(2)}`;
  process.stdout.write(
    `median wall: current ${comparison.current.medianWallS.toFixed(1)} s, ${values.against} ` +
      `${comparison.reference.medianWallS.toFixed(1)} s: ratio ${comparison.wallRatio.toFixed(2)} (goal ≤ 1.00)${cpu}\n` +
      `reference checkout kept in ${roots.reference} (git worktree remove --force <dir> deletes it)\n`,
  );
}

if (values.phases && process.exitCode !== 1) {
  for (const script of ["lint:eslint", "lint:format", "typecheck", "vitest"]) {
    const run = await time("current", repoRoot, script);
    results.push(run);
    if (!values.json)
      process.stdout.write(
        `  ${script === "vitest" ? "npx vitest run" : `npm run ${script}`}: ${run.wallS.toFixed(1)} s wall${cpuText(run)}, exit ${run.exitCode}, load average at start ${run.load1.toFixed(1)}\n`,
      );
  }
}

if (values.json) {
  const round = (n: number) => Math.round(n * 100) / 100;
  const document = {
    runs: results.map(({ output: _output, ...r }) => ({
      ...r,
      wallS: Math.round(r.wallS * 10) / 10,
      ...(r.cpuS === undefined ? {} : { cpuS: Math.round(r.cpuS * 10) / 10 }),
    })),
    ...(comparison
      ? {
          against: values.against,
          ratio: {
            wall: round(comparison.wallRatio),
            ...(comparison.cpuRatio === undefined ? {} : { cpu: round(comparison.cpuRatio) }),
          },
        }
      : {}),
  };
  process.stdout.write(JSON.stringify(document, null, 2) + "\n");
}
