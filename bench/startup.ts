// npm run bench:startup: how fast the built `docs-index` command starts (dist/cli/docs-index.js, built first).
// The documented form: `npx docs-index --version` as the docs and pipelines run it, raw and with npm's
// own launcher time (`npx --no-install node -e 0`) subtracted; goal: the subtracted figure at most 3x `node -e 0`.
// Goals: a pure command (`url`, `--version`) at most 8x `node -e 0` wall time; a service command's own
// overhead (process start, module loading: its wall time as a process minus the same command run warm
// in-process against the same local stand-in) at most 0.35 s. Prints the figures (minimum and median of each
// series, and the load average: on a shared machine the minimum is the figure least disturbed by other work, so
// the goals are judged on it); exits 1 when a goal is missed.
import { execFile } from "node:child_process";
import { loadavg } from "node:os";
import { promisify } from "node:util";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { runDocsIndex } from "../src/cli/docs-index/in-process.js";
import { startSearchStandIn } from "../local/search-standin/server.js";
import { newEtag } from "../local/search-standin/state.js";
import { readRawDefinitions, placeholderValues, fillPlaceholders } from "../src/search/definitions/definitions.js";
import { loadConfig } from "../src/config/load.js";
import { repoRoot } from "../src/config/repo-root.js";

const RUNS = 7;
const bin = path.join(repoRoot, "dist", "cli", "docs-index.js");
const node = process.execPath;

interface Series {
  min: number;
  median: number;
}

function series(xs: number[]): Series {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, median: s[Math.floor(s.length / 2)]! };
}

const run = promisify(execFile);

/** Median wall time of `node <args>` (async: the stand-in answers from this process meanwhile). */
async function wall(args: string[], env: NodeJS.ProcessEnv = process.env, file = node): Promise<Series> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run(file, args, { env, cwd: repoRoot });
    times.push(performance.now() - t0);
  }
  return series(times);
}

/** npx as a user types it (the first on PATH), in the checkout. */
const npxFile = "npx";

const ms = (n: number) => `${n.toFixed(0)} ms`;
await run(node, ["--version"]);
const baseline = await wall(["-e", "0"]);
const url = await wall([bin, "url", "billing/guides/setup.html"]);
const version = await wall([bin, "--version"]);
const npxLauncher = await wall(["--no-install", "node", "-e", "0"], process.env, npxFile);
const npxVersion = await wall(["docs-index", "--version"], process.env, npxFile);
const documented = { min: npxVersion.min - npxLauncher.min, median: npxVersion.median - npxLauncher.median };

const standIn = await startSearchStandIn();
const config = loadConfig({ DEPLOY_ENV: "dev" });
const raw = readRawDefinitions();
const values = placeholderValues(config.search);
standIn.state.indexes.set("docs-index", {
  definition: fillPlaceholders(raw.index, values, "index") as never,
  etag: newEtag(),
});
standIn.state.documents.set("docs-index", new Map());
standIn.state.indexers.set("docs-indexer", {
  definition: fillPlaceholders(raw.indexer, values, "indexer") as never,
  etag: newEtag(),
  runtime: { history: [], highWaterMark: null },
});
const env = { ...process.env, DEPLOY_ENV: "dev", SEARCH_ENDPOINT: standIn.url, SEARCH_ADMIN_KEY: standIn.apiKey };
const processSnapshot = await wall([bin, "--json", "snapshot"], env);
await runDocsIndex(["--json", "snapshot"], env); // warm up the in-process modules and connections
const inProcess: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  await runDocsIndex(["--json", "snapshot"], env);
  inProcess.push(performance.now() - t0);
}
await standIn.close();
const warm = series(inProcess);
const overhead = { min: processSnapshot.min - warm.min, median: processSnapshot.median - warm.median };

const pureLimit = 8 * baseline.min;
const ratio = (x: Series) => `${(x.min / baseline.min).toFixed(1)}x node`;
const fig = (x: Series) => `${ms(x.min).padStart(8)} ${ms(x.median).padStart(8)}`;
const rows: [string, Series, string][] = [
  ["node -e 0", baseline, ""],
  ["docs-index url <path>", url, `${ratio(url)} (goal <= 8x = ${ms(pureLimit)})`],
  ["docs-index --version", version, `${ratio(version)} (goal <= 8x)`],
  ["npx --no-install node -e 0 (launcher)", npxLauncher, ""],
  ["npx docs-index --version (raw)", npxVersion, "the documented form, as typed"],
  ["npx docs-index --version - launcher", documented, `${ratio(documented)} (goal <= 3x = ${ms(3 * baseline.min)})`],
  ["docs-index snapshot (process)", processSnapshot, ""],
  ["docs-index snapshot (in-process, warm)", warm, ""],
  ["service command overhead", overhead, "process minus in-process (goal <= 350 ms)"],
];
process.stdout.write(
  `${RUNS} runs each, ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}\n${"".padEnd(40)} ${"min".padStart(8)} ${"median".padStart(8)}\n`,
);
for (const [what, figure, note] of rows) process.stdout.write(`${what.padEnd(40)} ${fig(figure)}  ${note}\n`);
const ok =
  url.min <= pureLimit && version.min <= pureLimit && overhead.min <= 350 && documented.min <= 3 * baseline.min;
process.stdout.write(ok ? "all goals met (judged on the minimum)\n" : "GOAL MISSED (judged on the minimum)\n");
process.exitCode = ok ? 0 : 1;
