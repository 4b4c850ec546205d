// Verification of a new generation before any consumer sees it: the crawl that filled it ended without an
// unexpected failure, its document count is within a tolerance of the live generation's (after the drops the
// summary explains), every countable field is filled about as well as in the live generation, and the golden
// queries rank no worse on it than on the live one (the relevance gate, src/search/eval/compare.ts). Pure.
import type { RunRecord } from "../ops/indexer-status.js";
import { reportRun, type ClassifyOptions } from "../ops/status-report.js";
import type { DroppedSummary } from "./dropped.js";

export interface FieldCount {
  field: string;
  /** Documents holding a value in the new generation. */
  next: number;
  /** The same in the live generation; undefined when the field is new or not countable there. */
  live?: number;
}

export interface VerificationInput {
  /** The run that filled the new generation (the first one after its reset); null if none completed. */
  run: RunRecord | null;
  liveCount: number;
  nextCount: number;
  fields: FieldCount[];
  /** Fields that cannot be counted (not filterable): named in the report, not checked. */
  uncountedFields: string[];
  dropped?: DroppedSummary;
  /** The golden queries on the new generation against the live one (docs-index eval), when a golden file exists. */
  relevance?: RelevanceOutcome;
  /** Allowed relative difference, e.g. 0.1 for 10 %. */
  tolerance: number;
  classify: ClassifyOptions;
}

interface Check {
  name: "run" | "document-count" | "field-coverage" | "dropped" | "relevance";
  ok: boolean;
  /** The check could not run here (no golden queries): it does not fail the verification, and is not shown as ok. */
  skipped?: true;
  detail: string;
}

export interface Verification {
  ok: boolean;
  checks: Check[];
  /** One line naming what failed, for the error and the exit. */
  failure: string | null;
}

const pct = (n: number, d: number) => (d === 0 ? 100 : Math.round((n / d) * 1000) / 10);

function runCheck(input: VerificationInput): Check {
  if (!input.run) return { name: "run", ok: false, detail: "no completed run filled the new generation" };
  const r = reportRun(input.run, input.classify);
  const unexpected = r.unexpectedFailures + r.unexplainedFailures;
  const ok = r.status === "success" && unexpected === 0;
  const samples = r.errors
    .filter((e) => e.classification === "unexpected")
    .slice(0, 3)
    .map((e) => `${e.blobPath ?? e.key ?? "?"}: ${e.message}`);
  return {
    name: "run",
    ok,
    detail:
      `run ${r.status}: ${r.itemsProcessed} processed, ${r.itemsFailed} failed (${r.expectedFailures} expected, ${unexpected} unexpected)` +
      (r.errorMessage ? `; ${r.errorMessage}` : "") +
      (samples.length ? `; e.g. ${samples.join(" | ")}` : ""),
  };
}

function countCheck(input: VerificationInput): Check {
  const explained = input.dropped
    ? input.dropped.byReason.orphan +
      input.dropped.byReason["expected-failure-copy"] +
      input.dropped.byReason["excluded-extension"]
    : 0;
  const baseline = input.liveCount - explained;
  if (input.nextCount === 0)
    return { name: "document-count", ok: false, detail: "the new generation holds no documents" };
  if (baseline <= 0)
    return {
      name: "document-count",
      ok: true,
      detail: `${input.nextCount} documents (the live generation has ${input.liveCount}: nothing to compare)`,
    };
  const diff = (input.nextCount - baseline) / baseline;
  const ok = Math.abs(diff) <= input.tolerance;
  return {
    name: "document-count",
    ok,
    detail:
      `${input.nextCount} documents against ${baseline} expected (live ${input.liveCount}` +
      (explained ? ` minus ${explained} explained drops` : "") +
      `): ${diff >= 0 ? "+" : ""}${Math.round(diff * 1000) / 10} %, tolerance ±${input.tolerance * 100} %`,
  };
}

