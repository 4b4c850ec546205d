// Building a generation beside the live one, shared by the rebuild and the migration: create the index from the
// reviewed file, point the indexer at it, reset and run (one full crawl; the live index keeps serving,
// unchanged), wait with progress, then verify it against the live index before any consumer sees it. On a failed
// verification the indexer is pointed back at the live index; the new generation is kept for inspection.
import type { Definitions } from "../definitions/definitions.js";
import type { LiveObject } from "../service/management-port.js";
import { guardedWrite, guardOf } from "../service/guarded-write.js";
import { countableFields } from "./countable.js";
import { summariseDropped, type DropOptions, type DroppedSummary } from "./dropped.js";
import { forGeneration } from "./generations.js";
import type { BlueGreenPort, Clock } from "./ports.js";
import { crawlState, fullCrawlRun, type CrawlState } from "./progress-state.js";
import type { KnowledgeSourcePoint } from "./knowledge-repoint.js";
import { crawlWindowDescription } from "./serving-runs.js";
import { verifyGeneration, type FieldCount, type RelevanceOutcome, type Verification } from "./verify.js";
import { withoutServiceMetadata, type JsonObject } from "../definitions/json.js";

export type StepName =
  | "create-generation"
  | "point-indexer"
  | "reset-and-run"
  | "wait"
  | "verify"
  | "rollback"
  | "swap"
  | "propagate"
  | "prune"
  | "repoint-knowledge-source"
  | "delete-concrete-index"
  | "create-alias";

/** Whether the candidate's definition now records the crawl window (status reads it); why not, when it does not. */
export type CrawlWindowRecord =
  { recorded: true; index: string; from: string; until: string } | { recorded: false; index: string; reason: string };

/** What a step did (views/bluegreen-text.ts words it for the result, the --json document and the progress line). */
export type StepDetail =
  | { did: "deleted-unused"; indexes: string[] }
  | { did: "created-index"; index: string }
  | { did: "pointed-indexer"; indexer: string; index: string; was: string }
  | { did: "started-crawl"; indexer: string; index: string; joined: boolean }
  | { did: "crawl-finished"; index: string }
  | { did: "verified"; index: string; ok: boolean }
  | { did: "rolled-back"; indexer: string; serving: string; crawlWindow: CrawlWindowRecord }
  | { did: "swapped"; alias: string; from: string; to: string; knowledgeSource: KnowledgeSourcePoint | undefined }
  | { did: "propagated"; waitedMs: number }
  | { did: "pruned"; indexes: string[] }
  | { did: "created-alias"; alias: string; index: string; attempts: number }
  | { did: "pointed-knowledge-source"; point: KnowledgeSourcePoint | undefined }
  | { did: "deleted-concrete-index"; alias: string };

export interface StepRecord {
  step: StepName;
  ms: number;
  detail: StepDetail;
}

/**
 * How far a build is (views/progress-text.ts words it for stderr): a step done, with the detail its record keeps,
 * and each poll of the crawl while it runs.
 */
type BuildProgress =
  | { event: "step-done"; step: StepName; detail: StepDetail }
  | { event: "crawling"; itemsProcessed: number; itemsFailed: number; since: string | null };

/** The migration's alias (./migrate.ts): the service refused its name (not released yet); retried after `waitMs`. */
export interface AliasRetryProgress {
  event: "alias-retry";
  alias: string;
  /** The service's message. */
  error: string;
  waitMs: number;
}

/** What a build, or the migration around one, reports through `BuildOptions.progress`. */
export type BlueGreenProgress = BuildProgress | AliasRetryProgress;

