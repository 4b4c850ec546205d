// `docs-index deploy <file>` once the configured index name is an alias (migrate-to-alias): the saved plan is
// checked against the live objects read through the alias, as `plan` read them (liveThroughAlias), with the
// alias's ETag pinned beside the definitions' (a moved alias refuses, nothing written). In-place changes are
// written to the generation the alias serves (forGeneration); a rebuild is handed to the blue/green rebuild with
// the plan's generations (`planned`), which refuses when they moved. Not migrated: the concrete path
// (saved-plan-apply.ts), unchanged.
import { applyPlan } from "./apply-plan.js";
import { BlueGreenRebuildRefusedError, planThroughAlias, writeDatasourceBeforeRebuild } from "./deploy-alias.js";
import { forGeneration } from "../bluegreen/generations.js";
import { liveThroughAlias, plannedTargetMismatch, type BlueGreenTarget } from "../bluegreen/plan-view.js";
import type { BlueGreenPort } from "../bluegreen/ports.js";
import { describePhase } from "../bluegreen/progress-state.js";
import {
  blueGreenRebuild,
  RebuildNotPossibleError,
  type RebuildOptions,
  type RebuildResult,
} from "../bluegreen/rebuild.js";
import { DEPLOY_ORDER, type DefinitionKind } from "../definitions/definitions.js";
import type { Plan } from "../plan/plan.js";
import { applySavedPlan, type ApplySavedPlanOptions, type SavedPlanApplyResult } from "./saved-plan-apply.js";
import { checkSavedPlan, SavedPlanRefusedError, type Refusal } from "../saved-plans/saved-plan-check.js";
import { plannedBlueGreen, type SavedPlan } from "../saved-plans/saved-plan.js";

export interface AliasSavedPlanOptions extends Omit<ApplySavedPlanOptions, "confirmRebuild"> {
  /** The blue/green rebuild's options (clock, tolerance, waits); `planned` is set from the saved plan. */
  rebuild: RebuildOptions;
  /** Not migrated: confirms the drop of a drop-and-recreate plan; throws to stop. */
  confirmRebuild?: (saved: SavedPlan) => Promise<void>;
  /** Migrated: confirms the blue/green rebuild, after every check and before any write; throws to stop. */
  confirmBlueGreen?: (target: BlueGreenTarget, saved: SavedPlan) => Promise<void>;
}

export interface AliasSavedPlanResult extends SavedPlanApplyResult {
  mode: "alias" | "concrete";
  /** Alias mode: the generation the in-place changes were written to (or the rebuild started from). */
  generation: string | null;
  /** A blue/green rebuild the plan held. */
  blueGreen: BlueGreenTarget | null;
  rebuilt?: RebuildResult;
}

/** The plan with the index named by its generation, so each write goes to the concrete index, not the alias. */
function planForGeneration(plan: Plan, generation: string): Plan {
  return { ...plan, objects: plan.objects.map((o) => (o.kind === "index" ? { ...o, name: generation } : o)) };
}

function pinnedEtags(saved: SavedPlan): Partial<Record<DefinitionKind, string | null>> {
  const kinds = new Set<string>(DEPLOY_ORDER);
  return Object.fromEntries(saved.live.filter((ref) => kinds.has(ref.kind)).map((ref) => [ref.kind, ref.etag]));
}

/** The strategy of the plan's rebuild does not fit a migrated environment. */
function strategyRefusal(saved: SavedPlan, alias: string): Refusal | undefined {
  if (!saved.plan.rebuildRequired || plannedBlueGreen(saved)) return undefined;
  return {
    reason: "strategy",
    message: `the plan rebuilds by ${saved.rebuild?.strategy ?? "an unnamed strategy"}, but ${alias} is now an alias: a rebuild there is blue/green`,
  };
}

export async function applySavedPlanThroughAlias(
  port: BlueGreenPort,
  saved: SavedPlan,
  options: AliasSavedPlanOptions,
): Promise<AliasSavedPlanResult> {
  const alias = String(saved.definitions.index.name);
  const planned = await planThroughAlias(port, saved.definitions);
  const { phase } = planned;
  if (planned.mode === "concrete" || !("live" in phase) || phase.live === undefined) {
    // A plan made behind the alias, and the alias no longer serves a generation the indexer fills (moved by
    // someone else, or deleted): name every reason, as for any other moved ETag.
    if (saved.live.some((ref) => ref.kind === "alias")) {
      const now = await port.getAlias(alias);
      const refusals = checkSavedPlan(saved, {
        target: options.target,
        live: planned.live,
        otherEtags: { [`alias:${alias}`]: now?.etag ?? null },
        files: options.files,
      });
      if (refusals.length > 0) throw new SavedPlanRefusedError(refusals);
    }
    if (phase.phase === "building" || phase.phase === "alias-missing" || phase.phase === "inconsistent")
      throw new RebuildNotPossibleError(phase, `not deploying: ${describePhase(alias, phase)}`);
    const result = await applySavedPlan(port.management, saved, options);
    return { ...result, mode: "concrete", generation: null, blueGreen: null };
  }
  const generation = phase.live;
  const refusals = checkSavedPlan(saved, {
    target: options.target,
    live: liveThroughAlias(planned.live, alias, generation),
    otherEtags: { [`alias:${alias}`]: planned.aliasEtag },
    files: options.files,
  });
  const strategy = strategyRefusal(saved, alias);
  if (strategy) refusals.push(strategy);
  const target = plannedBlueGreen(saved) ?? null;
  // Another generation appeared since the plan (the ETags do not show it): checked before anything is written.
  const moved = target && planned.blueGreen ? plannedTargetMismatch(target, planned.blueGreen) : undefined;
  if (moved) refusals.push({ reason: "plan", kind: "index", name: alias, message: moved });
  if (refusals.length > 0) throw new SavedPlanRefusedError(refusals);
  const base = { saved, mode: "alias" as const, generation, blueGreen: saved.plan.rebuildRequired ? target : null };
  if (options.dryRun) return { ...base, dryRun: true };
  if (phase.phase !== "idle") throw new RebuildNotPossibleError(phase, `not deploying: ${describePhase(alias, phase)}`);

  if (target && saved.plan.rebuildRequired) {
    if (!options.allowRebuild) throw new BlueGreenRebuildRefusedError(saved.plan, target);
    await options.confirmBlueGreen?.(target, saved);
    await writeDatasourceBeforeRebuild(
      port,
      saved.plan,
      saved.definitions,
      pinnedEtags(saved).datasource,
      options.progress,
    );
    const rebuilt = await blueGreenRebuild(port, saved.definitions, { ...options.rebuild, planned: target });
    return { ...base, dryRun: false, rebuilt };
  }
  const applied = await applyPlan(port.management, {
    plan: planForGeneration(saved.plan, generation),
    definitions: forGeneration(saved.definitions, generation),
    etags: pinnedEtags(saved),
    progress: options.progress,
  });
  return { ...base, dryRun: false, ...applied };
}