function coverageCheck(input: VerificationInput): Check {
  const short: string[] = [];
  for (const f of input.fields) {
    const nextShare = pct(f.next, input.nextCount);
    if (f.live === undefined) {
      if (f.next === 0 && input.nextCount > 0) short.push(`${f.field}: empty in every document (new field)`);
      continue;
    }
    const liveShare = pct(f.live, input.liveCount);
    if (nextShare < liveShare - input.tolerance * 100)
      short.push(`${f.field}: ${nextShare} % filled, live ${liveShare} %`);
  }
  const uncounted = input.uncountedFields.length
    ? `; not countable (not filterable): ${input.uncountedFields.join(", ")}`
    : "";
  return {
    name: "field-coverage",
    ok: short.length === 0,
    detail: short.length
      ? `fields filled less than in the live generation: ${short.join("; ")}${uncounted}`
      : `${input.fields.length} countable field(s) filled at least as in the live generation${uncounted}`,
  };
}

function droppedCheck(d: DroppedSummary): Check {
  const ok = d.blobsKnown ? d.byReason.unexplained === 0 : true;
  return {
    name: "dropped",
    ok,
    detail: d.blobsKnown
      ? `${d.total} dropped: ${d.byReason.orphan} orphans, ${d.byReason["expected-failure-copy"]} root copies failing by design, ${d.byReason["excluded-extension"]} excluded extensions, ${d.byReason.unexplained} unexplained`
      : `${d.total} dropped (no container listing: not classified, not checked)`,
  };
}

/**
 * What the gate's check reads of the comparison of the two generations' evaluations (eval/compare.ts's
 * `Comparison`, which the shell passes in whole). Declared here: eval/ imports the query core, whose adapters
 * import bluegreen/, so bluegreen/ importing eval/ would close a folder cycle.
 */
interface RelevanceComparison {
  tolerance: number;
  mean_ndcg10: { before: number; after: number };
  worse: { id: string; before: { ndcg10: number }; after: { ndcg10: number } }[];
  accepted_losses: string[];
  regressions: string[];
}

/** The relevance gate's outcome: a comparison of the two generations' evaluations, or why there was none. */
export type RelevanceOutcome = { golden: string; comparison: RelevanceComparison } | { skipped: string };

const f3 = (n: number) => n.toFixed(3);

/**
 * The first few items and how many more: a generation that lost every answer still fails on one readable line
 * (`docs-index eval` of each generation, or `eval --baseline`, lists them all).
 */
const SHOWN = 5;
function firstFew(items: readonly string[], separator: string): string {
  const more = items.length - SHOWN;
  return more > 0 ? `${items.slice(0, SHOWN).join(separator)}${separator}and ${more} more` : items.join(separator);
}

function relevanceCheck(r: RelevanceOutcome): Check {
  if ("skipped" in r) return { name: "relevance", ok: true, skipped: true, detail: `not checked: ${r.skipped}` };
  const c = r.comparison;
  const mean = `mean nDCG@10 ${f3(c.mean_ndcg10.before)} (live) → ${f3(c.mean_ndcg10.after)} (new) over the golden queries of ${r.golden}`;
  const worse = c.worse.length
    ? `; worse: ${firstFew(
        c.worse.map((w) => `${w.id} ${f3(w.before.ndcg10)} → ${f3(w.after.ndcg10)}`),
        ", ",
      )}`
    : "";
  const accepted = c.accepted_losses.length ? `; accepted losses: ${firstFew(c.accepted_losses, "; ")}` : "";
  return c.regressions.length === 0
    ? { name: "relevance", ok: true, detail: `${mean}, tolerance ${c.tolerance}${worse}${accepted}` }
    : { name: "relevance", ok: false, detail: `${firstFew(c.regressions, "; ")} (${mean})${worse}` };
}

export function verifyGeneration(input: VerificationInput): Verification {
  const checks = [runCheck(input), countCheck(input), coverageCheck(input)];
  if (input.dropped) checks.push(droppedCheck(input.dropped));
  if (input.relevance) checks.push(relevanceCheck(input.relevance));
  const failed = checks.filter((c) => !c.ok);
  return {
    ok: failed.length === 0,
    checks,
    failure: failed.length ? failed.map((c) => `${c.name}: ${c.detail}`).join("; ") : null,
  };
}
