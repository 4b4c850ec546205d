// `deploy` once the configured name is an alias: plan the files against the live generation (read through the
// alias, so its name is not a change), apply in-place changes to that generation as the ordinary deploy does,
// and carry out a rebuild as a blue/green rebuild instead of dropping anything. Not migrated yet: the ordinary
// deploy (a rebuild there still drops the index; the refusal names migrate-to-alias).
import { DEPLOY_ORDER, type Definitions } from "../definitions/definitions.js";
import { deploy, RebuildRefusedError, type DeployOptions, type DeployResult } from "./deploy.js";
import { buildPlan, type LiveDefinitions, type Plan } from "../plan/plan.js";
import { forGeneration } from "../bluegreen/generations.js";
import {
  blueGreenTarget,
  liveThroughAlias,
  rebuildCost,
  rebuildLabel,
  type BlueGreenTarget,
} from "../bluegreen/plan-view.js";
import type { BlueGreenPort } from "../bluegreen/ports.js";
import { describePhase, inferPhase, type Phase } from "../bluegreen/progress-state.js";
import {
  blueGreenRebuild,
  observe,
  RebuildNotPossibleError,
  type RebuildOptions,
  type RebuildResult,
} from "../bluegreen/rebuild.js";

export interface AliasPlan {
  /** Alias mode: the configured name is an alias of `live`. */
  mode: "alias" | "concrete";
  phase: Phase;
  plan: Plan;
  /** When the plan rebuilds through the alias. */
  blueGreen: BlueGreenTarget | null;
  /** The live definitions the plan was computed against, by generation name (ETags for a saved plan). */
  live: LiveDefinitions;
  /** Alias mode: the alias's ETag when it was read (a saved plan pins it); null otherwise. */
  aliasEtag: string | null;
}

export interface AliasDeployOptions extends Omit<DeployOptions, "confirmRebuild"> {
  rebuild: RebuildOptions;
  /** Called once before a rebuild writes anything; throws to stop. */
  confirmRebuild?: (plan: AliasPlan) => Promise<void>;
}

export interface AliasDeployResult extends AliasPlan {
  dryRun: boolean;
  /** In-place changes (or, not migrated, the ordinary deploy). */
  deployed?: DeployResult;
  rebuilt?: RebuildResult;
}

/** A blue/green rebuild without --allow-rebuild: nothing was changed. */
export class BlueGreenRebuildRefusedError extends RebuildRefusedError {
  constructor(
    plan: Plan,
    readonly target: BlueGreenTarget,
  ) {
    super(plan);
    this.message =
      `index ${target.alias} needs a ${rebuildLabel(target)}; nothing was changed.\n` +
      `${rebuildCost(target).join("\n")}\nTo apply it: re-run with --allow-rebuild.`;
  }
}

/** The ordinary deploy's options: its confirmation of a drop sees the plan as `plan` shows it. */
function ordinaryDeployOptions(options: AliasDeployOptions, planned: AliasPlan): DeployOptions {
  const { rebuild: _rebuild, confirmRebuild, ...rest } = options;
  return { ...rest, ...(confirmRebuild ? { confirmRebuild: () => confirmRebuild(planned) } : {}) };
}

/** Reads the service and plans the files against what the configured name designates. */
export async function planThroughAlias(port: BlueGreenPort, files: Definitions): Promise<AliasPlan> {
  const alias = String(files.index.name);
  const observed = await observe(port, alias, String(files.indexer.name));
  const phase = inferPhase(observed);
  const liveIndex = phase.phase === "idle" || phase.phase === "building" ? phase.live : undefined;
  const aliased = observed.aliasTarget !== undefined && liveIndex !== undefined;
  const names = { index: aliased ? liveIndex : alias, datasource: files.datasource.name, indexer: files.indexer.name };
  const live: LiveDefinitions = {};
  for (const kind of DEPLOY_ORDER) live[kind] = await port.management.get(kind, String(names[kind]));
  const plan = buildPlan(files, aliased ? liveThroughAlias(live, alias, liveIndex) : live);
  const blueGreen = aliased && plan.rebuildRequired ? blueGreenTarget(alias, liveIndex, observed.indexNames) : null;
  if (blueGreen) {
    const index = plan.objects.find((o) => o.kind === "index");
    index?.notes.push(...rebuildCost(blueGreen));
  }
  const aliasEtag = aliased ? (observed.aliasEtag ?? null) : null;
  return { mode: aliased ? "alias" : "concrete", phase, plan, blueGreen, live, aliasEtag };
}

export async function deployThroughAlias(
  port: BlueGreenPort,
  files: Definitions,
  options: AliasDeployOptions,
): Promise<AliasDeployResult> {
  const alias = String(files.index.name);
  if (options.rebuild.resume) {
    const rebuilt = await blueGreenRebuild(port, files, options.rebuild);
    const planned = await planThroughAlias(port, files);
    return { ...planned, dryRun: false, rebuilt };
  }
  const planned = await planThroughAlias(port, files);
  const { phase, plan } = planned;
  if (options.dryRun) return { ...planned, dryRun: true };
  if (planned.mode === "concrete") {
    if (phase.phase === "building" || phase.phase === "alias-missing" || phase.phase === "inconsistent")
      throw new RebuildNotPossibleError(phase, `not deploying: ${describePhase(alias, phase)}`);
    const deployed = await deploy(port.management, files, ordinaryDeployOptions(options, planned));
    return { ...planned, dryRun: false, deployed };
  }
  if (phase.phase !== "idle") throw new RebuildNotPossibleError(phase, `not deploying: ${describePhase(alias, phase)}`);
  if (!planned.blueGreen) {
    const deployed = await deploy(
      port.management,
      forGeneration(files, phase.live),
      ordinaryDeployOptions(options, planned),
    );
    return { ...planned, dryRun: false, deployed };
  }
  if (!options.allowRebuild) throw new BlueGreenRebuildRefusedError(plan, planned.blueGreen);
  await options.confirmRebuild?.(planned);
  await writeDatasourceBeforeRebuild(port, plan, files, planned.live.datasource?.etag, options.progress);
  const rebuilt = await blueGreenRebuild(port, files, { ...options.rebuild, planned: planned.blueGreen });
  return { ...planned, dryRun: false, rebuilt };
}

/**
 * Before a blue/green rebuild: the datasource is not part of the generation, so a change to it is written first
 * (conditional on the ETag the plan read), as the ordinary deploy would.
 */
export async function writeDatasourceBeforeRebuild(
  port: BlueGreenPort,
  plan: Plan,
  files: Definitions,
  etag: string | null | undefined,
  progress?: (line: string) => void,
): Promise<void> {
  const datasource = plan.objects.find((o) => o.kind === "datasource");
  if (!datasource || datasource.action === "unchanged") return;
  progress?.(`${datasource.action === "create" ? "creating" : "updating"} datasource ${datasource.name}`);
  await port.management.put(
    "datasource",
    datasource.name,
    files.datasource,
    etag ? { ifMatch: etag } : { ifNoneMatch: "*" },
  );
}
