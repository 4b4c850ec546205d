// The blue/green rebuild: build and verify the next generation beside the live one (./build.ts), then swap the
// alias (conditional on its ETag), wait out propagation, and keep the old generation until `--prune`. Interrupted
// at any step, consumers stay on a complete index; `resume` continues from what the service shows.
import type { Definitions } from "../definitions/definitions.js";
import type { LiveObject } from "../service/management-port.js";
import { ALIAS_PROPAGATION_MS } from "../service/service-facts.js";
import { assertGenerationsUnused, repointKnowledgeSource } from "./knowledge-repoint.js";
import {
  createAndPoint,
  crawl,
  step,
  verifyOrRollback,
  type BuildContext,
  type BuildOptions,
  type StepRecord,
} from "./build.js";
import type { DroppedSummary } from "./dropped.js";
import { generationIndexName, generationOf, generationsIn, nextGeneration } from "./generations.js";
import type { AliasRecord, BlueGreenPort } from "./ports.js";
import { inferPhase, observationOf, type Observation, type Phase } from "./progress-state.js";
import type { Verification } from "./verify.js";
import { blueGreenTarget, plannedTargetMismatch, type BlueGreenTarget } from "./rebuild-target.js";

export interface RebuildOptions extends BuildOptions {
  /** Continue a rebuild the service shows under way (indexer already filling a newer generation). */
  resume?: boolean;
  /** Delete the generations older than the new live one once propagation is over. */
  prune?: boolean;
  /** Wait after the swap before anything may delete the old generation (default: the documented 10 s). */
  propagationMs?: number;
  /** From a saved plan: refuse (nothing written) unless the service still rebuilds exactly this. */
  planned?: BlueGreenTarget;
  /**
   * The deploy's one read of the service: the rebuild starts from it instead of reading again, writes the indexer
   * with its ETag and swaps the alias conditional on the alias's ETag from it (a change since fails with 412).
   */
  read?: RebuildStart;
}

/**
 * The build's settings (clock, tolerance, waits, gate), apart from what the use case decides (resume, prune, start).
 */
export type RebuildSettings = Omit<RebuildOptions, "resume" | "prune" | "planned" | "read">;

/** What the deploy read before the rebuild (src/search/deploy/read.ts). */
export interface RebuildStart {
  observation: Observation;
  alias: AliasRecord | undefined;
  indexer: LiveObject | undefined;
  /** The serving generation's definition. */
  serving: LiveObject | undefined;
}

export interface RebuildResult {
  alias: string;
  from: string;
  to: string;
  verification: Verification;
  dropped: DroppedSummary;
  steps: StepRecord[];
  /** Generations deleted (with `prune`). */
  pruned: string[];
  /** Older generations still there (rollback targets until pruned). */
  kept: string[];
}

/**
 * What the phase refused, for `name`: a rebuild (or, while one is under way, a second one without --resume), a
 * resume with nothing under way, a prune, a deploy past a pending operation, a migration (or a second one without
 * --resume); or a saved plan's rebuild the service no longer matches (`mismatch` says how).
 */
export type PhaseRefusal =
  | {
      refused: "rebuild" | "rebuild-under-way" | "resume" | "prune" | "deploy" | "migrate" | "migrate-under-way";
      name: string;
    }
  | { refused: "planned-target"; mismatch: string };

/**
 * The service is not in a state a rebuild can start from (not migrated, a rebuild under way, ...). Facts only:
 * views/phase-text.ts words them (the CLI's error line and its --json error document); the message is for logs.
 */
export class RebuildNotPossibleError extends Error {
  constructor(
    readonly phase: Phase,
    readonly refusal: PhaseRefusal,
  ) {
    super(
      refusal.refused === "planned-target"
        ? `${refusal.mismatch}; nothing was changed. Plan again.`
        : `${refusal.refused} refused: ${refusal.name} is in phase ${phase.phase}; nothing was changed`,
    );
    this.name = "RebuildNotPossibleError";
  }
}

/** Reads what the phase is inferred from (the alias, the index names, the indexer and its status). */
export async function observe(port: BlueGreenPort, name: string, indexer: string): Promise<Observation> {
  const [alias, indexNames, indexerDef] = await Promise.all([
    port.getAlias(name),
    port.listIndexNames(),
    port.management.get("indexer", indexer),
  ]);
  const indexerStatus = indexerDef ? await port.indexerStatus(indexer) : undefined;
  return observationOf({ name, alias, indexNames, indexer: indexerDef, indexerStatus });
}

/** The names the rebuild works on: the live generation and the one to build (or the one being built). */
async function begin(
  ctx: BuildContext,
  phase: Phase,
  resume: boolean,
  observed: Observation,
  planned: BlueGreenTarget | undefined,
) {
  const alias = String(ctx.files.index.name);
  if (phase.phase === "building" && phase.live !== undefined && phase.live !== alias) {
    if (!resume) throw new RebuildNotPossibleError(phase, { refused: "rebuild-under-way", name: alias });
    return {
      live: phase.live,
      candidate: phase.candidate,
      previousIndexer: undefined,
      resumed: true,
      deleted: [] as string[],
    };
  }
  if (phase.phase !== "idle") throw new RebuildNotPossibleError(phase, { refused: "rebuild", name: alias });
  if (resume) throw new RebuildNotPossibleError(phase, { refused: "resume", name: alias });
  // Only what the plan named is deleted: a fresh deploy passes its plan; without one the rebuild deletes nothing
  // it did not find unused just now (resume and migrate-to-alias never reach here).
  const now = blueGreenTarget(alias, phase.live, observed.indexNames);
  if (planned) {
    const mismatch = plannedTargetMismatch(planned, now);
    if (mismatch) throw new RebuildNotPossibleError(phase, { refused: "planned-target", mismatch });
  }
  const unused = now.deletes;
  if (unused.length > 0) {
    await step(ctx, "create-generation", async () => {
      for (const name of unused) await ctx.port.management.delete("index", name, {});
      return [undefined, { did: "deleted-unused", indexes: unused }];
    });
  }
  const candidate = generationIndexName(alias, nextGeneration(alias, observed.indexNames));
  const previousIndexer: LiveObject = await createAndPoint(ctx, candidate);
  return { live: phase.live, candidate, previousIndexer, resumed: false, deleted: unused };
}

