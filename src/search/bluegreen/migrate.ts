// The one-time move from a concrete `docs-index` to an alias of the same name: build generation 1 fully and
// verify it against the concrete index (./build.ts), then delete the concrete index and create the alias at once.
// Between those two calls queries to the name fail: the only gap of the scheme, measured and reported. If the
// service refuses the alias while the delete propagates, the creation is retried with backoff
// (../service/service-facts.ts).
import type { Definitions } from "../definitions/definitions.js";
import { ALIAS_CREATE_RETRY, ALIAS_NAME_REFUSAL_STATUSES } from "../service/service-facts.js";
import { pointKnowledgeSourceAt, repointKnowledgeSource } from "./knowledge-repoint.js";
import {
  createAndPoint,
  crawl,
  step,
  verifyOrRollback,
  type BuildContext,
  type AliasRetryProgress,
  type BuildOptions,
  type StepRecord,
} from "./build.js";
import type { DroppedSummary } from "./dropped.js";
import { generationIndexName, nextGeneration } from "./generations.js";
import type { BlueGreenPort, Clock } from "./ports.js";
import { observe, RebuildNotPossibleError } from "./rebuild.js";
import { inferPhase } from "./progress-state.js";
import type { Verification } from "./verify.js";

export interface MigrateOptions extends BuildOptions {
  resume?: boolean;
  retry?: { firstDelayMs: number; factor: number; maxDelayMs: number; deadlineMs: number };
}

export interface MigrateResult {
  alias: string;
  generation: string;
  alreadyMigrated: boolean;
  verification?: Verification;
  dropped?: DroppedSummary;
  /** From the delete request of the concrete index to the alias's creation: queries to the name failed meanwhile. */
  gapMs?: number;
  aliasAttempts?: number;
  steps: StepRecord[];
}

/** The alias could not be created after the concrete index was deleted: queries are failing until it is. */
export class AliasGapError extends Error {
  constructor(
    readonly alias: string,
    readonly generation: string,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(
      `the concrete index ${alias} was deleted but the alias ${alias} → ${generation} could not be created after ${attempts} attempt(s) (${String((cause as Error)?.message ?? cause)}). ` +
        `QUERIES TO ${alias} FAIL until it exists: run \`docs-index migrate-to-alias --resume\` now.`,
    );
    this.name = "AliasGapError";
  }
}

/** The waits between attempts: first, first*factor, ... capped, until the deadline. Pure. */
export function backoffDelays(retry: MigrateOptions["retry"] & object): number[] {
  const out: number[] = [];
  let total = 0;
  for (let d = retry.firstDelayMs; total + d <= retry.deadlineMs; d = Math.min(d * retry.factor, retry.maxDelayMs)) {
    out.push(d);
    total += d;
  }
  return out;
}

export function isNameRefusal(err: unknown): boolean {
  return ALIAS_NAME_REFUSAL_STATUSES.includes((err as { statusCode?: number }).statusCode ?? 0);
}

async function createAliasWithRetry(
  port: BlueGreenPort,
  clock: Clock,
  alias: string,
  index: string,
  retry: NonNullable<MigrateOptions["retry"]>,
  progress?: (event: AliasRetryProgress) => void,
): Promise<number> {
  const delays = backoffDelays(retry);
  for (let attempt = 1; ; attempt++) {
    try {
      await port.createAlias(alias, index);
      return attempt;
    } catch (err) {
      const wait = delays[attempt - 1];
      if (!isNameRefusal(err) || wait === undefined) throw new AliasGapError(alias, index, attempt, err);
      progress?.({ event: "alias-retry", alias, error: (err as Error).message, waitMs: wait });
      await clock.sleep(wait);
    }
  }
}

/** What the migration talks to: the service, and the operator who confirms deleting the concrete index. */
export interface MigratePorts {
  service: BlueGreenPort;
  /**
   * Called once, after the read and before the first write, when there is something to migrate (no alias yet);
   * throws to stop, and then nothing is written.
   */
  confirm?: () => Promise<void>;
}

/** The typed request: the definitions (filled for the environment) and the build's options. */
export interface MigrateRequest extends MigrateOptions {
  files: Definitions;
}

/**
 * The migration use case: already an alias, nothing to do (and nothing to confirm); otherwise confirmed, then
 * generation 1 built and verified beside the concrete index, which is then deleted and the alias created at once.
 */
export async function migrateToAlias(ports: MigratePorts, request: MigrateRequest): Promise<MigrateResult> {
  const { files, ...options } = request;
  const port = ports.service;
  const alias = String(files.index.name);
  const ctx: BuildContext = {
    port,
    files,
    options,
    steps: [],
    resumeCommand: "docs-index migrate-to-alias --resume",
  };
  const retry = options.retry ?? ALIAS_CREATE_RETRY;
  const observed = await observe(port, alias, String(files.indexer.name));
  const phase = inferPhase(observed);
  const cutover = async (generation: string) => {
    const started = options.clock.now();
    let attempts = 0;
    await step(ctx, "create-alias", async () => {
      attempts = await createAliasWithRetry(port, options.clock, alias, generation, retry, options.progress);
      return [undefined, { did: "created-alias", alias, index: generation, attempts }];
    });
    return { gapMs: options.clock.now() - started, attempts };
  };

  if (observed.aliasTarget !== undefined)
    return { alias, generation: observed.aliasTarget, alreadyMigrated: true, steps: [] };
  await ports.confirm?.();
  if (phase.phase === "alias-missing") {
    const { gapMs, attempts } = await cutover(phase.generation);
    return {
      alias,
      generation: phase.generation,
      alreadyMigrated: false,
      gapMs,
      aliasAttempts: attempts,
      steps: ctx.steps,
    };
  }

  let generation: string;
  let previousIndexer;
  if (phase.phase === "building") {
    if (!options.resume) throw new RebuildNotPossibleError(phase, { refused: "migrate-under-way", name: alias });
    generation = phase.candidate;
  } else if (phase.phase === "concrete") {
    generation = generationIndexName(alias, nextGeneration(alias, observed.indexNames));
    previousIndexer = await createAndPoint(ctx, generation);
  } else {
    throw new RebuildNotPossibleError(phase, { refused: "migrate", name: alias });
  }

  await crawl(ctx, alias, generation, phase.phase === "concrete");
  const { verification, dropped } = await verifyOrRollback(ctx, alias, generation, previousIndexer);

  // A knowledge source naming the concrete index would keep it from being deleted (and would lose it): it moves to
  // the verified generation first.
  if (files.knowledgeSource)
    await step(ctx, "repoint-knowledge-source", async () => [
      undefined,
      { did: "pointed-knowledge-source", point: await pointKnowledgeSourceAt(port, files, generation) },
    ]);
  const started = options.clock.now();
  await step(ctx, "delete-concrete-index", async () => {
    await port.management.delete("index", alias, {});
    return [undefined, { did: "deleted-concrete-index", alias }];
  });
  const { attempts } = await cutover(generation);
  // Where an alias may stand in a knowledge source, it names the alias from now on (no repoint on later swaps).
  if (files.knowledgeSource) await repointKnowledgeSource(port, files, generation);
  return {
    alias,
    generation,
    alreadyMigrated: false,
    verification,
    dropped,
    gapMs: options.clock.now() - started,
    aliasAttempts: attempts,
    steps: ctx.steps,
  };
}
