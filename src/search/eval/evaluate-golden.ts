// The eval use case (`docs-index eval`, the blue/green relevance gate, the in-place ranking check): every golden
// query sent as `search_docs` sends it (the request is query/'s), against one index, judged against its expected
// pages, with the provenance of the answers. Reads through an EvalPort (src/cli/docs-index/common/relevance.ts
// builds it from the SDK clients); returns the report, the views word it. Pure apart from the port. query/ imports
// nothing from eval/, so eval/ may import the request it sends and the blue/green gate may import eval/.
import { mapLimit } from "../../async/map-limit.js";
import { answerableRequest } from "./answerable.js";
import { decideDedup, type DedupDecision, type FormatCoverageCheck } from "../dedup/policy.js";
import { servingIndexOf, type ProvenanceFacts } from "../query/common/provenance.js";
import type { SearchDocsOutcome } from "../query/search-docs/answer.js";
import {
  buildSearchDocsRequest,
  DEFAULT_SEARCH_DOCS_LIMITS,
  MAX_TOP_CAP,
  SEARCH_DOCS_SELECT,
  type SearchDocsRequest,
} from "../query/search-docs/request.js";
import { compareReports, type ComparableReport, type Comparison } from "./compare.js";
import type { GoldenQuery } from "./golden.js";
import type { Gain } from "./metrics.js";
import { buildEvalReport, depthFor, type EvalReport, type QueryRun } from "./report.js";

export interface EvalPort {
  /** The `format` coverage check behind the dedup decision (as search_docs decides). */
  formatCoverage(): Promise<FormatCoverageCheck>;
  /** The provenance of the answers (rule 6); not asked when the request says `provenance: false`. */
  provenanceFacts(): Promise<ProvenanceFacts>;
  /** The index's fields, or undefined when its definition cannot be read. Not asked when the request has them. */
  indexFields(): Promise<ReadonlySet<string> | undefined>;
  /** One search_docs request against the evaluated index. */
  search(request: SearchDocsRequest): Promise<SearchDocsOutcome>;
  /** How far the evaluation is (views/progress-text.ts words it for stderr). */
  progress(event: EvalProgress): void;
  /** What the user should know about the evaluation (views/eval-text.ts words it for stderr). */
  note(note: FieldsLackingNote): void;
  now(): Date;
}

/** The index has not yet every field search_docs selects (an older generation): the eval leaves them out. */
export interface FieldsLackingNote {
  note: "fields-lacking";
  index: string;
  fields: string[];
}

/** Every tenth query and the last: the queries evaluated so far, of all, against the index. */
export interface EvalProgress {
  event: "evaluating";
  done: number;
  total: number;
  index: string;
}

export interface EvalRequest {
  /** The alias or a concrete generation. */
  indexName: string;
  golden: { path: string; sha256: string; queries: readonly GoldenQuery[] };
  k: number;
  gain: Gain;
  concurrency: number;
  /** Read the provenance for rule 6 (default true); the blue/green gate compares figures only. */
  provenance?: boolean;
  /** The index's fields when the caller knows them (the deploy's read); else they are read. */
  fields?: ReadonlySet<string>;
  /** The API version the provenance names when it is not read. */
  apiVersion: string;
}

/** Every golden query against `request.indexName`, with the provenance of rule 6. */
export async function evaluateGolden(port: EvalPort, request: EvalRequest): Promise<EvalReport> {
  const notRead = { status: "unknown" as const, reason: "not read: the blue/green verification records its own" };
  const [coverage, facts] = await Promise.all([
    port.formatCoverage(),
    request.provenance === false
      ? {
          index: request.indexName,
          serving: notRead,
          etag: notRead,
          freshness: notRead,
          apiVersion: request.apiVersion,
        }
      : port.provenanceFacts(),
  ]);
  const dedup = decideDedup(coverage);
  const fields = request.fields ?? (await port.indexFields());
  const lacking = fields ? SEARCH_DOCS_SELECT.filter((f) => !fields.has(f)) : [];
  if (lacking.length > 0) port.note({ note: "fields-lacking", index: request.indexName, fields: lacking });
  const total = request.golden.queries.length;
  let done = 0;
  const runs = await mapLimit(request.golden.queries, request.concurrency, async (q) => {
    const run = await runGoldenQuery(port, q, dedup, depthFor(request.k), fields);
    done += 1;
    if (done % 10 === 0 || done === total)
      port.progress({ event: "evaluating", done, total, index: request.indexName });
    return run;
  });
  const serving = servingIndexOf(facts.serving);
  const unknown = [
    serving.reason,
    facts.etag.status === "unknown" ? facts.etag.reason : null,
    facts.freshness.status === "unknown" ? facts.freshness.reason : null,
  ].filter((r): r is string => r !== null);
  return buildEvalReport(
    runs,
    {
      index: {
        name: request.indexName,
        generation: serving.index,
        etag: facts.etag.status === "known" ? facts.etag.value : null,
      },
      lastSuccessfulRun: facts.freshness.status === "known" ? facts.freshness.value.last_successful_run : null,
      unknown: [...new Set(unknown)],
      golden: { path: request.golden.path, sha256: request.golden.sha256 },
      dedupFilter: dedup.filter,
      at: port.now().toISOString(),
    },
    { k: request.k, gain: request.gain },
  );
}

/** `docs-index eval`: the report, its comparison with the baseline when one was given, and the verdict. */
export interface EvalOutcome {
  report: EvalReport;
  comparison?: Comparison;
  /** False only when a baseline was given and the report regressed against it (compare.ts names the rules). */
  passed: boolean;
}

/**
 * `docs-index eval`: every golden query against the index, then, with a baseline (an earlier `eval --json`
 * report), the comparison with it: a regression beyond `tolerance` fails the evaluation.
 */
export async function evaluateAgainstBaseline(
  port: EvalPort,
  request: EvalRequest & { baseline?: ComparableReport; tolerance: number },
): Promise<EvalOutcome> {
  const report = await evaluateGolden(port, request);
  if (!request.baseline) return { report, passed: true };
  const comparison = compareReports(report, request.baseline, request.tolerance);
  return { report, comparison, passed: comparison.regressions.length === 0 };
}

/** One golden query as search_docs sends it, on what the index can answer (query/answerable.ts). */
async function runGoldenQuery(
  port: EvalPort,
  query: GoldenQuery,
  dedup: DedupDecision,
  depth: number,
  fields: ReadonlySet<string> | undefined,
): Promise<QueryRun> {
  const built = buildSearchDocsRequest(
    { query: query.query, app: query.app, exclude_sections: query.excludeSections, top: depth, mode: query.mode },
    dedup,
    { ...DEFAULT_SEARCH_DOCS_LIMITS, topCap: MAX_TOP_CAP },
  );
  const { request, notes } = fields ? answerableRequest(built, fields) : { request: built, notes: [] as string[] };
  if (!request) return { query, answeredAs: built.mode, results: [], notes: [...built.notes, ...notes] };
  const outcome = await port.search(request);
  const semantic = outcome.request.mode === "semantic";
  return {
    query,
    answeredAs: outcome.request.mode,
    // The order a semantic answer follows is the reranker's, so ties are judged on its score.
    results: outcome.hits.map((h) => ({ url: h.url, score: semantic ? (h.reranker_score ?? h.score) : h.score })),
    notes: [...outcome.request.notes, ...notes],
  };
}