export interface BuildOptions {
  /** Allowed relative difference of document counts and field fill rates (default 0.1 = 10 %). */
  tolerance?: number;
  /** How often to poll the indexer while it crawls (default 5 s). */
  pollMs?: number;
  /** Give up waiting for the crawl after this long (default 6 h); the live index is untouched. */
  crawlTimeoutMs?: number;
  classify: DropOptions;
  /**
   * The relevance gate: evaluates the golden queries on the live generation and on the candidate (the shell runs
   * them through the agents' query core) and compares; absent, relevance is not part of the verification.
   */
  relevance?: (live: string, candidate: string, fields: GenerationFields) => Promise<RelevanceOutcome>;
  progress?: (event: BlueGreenProgress) => void;
  clock: Clock;
}

/** The top-level fields of both generations (the eval selects and filters only on what each has). */
export interface GenerationFields {
  live: ReadonlySet<string>;
  candidate: ReadonlySet<string>;
}

function fieldNames(index: JsonObject | undefined): Set<string> {
  return new Set(((index?.fields as JsonObject[] | undefined) ?? []).map((f) => String(f.name)));
}

/** Stopped before the cutover: consumers are still on a complete index; `resume` continues. */
export class RebuildStoppedError extends Error {
  constructor(
    readonly stoppedAt: StepName,
    readonly servingIndex: string,
    reason: string,
    readonly resumeCommand: string,
  ) {
    super(
      `stopped at ${stoppedAt}: ${reason}. Consumers are still served by ${servingIndex}, unchanged. Continue with \`${resumeCommand}\`.`,
    );
    this.name = "RebuildStoppedError";
  }
}

/** The new generation failed verification: the alias was not touched and the indexer points at the live index again. */
export class VerificationFailedError extends Error {
  constructor(
    readonly candidate: string,
    readonly servingIndex: string,
    readonly verification: Verification,
    readonly dropped: DroppedSummary | undefined,
  ) {
    super(
      `generation ${candidate} failed verification, so consumers stay on ${servingIndex} (alias unchanged) and the indexer points at ${servingIndex} again. ` +
        `Failed: ${verification.failure}. ${candidate} is kept for inspection; the next rebuild replaces it, \`deploy --prune\` deletes it.`,
    );
    this.name = "VerificationFailedError";
  }
}

export interface BuildContext {
  port: BlueGreenPort;
  files: Definitions;
  options: BuildOptions;
  steps: StepRecord[];
  /** The command that continues after an interruption (named in errors). */
  resumeCommand: string;
  /**
   * What the command already read, so the build does not read it again: the indexer (kept current with each of
   * the build's own writes, whose answers carry the new ETag) and the serving index's definition.
   */
  known?: { indexer?: LiveObject; serving?: LiveObject };
}

export async function step<T>(ctx: BuildContext, name: StepName, fn: () => Promise<[T, StepDetail]>): Promise<T> {
  const started = ctx.options.clock.now();
  const [value, detail] = await fn();
  ctx.steps.push({ step: name, ms: ctx.options.clock.now() - started, detail });
  ctx.options.progress?.({ event: "step-done", step: name, detail });
  return value;
}

function indexerName(ctx: BuildContext): string {
  return String(ctx.files.indexer.name);
}

/** Creates `candidate` from the reviewed index file and points the indexer at it; returns the indexer it replaced. */
export async function createAndPoint(ctx: BuildContext, candidate: string): Promise<LiveObject> {
  const { management } = ctx.port;
  const target = forGeneration(ctx.files, candidate);
  await step(ctx, "create-generation", async () => {
    await guardedWrite(management, "index", candidate, target.index, { expect: "absent" });
    return [undefined, { did: "created-index", index: candidate }];
  });
  return step(ctx, "point-indexer", async () => {
    const live = ctx.known?.indexer ?? (await management.get("indexer", indexerName(ctx)));
    if (!live) throw new Error(`indexer ${indexerName(ctx)} does not exist: run \`docs-index deploy\` first`);
    const pointed = await guardedWrite(management, "indexer", indexerName(ctx), target.indexer, guardOf(live));
    if (ctx.known) ctx.known.indexer = pointed;
    const was = String(live.definition.targetIndexName);
    return [live, { did: "pointed-indexer", indexer: indexerName(ctx), index: candidate, was }];
  });
}

