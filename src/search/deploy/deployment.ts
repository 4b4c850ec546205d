// The one plan a deploy shows, confirms and applies: the classified plan with what applying it needs (the
// definitions, where the writes go, the ETag of every object from the one read, the blue/green rebuild's
// generations). A fresh plan is computed from the read; a saved plan (plan -out) is checked against the same
// read and then is the deployment, with its pinned ETags. Whether the index is an alias is a property of it.
// Pure: the read (./read.ts) is done by the caller.
import { kindsIn, type DefinitionKind, type Definitions } from "../definitions/definitions.js";
import { buildPlan, type LiveDefinitions, type Plan } from "../plan/plan.js";
import { asAliasNamed, liveThroughAlias } from "../bluegreen/generations.js";
import { blueGreenTarget, plannedTargetMismatch } from "../bluegreen/rebuild-target.js";
import type { BlueGreenTarget } from "../bluegreen/rebuild-target.js";
import type { AliasRecord } from "../bluegreen/ports.js";
import type { Phase } from "../bluegreen/progress-state.js";
import { pendingOperation, type PendingOperation } from "../bluegreen/pending.js";
import { plannedBlueGreen, type RebuildStrategy, type SavedPlan } from "../saved-plans/saved-plan.js";
import {
  checkSavedPlan,
  SavedPlanRefusedError,
  type CurrentTarget,
  type Refusal,
} from "../saved-plans/saved-plan-check.js";
import type { ServiceRead } from "./read.js";

export interface Deployment {
  /** As shown: the index under the configured name (a blue/green rebuild is `blueGreen`; views word its cost). */
  plan: Plan;
  /** The definitions to write, as filled for the environment (the index under the configured name). */
  definitions: Definitions;
  /** "alias": the configured name is an alias of `generation`, where in-place writes go. */
  mode: "alias" | "concrete";
  generation: string | null;
  phase: Phase;
  /** A rebuild through the alias: the generation serving now and the one it builds. */
  blueGreen: BlueGreenTarget | null;
  /** The If-Match of each write: the ETag of the one read (a saved plan: the pinned one, checked equal). */
  etags: Partial<Record<DefinitionKind, string | null>>;
  /** The alias as read (its ETag conditions the swap of a blue/green rebuild). */
  alias: AliasRecord | undefined;
  /** An operation under way that the deploy refuses to write past (an interrupted rebuild): a pending change. */
  pending: PendingOperation | null;
}

/** True when applying the deployment would change anything, or it is blocked by a pending operation. */
export function hasChanges(d: Pick<Deployment, "plan" | "pending" | "blueGreen">): boolean {
  return d.pending !== null || d.blueGreen !== null || d.plan.objects.some((o) => o.action !== "unchanged");
}

/** How the deployment's rebuild is carried out (as a saved plan records it); null without a rebuild. */
export function rebuildStrategy(d: Pick<Deployment, "plan" | "blueGreen">): RebuildStrategy | null {
  // A forced side-by-side generation (deploy --blue-green) is blue/green without a rebuild-class change.
  if (d.blueGreen) return { strategy: "blue-green", next_index: d.blueGreen.to, deletes: d.blueGreen.deletes };
  return d.plan.rebuildRequired ? { strategy: "drop-and-recreate" } : null;
}

/**
 * The live objects as the files name them: behind the alias the generation's name is the configured one, and so
 * is the candidate the indexer fills while a rebuild is under way (what `--resume` finishes is no change).
 */
function liveAsConfigured(read: ServiceRead): LiveDefinitions {
  if (!read.generation) return read.live;
  const live = liveThroughAlias(read.live, read.name, read.generation);
  const { phase } = read;
  if (phase.phase === "building" && live.indexer)
    live.indexer = {
      ...live.indexer,
      definition: asAliasNamed("indexer", live.indexer.definition, read.name, phase.candidate),
    };
  return live;
}

/** `deploy --blue-green` where the configured name is not an alias: nothing was written. */
export class BlueGreenNeedsAliasError extends Error {
  constructor(name: string) {
    super(
      `--blue-green builds a generation beside the live one behind the alias, but ${name} is not an alias yet; nothing was changed. Run \`docs-index migrate-to-alias --yes\` once first.`,
    );
    this.name = "BlueGreenNeedsAliasError";
  }
}

