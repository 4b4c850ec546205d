// npm run bench:contracts: how long the webhook contract takes to compile (TypeSpec compile with the
// @platform/typespec linter and the OpenAPI 3 emitter), cold and warm, plus the library's tsc build.
// Prints figures only; no thresholds (CI time is watched here, not in tests).
import { performance } from "node:perf_hooks";
import { compileWebhookContract } from "../contracts/webhook/src/build.js";
import { providerNameFromConfig } from "../contracts/webhook/src/provider.js";
import { ensurePlatformLibraryBuilt } from "../typespec/platform/scripts/ensure-built.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const t0 = performance.now();
await ensurePlatformLibraryBuilt({ force: true });
const libraryMs = performance.now() - t0;

const provider = providerNameFromConfig();
const compileTimes: number[] = [];
const totalTimes: number[] = [];
for (let i = 0; i < RUNS + 1; i++) {
  const started = performance.now();
  const { compileMs } = await compileWebhookContract(provider.name, provider.source);
  totalTimes.push(performance.now() - started);
  compileTimes.push(compileMs);
}

const [cold, ...warm] = compileTimes;
const sorted = [...warm].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
const fmt = (ms: number | undefined) => `${(ms ?? Number.NaN).toFixed(0)} ms`;
process.stdout.write(
  [
    `library build (tsc, forced):             ${fmt(libraryMs)}`,
    `webhook contract compile, cold (1st):    ${fmt(cold)}`,
    `webhook contract compile, warm (${RUNS} runs): min ${fmt(sorted[0])}, median ${fmt(median)}, max ${fmt(sorted.at(-1))}`,
    `per build incl. temp dir and read-back:  median ${fmt([...totalTimes.slice(1)].sort((a, b) => a - b)[Math.floor(RUNS / 2)])}`,
    "",
  ].join("\n"),
);
