// Benchmark: what `npm run synth` costs against the smallest CDKTF app. Builds the synth entry once (esbuild, as
// `npm run synth` does), then runs, interleaved, N fresh processes of each with plain node:
//   - the synth entry (.build/synth/main.mjs): all three stacks from config/dev/vars.yml;
//   - bench/synth-minimal.mjs: one azurerm resource in one stack.
// Prints the medians, the peak RSS and their ratio. Goal: ratio at most 3.
// Usage: npm run bench:synth [-- --runs 7]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg("runs", 7);
const GOAL_RATIO = 3;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SYNTH_ENTRY = path.join(repoRoot, ".build", "synth", "main.mjs");
const MINIMAL = path.join(repoRoot, "bench", "synth-minimal.mjs");
const OPENAPI = path.join(repoRoot, "test", "stacks", "fixtures", "openapi.v1.json");
// Reports the child's peak RSS on stderr as its last line.
const RSS_REPORTER = `data:text/javascript,process.on("exit",()=>process.stderr.write("\\nmaxrss-kb:"+process.resourceUsage().maxRSS))`;

interface Run {
  wallMs: number;
  maxRssMb: number;
}

function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--disable-warning=DEP0044", `--import=${RSS_REPORTER}`, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let err = "";
    p.stderr.on("data", (c: Buffer) => (err += c.toString()));
    p.once("error", reject);
    p.once("exit", (code) => {
      const wallMs = performance.now() - started;
      const rss = /maxrss-kb:(\d+)/.exec(err);
      if (code !== 0 || !rss) return reject(new Error(`${args.join(" ")} exited ${code}:\n${err}`));
      resolve({ wallMs, maxRssMb: Number(rss[1]) / 1024 });
    });
  });
}

async function inTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-synth-"));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => n.toFixed(0).padStart(6);

async function main(): Promise<void> {
  const build = spawnSync("npm", ["run", "--silent", "synth:build"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run synth:build failed");

  const synthEnv = {
    VARS_FILE: path.join(repoRoot, "config", "dev", "vars.yml"),
    WEBHOOK_OPENAPI_FILE: process.env.WEBHOOK_OPENAPI_FILE ?? OPENAPI,
  };
  const synth: Run[] = [];
  const minimal: Run[] = [];
  // Interleaved, so a busy machine slows both alike.
  for (let i = 0; i < RUNS; i++) {
    minimal.push(await inTempDir((dir) => runNode([MINIMAL, dir], {})));
    synth.push(await inTempDir((dir) => runNode([SYNTH_ENTRY], { ...synthEnv, CDKTF_OUTDIR: dir })));
  }

  const s = median(synth.map((r) => r.wallMs));
  const m = median(minimal.map((r) => r.wallMs));
  const ratio = s / m;
  const line = (label: string, runs: Run[]) =>
    console.log(
      `  ${label} median ${fmt(median(runs.map((r) => r.wallMs)))} ms (min ${fmt(Math.min(...runs.map((r) => r.wallMs)))}, max ${fmt(Math.max(...runs.map((r) => r.wallMs)))})   peak RSS ${fmt(Math.max(...runs.map((r) => r.maxRssMb)))} MB`,
    );
  console.log(`synth cost, ${RUNS} fresh plain-node processes each (interleaved)`);
  line("npm run synth entry (3 stacks)     ", synth);
  line("smallest CDKTF app (1 resource)    ", minimal);
  console.log(`  ratio ${ratio.toFixed(2)} (goal <= ${GOAL_RATIO}) -> ${ratio <= GOAL_RATIO ? "met" : "NOT met"}`);
}

await main();
