// `npm test`: the static checks (ESLint, Prettier, knip, both type checks) and vitest at the same time. vitest
// leaves a core idle whenever a test waits (a timeout, a child process, a poll), and the checks fill those gaps: they
// run at a lower priority (nice 10), so they take the cores vitest leaves idle rather than slow its workers, which
// set how long the whole run takes. vitest prints as it goes; each check's output is held and printed after vitest's,
// a line per check that passed and the whole output of one that failed.
// Exit: vitest's code when it failed, else 1 when a check failed, else 0. Arguments go to vitest
// (`npm test -- test/cli` runs the checks and those files). Plain .mjs: it starts before anything is compiled.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { setPriority } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** package.json scripts, each one's command line run as npm runs it (node_modules/.bin first on PATH). */
const CHECKS = ["lint:eslint", "lint:format", "lint:knip", "typecheck:root", "typecheck:webhook"];
const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts;
// Not through `npm run`: five more npm processes cost about 2 s of CPU on the 2-core machine.
const env = {
  ...process.env,
  PATH: [path.join(root, "node_modules", ".bin"), process.env.PATH].filter(Boolean).join(path.delimiter),
};

/** Runs a check with its output held; resolves with its exit code, output and seconds. */
function check(name) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(scripts[name], { cwd: root, env, shell: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const done = (code, extra = "") =>
      resolve({ name, code, output: output + extra, seconds: (performance.now() - started) / 1000 });
    child.once("error", (err) => done(1, `could not start ${name} (${scripts[name]}): ${err.message}\n`));
    child.once("close", (code, signal) => done(code ?? 1, signal ? `ended by ${signal}\n` : ""));
  });
}

/** vitest with this terminal, so its progress shows as it runs. */
function vitest(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules", "vitest", "vitest.mjs"), "run", ...args], {
      cwd: root,
      stdio: "inherit",
    });
    child.once("error", (err) => {
      process.stderr.write(`could not start vitest: ${err.message}\n`);
      resolve(1);
    });
    child.once("close", (code, signal) => resolve(code ?? (signal === "SIGINT" ? 130 : 1)));
  });
}

// vitest starts at this process's priority; the checks are started after this process lowers its own (a child
// inherits it, with every thread and process it starts, which a priority set on the child after its start would
// miss). Where the priority cannot be changed, the checks run at vitest's.
const vitestRun = vitest(process.argv.slice(2));
try {
  setPriority(10);
} catch {
  // not permitted here: same priority
}
const checks = Promise.all(CHECKS.map(check));
const vitestCode = await vitestRun;
const results = await checks;

process.stdout.write("\nstatic checks (run beside vitest):\n");
for (const r of results) {
  if (r.code === 0) process.stdout.write(`  ok     ${r.name} (${r.seconds.toFixed(1)} s)\n`);
  else process.stdout.write(`  FAILED ${r.name} (exit ${r.code}):\n${r.output.replace(/^/gm, "    ")}\n`);
}
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) process.stdout.write(`static checks failed: ${failed.join(", ")}\n`);
process.exitCode = vitestCode !== 0 ? vitestCode : failed.length > 0 ? 1 : 0;
