// The relevance steps of `npm run local`: `docs-index eval` with the repository's golden queries against the
// alias, its figures kept for the summary (the overall means and the rule-6 provenance); then the relevance gate
// of a forced blue/green deploy refusing a deliberately bad weight change and passing the unchanged weights.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SearchIndexClient } from "@azure/search-documents";
import { repoRoot } from "../../src/config/repo-root.js";
import { DEFAULT_GOLDEN_FILE } from "../../src/search/eval/golden.js";
import { parseJson } from "./docs-index.js";
import type { CapturedRun } from "../../src/cli/docs-index/in-process.js";
import { searchableFieldDefinitions } from "./rebuild-demo.js";
import { INDEX_NAME, LOCAL_ALIAS_PROPAGATION_SECONDS, LOCAL_POLL_INTERVAL_SECONDS } from "./services.js";
import type { StepRunner } from "./steps.js";
import { evalMisses, linesMatching } from "./quiet-output.js";

export interface EvalFigures {
  index: string;
  generation: string | null;
  etag: string | null;
  lastSuccessfulRun: string | null;
  queries: number;
  k: number;
  recall: number;
  mrr: number;
  ndcg10: number;
  /** Queries whose answer (grade 2) is not in the first k results. */
  missingAnswers: string[];
}

interface EvalJson {
  index: { name: string; generation: string | null; etag: string | null };
  lastSuccessfulRun: string | null;
  k: number;
  queries: { id: string; missing_answers: string[] }[];
  overall: { recall: number; mrr: number; ndcg10: number };
}

function evalFigures(report: EvalJson): EvalFigures {
  return {
    index: report.index.name,
    generation: report.index.generation,
    etag: report.index.etag,
    lastSuccessfulRun: report.lastSuccessfulRun,
    queries: report.queries.length,
    k: report.k,
    ...report.overall,
    missingAnswers: report.queries.filter((q) => q.missing_answers.length > 0).map((q) => q.id),
  };
}

export function evalSummary(f: EvalFigures): string {
  return `nDCG@10 ${f.ndcg10.toFixed(3)}, recall@${f.k} ${f.recall.toFixed(3)}, MRR ${f.mrr.toFixed(3)} over ${f.queries} golden queries (${f.generation ?? f.index}, eTag ${f.etag ?? "unknown"}, last run ${f.lastSuccessfulRun ?? "unknown"})`;
}

/** The gate's demonstration: a deliberately bad weight change refused on relevance, then the unchanged weights. */
export interface GateFigures {
  bad: { exitCode: number; aliasBefore: string; aliasAfter: string; relevance: string };
  good: { exitCode: number; aliasAfter: string; relevance: string };
}

/**
 * What a quiet run prints of the gate's two deploys: the verdict, the index's line and the plan's counts (the
 * generation built although nothing would change in place), the relevance check, where the alias went.
 */
const GATE_LINES = /^(verification of |index \S+: |Plan: |\S+ now serves )|^\s*(ok|FAIL)\s+relevance: /;

/**
 * The bad change: a description weight of 50 (a slip for 5): a page whose description shares one word with the
 * question then outranks the page that answers it, and an answer leaves the top 5.
 */
const BAD_WEIGHTS = { description: 50 };
const badWeightsText = Object.entries(BAD_WEIGHTS)
  .map(([field, weight]) => `${field} weight ${weight}`)
  .join(", ");

/**
 * A copy of `dir` (definitions as the live generation has them) with the scoring profile's weights overridden and
 * the repository's golden queries in eval/, so the blue/green verification runs the relevance gate.
 */
function gateDefinitions(dir: string, weights: Record<string, number>, goldenFile: string): string {
  const out = mkdtempSync(path.join(tmpdir(), "docs-index-gate-"));
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const text = readFileSync(path.join(dir, file), "utf8");
    if (file !== "docs-index.json") {
      writeFileSync(path.join(out, file), text);
      continue;
    }
    const index = JSON.parse(text) as { scoringProfiles: { text: { weights: Record<string, number> } }[] };
    Object.assign(index.scoringProfiles[0]!.text.weights, weights);
    writeFileSync(path.join(out, file), `${JSON.stringify(index, null, 2)}\n`);
  }
  mkdirSync(path.join(out, "eval"));
  copyFileSync(goldenFile, path.join(out, "eval", "golden-queries.yml"));
  return out;
}

/** The relevance check's line from a deploy's output (human form), or "". */
function relevanceLine(output: string): string {
  return /^\s*(?:ok|FAIL)\s+relevance: (.*)$/m.exec(output)?.[1] ?? "";
}

