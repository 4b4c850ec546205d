// The relevance steps of `npm run local`: `docs-index eval` with the repository's golden queries against the
// alias, its figures kept for the summary (the overall means and the rule-6 provenance); then the relevance gate
// of a forced blue/green deploy refusing a deliberately bad weight change and passing the unchanged weights.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

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

export interface EvalJson {
  index: { name: string; generation: string | null; etag: string | null };
  lastSuccessfulRun: string | null;
  k: number;
  queries: { id: string; missing_answers: string[] }[];
  overall: { recall: number; mrr: number; ndcg10: number };
}

export function evalFigures(report: EvalJson): EvalFigures {
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

/** The title weight of the bad change: a title hit then barely counts, so answers found by their title sink. */
export const BAD_TITLE_WEIGHT = 0.1;

/**
 * A copy of `dir` (definitions as the live generation has them) with the scoring profile's title weight set and
 * the repository's golden queries in eval/, so the blue/green verification runs the relevance gate.
 */
export function gateDefinitions(dir: string, titleWeight: number, goldenFile: string): string {
  const out = mkdtempSync(path.join(tmpdir(), "docs-index-gate-"));
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const text = readFileSync(path.join(dir, file), "utf8");
    if (file !== "docs-index.json") {
      writeFileSync(path.join(out, file), text);
      continue;
    }
    const index = JSON.parse(text) as { scoringProfiles: { text: { weights: Record<string, number> } }[] };
    index.scoringProfiles[0]!.text.weights.title = titleWeight;
    writeFileSync(path.join(out, file), `${JSON.stringify(index, null, 2)}\n`);
  }
  mkdirSync(path.join(out, "eval"));
  copyFileSync(goldenFile, path.join(out, "eval", "golden-queries.yml"));
  return out;
}

/** The relevance check's line from a deploy's output (human form), or "". */
export function relevanceLine(output: string): string {
  return /^\s*(?:ok|FAIL)\s+relevance: (.*)$/m.exec(output)?.[1] ?? "";
}
