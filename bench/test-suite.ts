// Benchmark: the whole `npm test` (lint + typecheck + vitest, as CI runs it) on this machine: wall time and the
// number of tests. Goal: at most 45 s on the 2-core development machine. It prints figures and never fails on
// the goal; it exits 1 only when the suite itself fails (then its figures mean nothing).
// Usage: npm run bench:test-suite [-- --runs 2] [--phases] [--cold] [--json]
//   --phases  also time ESLint, Prettier, `npm run typecheck` and `npx vitest run` one after the other, to see where
//             the time goes (`npm test` runs them all at the same time: scripts/run-tests.mjs).
//   --cold    empty the tools' caches in node_modules/.cache/ (ESLint, Prettier, tsc, Node's compile cache) before
//             each run, as in a fresh clone: the first run of CI.
// On a shared machine the wall time moves with the load of other processes: the load average is printed with it,
// and so is the CPU time the run used (user + system of all its processes, from /proc on Linux), which moves far
// less with the load: a change that makes the suite cheaper shows there first.
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const GOAL_S = 45;
const repoRoot = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    phases: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    cold: { type: "boolean", default: false },
  },
});
const CACHES = ["eslint", "prettier", "tsc", "node-compile-cache"].map((c) =>
  path.join(repoRoot, "node_modules", ".cache", c),
);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write(`--runs: expected a whole number of runs (1 or more), got ${values.runs}\n`);
  process.exit(2);
}

interface Timed {
  script: string;
  wallS: number;
  exitCode: number;
  tests?: { passed: number; failed: number; skipped: number };
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

const cpuText = (run: Timed) => (run.cpuS === undefined ? "" : `, ${run.cpuS.toFixed(0)} s CPU`);

/** Runs `npm test`, `npm run <script>` or `npx vitest run` with colours off: its wall time and what it printed. */
function time(script: string): Promise<Timed> {
  const load1 = loadavg()[0]!;
  const cpuBefore = childrenCpuS();
  const started = performance.now();
  const args = script === "test" ? ["test"] : script === "vitest" ? ["exec", "--", "vitest", "run"] : ["run", script];
  return new Promise((resolve, reject) => {
    const child = spawn("npm", args, {
      cwd: repoRoot,
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
      const counts = /^tests: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m.exec(output);
      const files = /Test Files\s+(?:\d+ failed \| )?(\d+) passed/.exec(output);
      resolve({
        script,
        wallS,
        exitCode: code ?? 1,
        tests: counts ? { passed: +counts[1]!, failed: +counts[2]!, skipped: +(counts[3] ?? 0) } : undefined,
        files: files ? +files[1]! : undefined,
        load1,
        ...(cpuS === undefined ? {} : { cpuS }),
        output,
      });
    });
  });
}

const results: Timed[] = [];
for (let i = 0; i < runs; i++) {
  if (values.cold) for (const dir of CACHES) rmSync(dir, { recursive: true, force: true });
  const run = await time("test");
  results.push(run);
  if (!values.json) {
    const t = run.tests;
    process.stdout.write(
      `npm test${values.cold ? " (cold caches)" : ""}: ${run.wallS.toFixed(1)} s wall (goal ≤ ${GOAL_S} s)${cpuText(run)}, ` +
        (t
          ? `${t.passed} tests passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ""}`
          : "no test count") +
        (run.files ? ` in ${run.files} files` : "") +
        `, exit ${run.exitCode}, load average at start ${run.load1.toFixed(1)}\n`,
    );
  }
  if (run.exitCode !== 0) {
    const logFile = path.join(tmpdir(), `test-suite-${Date.now()}.log`);
    writeFileSync(logFile, run.output);
    const failures = run.output.split("\n").filter((l) => /^\s*(FAIL|×)|^ERROR:|Error:/.test(l));
    process.stderr.write(
      `npm test failed (exit ${run.exitCode}); whole output in ${logFile}\n${failures.join("\n")}\n`,
    );
    process.exitCode = 1;
    break;
  }
}

if (values.phases && process.exitCode !== 1) {
  for (const script of ["lint:eslint", "lint:format", "typecheck", "vitest"]) {
    const run = await time(script);
    results.push(run);
    if (!values.json)
      process.stdout.write(
        `  ${script === "vitest" ? "npx vitest run" : `npm run ${script}`}: ${run.wallS.toFixed(1)} s wall${cpuText(run)}, exit ${run.exitCode}, load average at start ${run.load1.toFixed(1)}\n`,
      );
  }
}

if (values.json) {
  process.stdout.write(
    JSON.stringify(
      results.map(({ output: _output, ...r }) => ({
        ...r,
        wallS: Math.round(r.wallS * 10) / 10,
        ...(r.cpuS === undefined ? {} : { cpuS: Math.round(r.cpuS * 10) / 10 }),
      })),
      null,
      2,
    ) + "\n",
  );
}
