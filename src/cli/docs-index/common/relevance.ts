// Running the golden queries (docs-index eval; the blue/green gate): each through the query core agents use
// (src/search/query/: the same request, filters and dedup decision as search_docs), a few at a time, then the
// pure report (src/search/eval/). Timeouts and the deadline come with the clients (ServiceOptions).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "../../../config/load.js";
import { repoRoot } from "../../../config/repo-root.js";
import {
  DEFAULT_GOLDEN_FILE,
  GOLDEN_FILE_IN_DEFINITIONS,
  parseGolden,
  type GoldenQuery,
} from "../../../search/eval/golden.js";
import type { Gain } from "../../../search/eval/metrics.js";
import {
  buildEvalReport,
  DEFAULT_CONCURRENCY,
  DEFAULT_GAIN,
  DEFAULT_K,
  depthFor,
  type EvalReport,
  type QueryRun,
} from "../../../search/eval/report.js";
import { compareReports } from "../../../search/eval/compare.js";
import type { RelevanceOutcome } from "../../../search/bluegreen/verify.js";
import type { GenerationFields } from "../../../search/bluegreen/build.js";
import type { RankingEvalPort } from "../../../search/deploy/ranking-eval.js";
import type { RankingCheck } from "../../../search/plan/ranking-changes.js";
import { decideDedup, type DedupDecision } from "../../../search/query/dedup-policy.js";
import { servingIndexOf } from "../../../search/query/provenance.js";
import {
  buildSearchDocsRequest,
  DEFAULT_SEARCH_DOCS_LIMITS,
  MAX_TOP_CAP,
  SEARCH_DOCS_SELECT,
} from "../../../search/query/search-docs.js";
import {
  checkFormatCoverage,
  readProvenanceFacts,
  runSearchDocs,
  type AnyDoc,
} from "../../../search/query/io/search-docs-io.js";
import { searchClient } from "../../../search/io/search-io.js";
import type { SearchClient, SearchIndexClient } from "@azure/search-documents";
import { answerableRequest } from "../../../search/query/answerable.js";
import { resolveServingIndex } from "../../../search/io/alias-resolve.js";
import type { CliContext } from "../../context.js";
import { mapLimit } from "../../../search/ops/map-limit.js";

/** The golden file: --golden, else the one in --definitions <dir>, else the repository's. */
export function goldenFilePath(opts: { golden?: string; definitions?: string }): string {
  if (opts.golden !== undefined) return path.resolve(opts.golden);
  if (opts.definitions !== undefined) return path.resolve(opts.definitions, GOLDEN_FILE_IN_DEFINITIONS);
  return path.join(repoRoot, DEFAULT_GOLDEN_FILE);
}

/** How the report names the file: relative to the repository when inside it, so reports compare across clones. */
function displayPath(file: string): string {
  const rel = path.relative(repoRoot, file);
  return rel.startsWith("..") || path.isAbsolute(rel) ? file : rel.split(path.sep).join("/");
}

export interface GoldenFile {
  path: string;
  sha256: string;
  queries: GoldenQuery[];
}

export function readGoldenFile(file: string, site: { docsUrl: string; container: string }): GoldenFile {
  const display = displayPath(file);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(display, [
      {
        key: "(file)",
        expected:
          code === "ENOENT" ? "not found: write golden queries there or name another file with --golden" : String(err),
      },
    ]);
  }
  return {
    path: display,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    queries: parseGolden(bytes.toString("utf8"), display, site),
  };
}

