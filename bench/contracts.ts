// npm run bench:contracts: how long the webhook contract takes to compile (TypeSpec compile with the
// @platform/typespec linter and the OpenAPI 3 emitter), cold and warm, plus the library's tsc build and the
// steps after the compile: the breaking-change diff, the receiver types, the HTML reference docs.
// Prints figures only; no thresholds (CI time is watched here, not in tests).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { committedBaseline } from "../contracts/tooling/src/baseline.js";
import { checkContract } from "../contracts/tooling/src/check.js";
import { listContracts } from "../contracts/tooling/src/contracts.js";
import { renderReferenceDocs } from "../contracts/tooling/src/docs.js";
import { renderTypes } from "../contracts/tooling/src/types.js";
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

const document = (await compileWebhookContract(provider.name, provider.source)).document;
const timed = async (run: () => unknown): Promise<number> => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};
const webhook = listContracts().find((c) => c.name === "webhook")!;
const baseline = committedBaseline(webhook);
const diffMs = await timed(() =>
  checkContract("webhook", baseline.label, baseline.documents, new Map([["v1", document]])),
);
const typesMs = await timed(() => renderTypes(document, "bench", path.join(webhook.dir, "bench-types.ts")));
const scratch = mkdtempSync(path.join(tmpdir(), "bench-contracts-"));
const docsMs = await timed(() => {
  writeFileSync(path.join(scratch, "openapi.v1.json"), document);
  renderReferenceDocs(path.join(scratch, "openapi.v1.json"), path.join(scratch, "reference.html"), "bench");
});
rmSync(scratch, { recursive: true, force: true });

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
    `breaking-change diff vs baseline (1st):  ${fmt(diffMs)}`,
    `receiver types (openapi-typescript):     ${fmt(typesMs)}`,
    `HTML reference docs (redocly, spawn):    ${fmt(docsMs)}`,
    "",
  ].join("\n"),
);