/**
 * A fresh plan of the files against the one read (through the alias, so a generation's name is no change).
 * `forceBlueGreen` (deploy --blue-green) builds a side-by-side generation for any plan, even one with no change,
 * so an in-place ranking change is verified (relevance included) before consumers see it.
 */
export function planDeployment(read: ServiceRead, files: Definitions, forceBlueGreen = false): Deployment {
  const { generation } = read;
  if (forceBlueGreen && !generation) throw new BlueGreenNeedsAliasError(read.name);
  const plan = buildPlan(files, liveAsConfigured(read));
  const target =
    generation && (plan.rebuildRequired || forceBlueGreen)
      ? blueGreenTarget(read.name, generation, read.observation.indexNames)
      : null;
  // While a rebuild is under way its candidate is in use, not left over (deploy --resume finishes it first).
  const building = read.phase.phase === "building" ? read.phase.candidate : undefined;
  const blueGreen = target && building ? { ...target, deletes: target.deletes.filter((n) => n !== building) } : target;
  return {
    plan,
    definitions: files,
    mode: generation ? "alias" : "concrete",
    generation: generation ?? null,
    phase: read.phase,
    blueGreen,
    etags: Object.fromEntries(kindsIn(files).map((k) => [k, read.live[k]?.etag ?? null])),
    alias: read.alias,
    pending: pendingOperation(read.name, generation !== undefined, read.phase),
  };
}

export interface SavedPlanCheck {
  target: CurrentTarget;
  /** The checkout's definitions, filled for the environment: refused when they differ from the plan's. */
  files?: Definitions;
}

/** The strategy of the plan's rebuild does not fit the service as read. */
function strategyRefusal(saved: SavedPlan, aliased: boolean): Refusal | undefined {
  if (!saved.plan.rebuildRequired) return undefined;
  const strategy = saved.rebuild?.strategy ?? "an unnamed strategy";
  if (aliased && !plannedBlueGreen(saved))
    return {
      reason: "strategy",
      message: `the plan rebuilds by ${strategy}, but ${saved.target.index_name} is now an alias: a rebuild there is blue/green`,
    };
  if (!aliased && strategy !== "drop-and-recreate")
    return {
      reason: "strategy",
      message: `the plan rebuilds by ${strategy}, which this docs-index cannot carry out here (${saved.target.index_name} is not an alias)`,
    };
  return undefined;
}

/**
 * A saved plan as the deployment, after every check against the one read (refused with every reason, nothing
 * written): target, pinned ETags (the alias's too), the plan following from its definitions, the checkout's
 * definitions, the rebuild strategy and, for a blue/green rebuild, its generations.
 */
export function deploymentFromSavedPlan(saved: SavedPlan, read: ServiceRead, check: SavedPlanCheck): Deployment {
  const { generation } = read;
  const live = liveAsConfigured(read);
  const refusals = checkSavedPlan(saved, {
    target: check.target,
    live,
    alias: { name: read.name, etag: read.alias?.etag ?? null },
    files: check.files,
  });
  const strategy = strategyRefusal(saved, generation !== undefined);
  if (strategy) refusals.push(strategy);
  const planned = saved.plan.rebuildRequired ? (plannedBlueGreen(saved) ?? null) : null;
  // Another generation appeared since the plan (no ETag shows it): refused before anything is written.
  const now = generation && planned ? blueGreenTarget(read.name, generation, read.observation.indexNames) : undefined;
  const moved = planned && now ? plannedTargetMismatch(planned, now) : undefined;
  if (moved) refusals.push({ reason: "plan", kind: "index", name: read.name, message: moved });
  if (refusals.length > 0) throw new SavedPlanRefusedError(refusals);
  const kinds = new Set<string>(kindsIn(saved.definitions));
  return {
    plan: saved.plan,
    definitions: saved.definitions,
    mode: generation ? "alias" : "concrete",
    generation: generation ?? null,
    phase: read.phase,
    blueGreen: generation ? planned : null,
    etags: Object.fromEntries(saved.live.filter((ref) => kinds.has(ref.kind)).map((ref) => [ref.kind, ref.etag])),
    alias: read.alias,
    pending: pendingOperation(read.name, generation !== undefined, read.phase),
  };
}