async function runQuery(
  client: SearchClient<AnyDoc>,
  query: GoldenQuery,
  dedup: DedupDecision,
  depth: number,
  where: { container: string; docsUrl: string; fields: ReadonlySet<string> | undefined },
): Promise<QueryRun> {
  const built = buildSearchDocsRequest(
    { query: query.query, app: query.app, exclude_sections: query.excludeSections, top: depth, mode: query.mode },
    dedup,
    { ...DEFAULT_SEARCH_DOCS_LIMITS, topCap: MAX_TOP_CAP },
  );
  // An index older than a field is evaluated on what it can answer (search/query/answerable.ts).
  const { request, notes } = where.fields
    ? answerableRequest(built, where.fields)
    : { request: built, notes: [] as string[] };
  if (!request) return { query, answeredAs: built.mode, results: [], notes: [...built.notes, ...notes] };
  const outcome = await runSearchDocs(client, request, {
    ...where,
    snippetChars: DEFAULT_SEARCH_DOCS_LIMITS.snippetChars,
  });
  const semantic = outcome.request.mode === "semantic";
  return {
    query,
    answeredAs: outcome.request.mode,
    // The order a semantic answer follows is the reranker's, so ties are judged on its score.
    results: outcome.hits.map((h) => ({ url: h.url, score: semantic ? (h.reranker_score ?? h.score) : h.score })),
    notes: [...outcome.request.notes, ...notes],
  };
}

/**
 * The fields of the index `name` designates (the alias's generation, or the index), or undefined when its
 * definition cannot be read (the eval then sends its requests as they are).
 */
async function indexFields(indexClient: SearchIndexClient, name: string): Promise<Set<string> | undefined> {
  try {
    const resolved = await resolveServingIndex(indexClient, name);
    if (resolved.kind === "missing") return undefined;
    const index = await indexClient.getIndex(resolved.index);
    return new Set(index.fields.map((f) => f.name));
  } catch {
    return undefined;
  }
}

export interface RelevanceOptions {
  /** The alias or a concrete generation. */
  indexName: string;
  golden: GoldenFile;
  k: number;
  gain: Gain;
  concurrency: number;
  /** Read the index and indexer definitions for rule 6 (default true); the blue/green gate compares figures only. */
  provenance?: boolean;
  /** The index's fields when the caller knows them (the deploy's read); else they are read. */
  fields?: ReadonlySet<string>;
}

/** Every golden query against `indexName`, with the provenance of rule 6. */
export async function runRelevanceEval(ctx: CliContext, opts: RelevanceOptions): Promise<EvalReport> {
  const { search } = ctx.config;
  const { indexClient, indexerClient } = await ctx.search();
  const client = searchClient(indexClient, opts.indexName);
  const notRead = { status: "unknown" as const, reason: "not read: the blue/green verification records its own" };
  const [coverage, facts] = await Promise.all([
    checkFormatCoverage(client),
    opts.provenance === false
      ? { index: opts.indexName, serving: notRead, etag: notRead, freshness: notRead, apiVersion: search.api_version }
      : readProvenanceFacts(
          { indexClient, indexerClient },
          {
            index: opts.indexName,
            indexer: search.indexer_name,
            apiVersion: search.api_version,
            configured: search.index_name,
          },
        ),
  ]);
  const dedup = decideDedup(coverage);
  const depth = depthFor(opts.k);
  const fields = opts.fields ?? (await indexFields(indexClient, opts.indexName));
  const lacking = fields ? SEARCH_DOCS_SELECT.filter((f) => !fields.has(f)) : [];
  if (lacking.length > 0)
    ctx.out.note(
      `${opts.indexName} has no field ${lacking.join(", ")} yet (null in every document until it is added): the eval selects only the fields it has and leaves out filter clauses that hold for null`,
    );
  const where = { container: search.container, docsUrl: search.docs_url, fields };
  let done = 0;
  const runs = await mapLimit(opts.golden.queries, opts.concurrency, async (q) => {
    const run = await runQuery(client, q, dedup, depth, where);
    done += 1;
    if (done % 10 === 0 || done === opts.golden.queries.length)
      ctx.out.info(`evaluated ${done}/${opts.golden.queries.length} queries against ${opts.indexName}`);
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
        name: opts.indexName,
        generation: serving.index,
        etag: facts.etag.status === "known" ? facts.etag.value : null,
      },
      lastSuccessfulRun: facts.freshness.status === "known" ? facts.freshness.value.last_successful_run : null,
      unknown: [...new Set(unknown)],
      golden: { path: opts.golden.path, sha256: opts.golden.sha256 },
      dedupFilter: dedup.filter,
      at: new Date().toISOString(),
    },
    { k: opts.k, gain: opts.gain },
  );
}