async function waitUntil(ctx: BuildContext, serving: string, done: (s: CrawlState) => boolean): Promise<CrawlState> {
  const { clock } = ctx.options;
  const deadline = clock.now() + (ctx.options.crawlTimeoutMs ?? 6 * 3600_000);
  for (;;) {
    const status = await ctx.port.indexerStatus(indexerName(ctx));
    const state = crawlState(status);
    if (done(state)) return state;
    const active = status.lastResult?.status === "inProgress" ? status.lastResult : undefined;
    if (active)
      ctx.options.progress?.({
        event: "crawling",
        itemsProcessed: active.itemsProcessed,
        itemsFailed: active.itemsFailed,
        since: active.startTime ?? null,
      });
    if (clock.now() >= deadline)
      throw new RebuildStoppedError("wait", serving, "the crawl did not finish in time", ctx.resumeCommand);
    await clock.sleep(ctx.options.pollMs ?? 5000);
  }
}

/**
 * Reset and run, then wait for the full crawl to finish. A fresh build always resets; a resumed one skips what
 * the history shows done. The history cannot say whether its newest reset came before or after the indexer was
 * pointed at the candidate: an empty candidate means before; a partly filled one fails the verification's counts.
 */
export async function crawl(ctx: BuildContext, serving: string, candidate: string, fresh: boolean): Promise<void> {
  const name = indexerName(ctx);
  let initial = fresh ? "not-reset" : crawlState(await ctx.port.indexerStatus(name));
  // Resuming: a "done" crawl into an empty candidate is an older reset's run (it wrote elsewhere): crawl again.
  if (initial === "done" && (await ctx.port.countDocuments(candidate)) === 0) initial = "not-reset";
  if (initial === "not-reset" || initial === "reset-not-run") {
    await step(ctx, "reset-and-run", async () => {
      if (initial === "not-reset") {
        // A run started before the reset (e.g. by the indexer update) is incremental: let it end first.
        const status = await ctx.port.indexerStatus(name);
        if (status.lastResult?.status === "inProgress") await waitIdle(ctx, serving);
        await ctx.port.resetIndexer(name);
      }
      // After a reset any run is a full crawl, so one already started by the service is as good as ours.
      const outcome = await ctx.port.management.runIndexer(name);
      return [undefined, { did: "started-crawl", indexer: name, index: candidate, joined: outcome !== "started" }];
    });
  }
  await step(ctx, "wait", async () => {
    await waitUntil(ctx, serving, (s) => s === "done");
    return [undefined, { did: "crawl-finished", index: candidate }];
  });
}

async function waitIdle(ctx: BuildContext, serving: string): Promise<void> {
  const { clock } = ctx.options;
  const deadline = clock.now() + (ctx.options.crawlTimeoutMs ?? 6 * 3600_000);
  while ((await ctx.port.indexerStatus(indexerName(ctx))).lastResult?.status === "inProgress") {
    if (clock.now() >= deadline)
      throw new RebuildStoppedError("reset-and-run", serving, "an earlier run did not end in time", ctx.resumeCommand);
    await clock.sleep(ctx.options.pollMs ?? 5000);
  }
}

async function idSet(port: BlueGreenPort, index: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const id of port.documentIds(index)) ids.add(id);
  return ids;
}

async function fieldCounts(
  port: BlueGreenPort,
  serving: string,
  servingDef: JsonObject | undefined,
  candidate: string,
): Promise<{ fields: FieldCount[]; uncounted: string[] }> {
  const candidateDef = (await port.management.get("index", candidate))?.definition ?? {};
  const next = countableFields(candidateDef);
  const liveFilters = new Map(countableFields(servingDef ?? {}).countable.map((f) => [f.name, f.filter]));
  const fields: FieldCount[] = [];
  for (const f of next.countable) {
    const liveFilter = liveFilters.get(f.name);
    fields.push({
      field: f.name,
      next: await port.countMatching(candidate, f.filter),
      ...(liveFilter ? { live: await port.countMatching(serving, liveFilter) } : {}),
    });
  }
  return { fields, uncounted: next.uncounted };
}