/** Swaps the alias to `candidate`, conditional on its ETag as read (by the deploy, or just now). */
async function swap(port: BlueGreenPort, alias: string, live: string, candidate: string, read?: AliasRecord) {
  const changed = (now: string) =>
    new Error(
      `alias ${alias} changed during the rebuild (now ${now}, expected ${live}); not swapped. Run status, then deploy again.`,
    );
  const current = read ?? (await port.getAlias(alias));
  if (!current || current.index !== live) throw changed(current?.index ?? "missing");
  try {
    await port.repointAlias(current, candidate);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 412) throw changed("a newer version of it");
    throw err;
  }
}

export async function blueGreenRebuild(
  port: BlueGreenPort,
  files: Definitions,
  options: RebuildOptions,
): Promise<RebuildResult> {
  const alias = String(files.index.name);
  const indexer = String(files.indexer.name);
  const { read } = options;
  const ctx: BuildContext = {
    port,
    files,
    options,
    steps: [],
    resumeCommand: "docs-index deploy --resume",
    ...(read ? { known: { indexer: read.indexer, serving: read.serving } } : {}),
  };
  const observed = read?.observation ?? (await observe(port, alias, indexer));
  const phase = inferPhase(observed);
  const { live, candidate, previousIndexer, resumed, deleted } = await begin(
    ctx,
    phase,
    options.resume ?? false,
    observed,
    options.planned,
  );

  await crawl(ctx, live, candidate, !resumed);
  const { verification, dropped } = await verifyOrRollback(ctx, live, candidate, previousIndexer);

  // The knowledge source moves with the alias, in the same step, and is read back before anything may be pruned.
  await step(ctx, "swap", async () => {
    await swap(port, alias, live, candidate, read?.alias);
    const knowledgeSource = await repointKnowledgeSource(port, files, candidate);
    return [undefined, { did: "swapped", alias, from: live, to: candidate, knowledgeSource }];
  });
  const propagationMs = options.propagationMs ?? ALIAS_PROPAGATION_MS;
  await step(ctx, "propagate", async () => {
    await options.clock.sleep(propagationMs);
    return [undefined, { did: "propagated", waitedMs: propagationMs }];
  });

  // The index names as read, less the unused generation the rebuild deleted (no need to list them again).
  const names = read ? observed.indexNames.filter((n) => !deleted.includes(n)) : await port.listIndexNames();
  const older = generationsIn(alias, names)
    .filter((g) => g.generation < (generationOf(alias, candidate) ?? 0))
    .map((g) => g.name);
  const pruned: string[] = [];
  if (options.prune && older.length > 0) {
    await step(ctx, "prune", async () => {
      await assertGenerationsUnused(port, older);
      for (const name of older) {
        await port.management.delete("index", name, {});
        pruned.push(name);
      }
      return [undefined, { did: "pruned", indexes: [...pruned] }];
    });
  }
  return {
    alias,
    from: live,
    to: candidate,
    verification,
    dropped,
    steps: ctx.steps,
    pruned,
    kept: older.filter((n) => !pruned.includes(n)),
  };
}

/**
 * The generations `--prune` deletes, from one observation: those older than the one that serves when the command
 * is done and any unused newer one, never the serving one or the indexer's target. `rebuilding`: a rebuild (or a
 * resumed one) will have swapped the alias to its candidate first.
 */
export function prunableGenerations(observed: Observation, rebuilding: boolean): string[] {
  const phase = inferPhase(observed);
  if (rebuilding && phase.phase === "idle") return [...phase.older, phase.live];
  if (rebuilding && phase.phase === "building") {
    const serving = generationOf(observed.name, phase.candidate) ?? 0;
    return generationsIn(observed.name, observed.indexNames)
      .filter((g) => g.generation < serving)
      .map((g) => g.name);
  }
  if (phase.phase !== "idle") throw new RebuildNotPossibleError(phase, { refused: "prune", name: observed.name });
  // Every unused generation, newer ones included: after a rollback by hand (alias re-pointed at an older
  // generation) several newer ones may be left, and one left behind would read as an unrecorded crawl
  // (serving-runs.ts) on every later command.
  return generationsIn(observed.name, observed.indexNames)
    .map((g) => g.name)
    .filter((n) => n !== observed.indexerTarget && n !== phase.live);
}

export async function deleteGenerations(port: BlueGreenPort, names: readonly string[]): Promise<string[]> {
  // Checked again right before deleting: a knowledge source still naming a generation keeps it (nothing deleted).
  await assertGenerationsUnused(port, names);
  for (const name of names) await port.management.delete("index", name, {});
  return [...names];
}