export interface RelevanceGateOptions {
  golden?: string;
  definitions?: string;
  /** Allowed drop of the mean nDCG@10. */
  tolerance: number;
}

/**
 * The blue/green rebuild's relevance gate: reads and validates the golden file now (an invalid file stops the
 * deploy before anything is built), then, at verification, evaluates the live generation and the candidate and
 * compares them. Without a golden file at the default place the gate is skipped, saying so; a missing --golden
 * file is an error.
 */
export function relevanceGate(
  ctx: CliContext,
  opts: RelevanceGateOptions,
): (live: string, candidate: string, fields?: GenerationFields) => Promise<RelevanceOutcome> {
  const { file, golden } = configuredGolden(ctx, opts);
  return async (live, candidate, fields) => {
    if (!golden) return { skipped: `no golden queries at ${file}` };
    ctx.out.progress(`relevance: the ${golden.queries.length} golden queries on ${live} (live) and ${candidate}`);
    const before = await gateEval(ctx, golden, live, fields?.live);
    const after = await gateEval(ctx, golden, candidate, fields?.candidate);
    return { golden: golden.path, comparison: compareReports(after, before, opts.tolerance) };
  };
}

/**
 * The golden file of the gate and of the in-place eval, read and validated now (an invalid file stops the deploy
 * before anything is written): undefined when there is none at the default place; a missing --golden is an error.
 */
function configuredGolden(
  ctx: CliContext,
  opts: { golden?: string; definitions?: string },
): { file: string; golden: GoldenFile | undefined } {
  const file = goldenFilePath(opts);
  const { search } = ctx.config;
  const golden =
    opts.golden === undefined && !existsSync(file)
      ? undefined
      : readGoldenFile(file, { docsUrl: search.docs_url, container: search.container });
  return { file: displayPath(file), golden };
}

/** The golden queries against one index, figures only (the deploy compares two runs). */
function gateEval(
  ctx: CliContext,
  golden: GoldenFile,
  indexName: string,
  fields?: ReadonlySet<string>,
): Promise<EvalReport> {
  return runRelevanceEval(ctx, {
    ...(fields ? { fields } : {}),
    indexName,
    golden,
    k: DEFAULT_K,
    gain: DEFAULT_GAIN,
    concurrency: DEFAULT_CONCURRENCY,
    provenance: false,
  });
}

/**
 * `deploy` without --blue-green: the golden queries before and after an in-place write that re-ranks (the same
 * golden file as the gate). `--no-eval` or no golden file: not evaluated, saying why.
 */
export function inPlaceRankingEval(ctx: CliContext, opts: RelevanceGateOptions & { eval: boolean }): RankingEvalPort {
  const { file, golden } = configuredGolden(ctx, opts);
  const skipped = !opts.eval ? "--no-eval" : golden ? undefined : `no golden queries at ${file}`;
  return {
    skipped,
    golden: golden?.path ?? file,
    tolerance: opts.tolerance,
    evaluate: async (indexName, when, fields) => {
      ctx.out.progress(`relevance: the ${golden!.queries.length} golden queries on ${indexName}, ${when} the write`);
      return gateEval(ctx, golden!, indexName, fields);
    },
  };
}

/**
 * The check `deploy` would run around an in-place re-ranking write, as `plan` announces it: the same golden file
 * (read and validated as deploy reads it), or why there is none.
 */
export function plannedRankingCheck(ctx: CliContext, opts: { golden?: string; definitions?: string }): RankingCheck {
  const { file, golden } = configuredGolden(ctx, opts);
  return golden
    ? { status: "would-run", golden: golden.path, queries: golden.queries.length }
    : { status: "not-evaluated", reason: `no golden queries at ${file}` };
}
