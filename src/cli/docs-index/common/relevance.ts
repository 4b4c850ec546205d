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
import { DEFAULT_CONCURRENCY, DEFAULT_GAIN, DEFAULT_K, type EvalReport } from "../../../search/eval/report.js";
import { evaluateGolden, type EvalPort, type EvalRequest } from "../../../search/eval/evaluate-golden.js";
import { compareReports } from "../../../search/eval/compare.js";
import type { RelevanceOutcome } from "../../../search/bluegreen/verify.js";
import type { GenerationFields } from "../../../search/bluegreen/build.js";
import type { RankingEvalPort } from "../../../search/deploy/ranking-eval.js";
import type { RankingCheck } from "../../../search/plan/ranking-changes.js";
import { DEFAULT_SEARCH_DOCS_LIMITS } from "../../../search/query/search-docs/request.js";
import { runSearchDocs } from "../../../search/query/search-docs/io.js";
import { checkFormatCoverage, readProvenanceFacts } from "../../../search/query/common/io/answer-basis-io.js";
import { searchClient } from "../../../search/io/search-io.js";
import type { SearchIndexClient } from "@azure/search-documents";
import { resolveServingIndex } from "../../../search/io/alias-resolve.js";
import type { CliContext } from "../../context.js";
import { progressLine } from "../../../search/views/progress-text.js";
import { fieldsLackingNote } from "../../../search/views/eval-text.js";

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

/** The eval's port over the SDK clients, against `indexName` (the alias, or a generation). */
export async function evalPort(ctx: CliContext, indexName: string): Promise<EvalPort> {
  const { search } = ctx.config;
  const { indexClient, indexerClient } = await ctx.search();
  const client = searchClient(indexClient, indexName);
  const where = { container: search.container, docsUrl: search.docs_url };
  return {
    formatCoverage: () => checkFormatCoverage(client),
    provenanceFacts: () =>
      readProvenanceFacts(
        { indexClient, indexerClient },
        {
          index: indexName,
          indexer: search.indexer_name,
          apiVersion: search.api_version,
          configured: search.index_name,
        },
      ),
    indexFields: () => indexFields(indexClient, indexName),
    search: (request) =>
      runSearchDocs(client, request, { ...where, snippetChars: DEFAULT_SEARCH_DOCS_LIMITS.snippetChars }),
    progress: (event) => ctx.out.info(progressLine(event)),
    note: (note) => ctx.out.note(fieldsLackingNote(note)),
    now: () => new Date(),
  };
}

type RelevanceOptions = Omit<EvalRequest, "apiVersion">;

/** Every golden query against `indexName`, with the provenance of rule 6: the core's eval over the SDK clients. */
async function runRelevanceEval(ctx: CliContext, opts: RelevanceOptions): Promise<EvalReport> {
  return evaluateGolden(await evalPort(ctx, opts.indexName), { ...opts, apiVersion: ctx.config.search.api_version });
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