/**
 * Records on the kept candidate (its index description) when docs-indexer wrote into it, so `status`, `snapshot`,
 * `coverage` and the agents' provenance can set its crawl apart from the serving generation's runs
 * (./serving-runs.ts). Best effort: without the record they say the serving generation's last run is unknown.
 */
async function recordCrawlWindow(
  ctx: BuildContext,
  candidate: string,
  from: string | null,
  until: string,
): Promise<CrawlWindowRecord> {
  try {
    const current = await ctx.port.management.get("index", candidate);
    if (!current || from === null) throw new Error(from === null ? "no reset in the run history" : "index not found");
    const definition = withoutServiceMetadata({
      ...current.definition,
      description: crawlWindowDescription(from, until),
    });
    await guardedWrite(ctx.port.management, "index", candidate, definition, guardOf(current));
    return { recorded: true, index: candidate, from, until };
  } catch (err) {
    return { recorded: false, index: candidate, reason: (err as Error).message.split("\n")[0] ?? "" };
  }
}

/** Verifies `candidate` against `serving`; on failure points the indexer back and throws VerificationFailedError. */
export async function verifyOrRollback(
  ctx: BuildContext,
  serving: string,
  candidate: string,
  previousIndexer: LiveObject | undefined,
): Promise<{ verification: Verification; dropped: DroppedSummary }> {
  const { port, options } = ctx;
  let crawlFrom: string | null = null;
  const result = await step(ctx, "verify", async () => {
    const status = await port.indexerStatus(indexerName(ctx));
    const servingDef = (ctx.known?.serving ?? (await port.management.get("index", serving)))?.definition;
    const [liveCount, nextCount] = [await port.countDocuments(serving), await port.countDocuments(candidate)];
    const { fields, uncounted } = await fieldCounts(port, serving, servingDef, candidate);
    const blobs = port.blobs ? await port.blobs() : undefined;
    const dropped = summariseDropped(await idSet(port, serving), await idSet(port, candidate), blobs, options.classify);
    const names = { live: fieldNames(servingDef), candidate: fieldNames(ctx.files.index) };
    const relevance = options.relevance ? await options.relevance(serving, candidate, names) : undefined;
    crawlFrom = status.history.find((r) => r.status === "reset")?.startTime ?? fullCrawlRun(status)?.startTime ?? null;
    const verification = verifyGeneration({
      run: fullCrawlRun(status),
      liveCount,
      nextCount,
      fields,
      uncountedFields: uncounted,
      dropped,
      ...(relevance ? { relevance } : {}),
      tolerance: options.tolerance ?? 0.1,
      classify: options.classify,
    });
    return [
      { verification, dropped },
      { did: "verified", index: candidate, ok: verification.ok },
    ];
  });
  if (result.verification.ok) return result;
  await step(ctx, "rollback", async () => {
    const current = ctx.known?.indexer ?? (await port.management.get("indexer", indexerName(ctx)));
    const back = withoutServiceMetadata(
      previousIndexer
        ? previousIndexer.definition
        : { ...(current?.definition ?? ctx.files.indexer), targetIndexName: serving },
    );
    // Over the indexer as read (create only if it is gone), never over a change this build did not see.
    await guardedWrite(port.management, "indexer", indexerName(ctx), back, guardOf(current));
    const crawlWindow = await recordCrawlWindow(ctx, candidate, crawlFrom, new Date(options.clock.now()).toISOString());
    return [undefined, { did: "rolled-back", indexer: indexerName(ctx), serving, crawlWindow }];
  });
  throw new VerificationFailedError(candidate, serving, result.verification, result.dropped);
}
