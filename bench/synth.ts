// Benchmark: synthesis of all three stacks (docs-storage, docs-search, webhook) from config/dev/vars.yml.
// Cold: N fresh processes running the synth entry (module loading included, what `npm run synth` costs), wall
// time measured by this process, peak RSS reported by the child. Warm: repeated in-process builds + synth.
// Goal here: under 1.5 s and 200 MB. Usage: npm run bench:synth [-- --runs 5]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg("runs", 5);
const GOAL_MS = 1500;
const GOAL_MB = 200;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OPENAPI = path.join(repoRoot, "test", "stacks", "fixtures", "openapi.v1.json");

/** Child mode: build and synthesize once, print timing and peak memory as JSON. */
async function child(outdir: string): Promise<void> {
  const started = performance.now();
  const { App } = await import("cdktf");
  const { loadConfig } = await import("../src/config/load.js");
  const { buildStacks } = await import("../stacks/app.js");
  const { readOpenApiV1 } = await import("../stacks/webhook/openapi.js");
  const loaded = performance.now();
  const config = loadConfig({ VARS_FILE: path.join(repoRoot, "config", "dev", "vars.yml") });
  const { app } = buildStacks(config, {
    file: "config/dev/vars.yml",
    openApiJson: readOpenApiV1(process.env.WEBHOOK_OPENAPI_FILE ?? OPENAPI),
    app: new App({ outdir }),
  });
  app.synth();
  const done = performance.now();
  process.stdout.write(
    JSON.stringify({
      loadMs: loaded - started,
      synthMs: done - loaded,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

function runChild(outdir: string): Promise<{ wallMs: number; loadMs: number; synthMs: number; maxRssMb: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      ["--no-deprecation", "--import", "tsx", fileURLToPath(import.meta.url), "--child", outdir],
      { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    p.stdout.on("data", (c: Buffer) => (out += c.toString()));
    p.once("error", reject);
    p.once("exit", (code) =>
      code === 0
        ? resolve({ wallMs: performance.now() - started, ...JSON.parse(out) })
        : reject(new Error(`child exited ${code}`)),
    );
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => n.toFixed(0).padStart(6);

async function main(): Promise<void> {
  const childIndex = process.argv.indexOf("--child");
  if (childIndex >= 0) return child(process.argv[childIndex + 1]!);

  const cold = [];
  for (let i = 0; i < RUNS; i++) {
    const outdir = mkdtempSync(path.join(tmpdir(), "bench-synth-"));
    try {
      cold.push(await runChild(outdir));
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }

  const { App } = await import("cdktf");
  const { loadConfig } = await import("../src/config/load.js");
  const { buildStacks } = await import("../stacks/app.js");
  const { readOpenApiV1 } = await import("../stacks/webhook/openapi.js");
  const config = loadConfig({ VARS_FILE: path.join(repoRoot, "config", "dev", "vars.yml") });
  const openApiJson = readOpenApiV1(OPENAPI);
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const outdir = mkdtempSync(path.join(tmpdir(), "bench-synth-"));
    const t = performance.now();
    buildStacks(config, { file: "config/dev/vars.yml", openApiJson, app: new App({ outdir }) }).app.synth();
    warm.push(performance.now() - t);
    rmSync(outdir, { recursive: true, force: true });
  }

  const wall = median(cold.map((c) => c.wallMs));
  const rss = Math.max(...cold.map((c) => c.maxRssMb));
  console.log(`synth of 3 stacks (docs-storage, docs-search, webhook), ${RUNS} runs each`);
  console.log(
    `  cold process wall time   median ${fmt(wall)} ms   (min ${fmt(Math.min(...cold.map((c) => c.wallMs)))}, max ${fmt(Math.max(...cold.map((c) => c.wallMs)))})`,
  );
  console.log(`    of which module load   median ${fmt(median(cold.map((c) => c.loadMs)))} ms`);
  console.log(`    of which build + synth median ${fmt(median(cold.map((c) => c.synthMs)))} ms`);
  console.log(`  warm in-process synth    median ${fmt(median(warm))} ms`);
  console.log(`  peak RSS (child)         max    ${fmt(rss)} MB`);
  console.log(`  goal: < ${GOAL_MS} ms and < ${GOAL_MB} MB -> ${wall < GOAL_MS && rss < GOAL_MB ? "met" : "NOT met"}`);
}

await main();