/**
 * Why a deploy's relevance check did not run although it should have (the eval failed, or a verification's
 * relevance check was not checked), or undefined: a step whose check could not run is not reported ok.
 */
export function uncheckedRelevance(output: string): string | undefined {
  return /^relevance: NOT evaluated, the eval failed .*$/m.exec(output)?.[0];
}

/** The in-place relevance check in a few words from a deploy's output (human form), or "". */
export function inPlaceRelevanceSummary(output: string): string {
  const before = /^ {2}before the write: .*nDCG@10 ([\d.]+) over (\d+) queries$/m.exec(output);
  const after = /^ {2}after the write: .*nDCG@10 ([\d.]+)/m.exec(output);
  const verdict = /^ {2}verdict: (.*)$/m.exec(output)?.[1];
  if (before && after)
    return `relevance (${before[2]} golden queries): nDCG@10 ${before[1]} → ${after[1]}, ${verdict ?? "?"}`;
  return (
    /^relevance: (?:would evaluate|not evaluated|NOT evaluated).*$/m.exec(output)?.[0].split(": in-place")[0] ?? ""
  );
}

export interface RelevanceStepsContext {
  steps: StepRunner;
  cli(...args: string[]): Promise<CapturedRun>;
  show(run: CapturedRun): void;
  expectExit(run: CapturedRun, command: string, allowed?: number[]): void;
  indexClient: SearchIndexClient;
  figures: { eval?: EvalFigures; gate?: GateFigures };
  /** Every row of the eval and the whole plan of the gate's deploy (default: the misses and the plan's outline). */
  verbose?: boolean;
}

/** The eval step, then the relevance gate's two forced blue/green deploys (a bad weight refused, unchanged passes). */
export async function runRelevanceSteps(ctx: RelevanceStepsContext): Promise<void> {
  await ctx.steps.run("eval", "docs-index eval (the golden queries, as agents query, against the alias)", async () => {
    const run = await ctx.cli("eval");
    ctx.show(ctx.verbose ? run : { ...run, stdout: evalMisses(run.stdout) });
    ctx.expectExit(run, "eval");
    ctx.figures.eval = evalFigures(parseJson<EvalJson>(await ctx.cli("--json", "eval"), "eval"));
    return evalSummary(ctx.figures.eval);
  });

  await ctx.steps.run(
    "relevance-gate",
    `deploy --blue-green: ${badWeightsText} refused on relevance, then the unchanged weights`,
    async () => {
      // The live generation's definitions (the demo's searchable field): only the weight differs, in place.
      const live = searchableFieldDefinitions();
      const golden = path.join(repoRoot, DEFAULT_GOLDEN_FILE);
      const alias = async () => (await ctx.indexClient.getAlias(INDEX_NAME)).indexes[0] ?? "?";
      const aliasBefore = await alias();
      const bad = await ctx.cli(
        "deploy",
        "--blue-green",
        "--definitions",
        gateDefinitions(live, BAD_WEIGHTS, golden),
        "--propagation-wait",
        String(LOCAL_ALIAS_PROPAGATION_SECONDS),
        "--poll-interval",
        String(LOCAL_POLL_INTERVAL_SECONDS),
      );
      ctx.show({ ...bad, stderr: "", stdout: ctx.verbose ? bad.stdout : linesMatching(bad.stdout, GATE_LINES) });
      ctx.expectExit(bad, "deploy --blue-green (bad weight)", [1]);
      const badFigures = {
        exitCode: bad.code,
        aliasBefore,
        aliasAfter: await alias(),
        relevance: relevanceLine(bad.stdout),
      };
      if (badFigures.aliasAfter !== aliasBefore) throw new Error("the alias moved although verification failed");
      const good = await ctx.cli(
        "deploy",
        "--blue-green",
        "--definitions",
        gateDefinitions(live, {}, golden),
        "--propagation-wait",
        String(LOCAL_ALIAS_PROPAGATION_SECONDS),
        "--poll-interval",
        String(LOCAL_POLL_INTERVAL_SECONDS),
      );
      ctx.show({ ...good, stderr: "", stdout: ctx.verbose ? good.stdout : linesMatching(good.stdout, GATE_LINES) });
      ctx.expectExit(good, "deploy --blue-green (unchanged weights)");
      ctx.figures.gate = {
        bad: badFigures,
        good: { exitCode: good.code, aliasAfter: await alias(), relevance: relevanceLine(good.stdout) },
      };
      return `${badWeightsText}: exit 1, alias stays on ${aliasBefore}; unchanged weights: exit 0, alias → ${ctx.figures.gate.good.aliasAfter}`;
    },
  );
}
