// The deploy: read the live definitions, plan, refuse a rebuild unless allowed, then upsert
// index -> datasource -> indexer (unchanged objects are not written; every write is conditional on the
// ETag read for the plan), then start one run. It never resets the indexer (spec C, backfill rule 3).
import { applyPlan, type DeployStep } from "./apply-plan.js";
import { DEPLOY_ORDER, type Definitions } from "../definitions/definitions.js";
import { buildPlan, type LiveDefinitions, type Plan } from "../plan/plan.js";
import type { RunOutcome, SearchManagementPort } from "../service/management-port.js";

// Where they were first defined; the apply (shared with saved plans) owns them now.
export { ConcurrentChangeError, type DeployStep } from "./apply-plan.js";

export interface DeployOptions {
  allowRebuild?: boolean;
  dryRun?: boolean;
  /** Progress lines for people (stderr). */
  progress?: (line: string) => void;
  /** Called once, after the plan and before any write, when the plan drops an object; throws to stop. */
  confirmRebuild?: (plan: Plan) => Promise<void>;
}

export interface DeployResult {
  plan: Plan;
  dryRun: boolean;
  steps: DeployStep[];
  run?: RunOutcome;
  /** Things the operator must know after the deploy (backfill, rebuild repopulation). */
  notices: string[];
}

/** A plan with a rebuild, and no --allow-rebuild: nothing was changed. */
export class RebuildRefusedError extends Error {
  constructor(readonly plan: Plan) {
    const index = plan.objects.find((o) => o.action === "rebuild")!;
    const why = index.changes
      .filter((c) => c.effect === "rebuild")
      .map(
        (c) =>
          `${c.path}${c.change === "modified" ? ` (${JSON.stringify(c.from)} -> ${JSON.stringify(c.to)})` : ` (${c.change})`}`,
      );
    super(
      `index ${index.name} needs a rebuild (${why.join("; ")}); nothing was changed.\n` +
        `A rebuild drops the index: every document in it is deleted and queries return nothing until it is repopulated.\n` +
        `To rebuild: re-run with --allow-rebuild (drops and recreates the index, then starts a run), then repopulate with an indexer reset followed by a run (a full re-crawl; manual, see docs/search-deploy.md). ` +
        `To avoid downtime instead, create a side-by-side index under a new name and switch consumers (or an alias) to it.`,
    );
    this.name = "RebuildRefusedError";
  }
}

export async function readLive(port: SearchManagementPort, files: Definitions): Promise<LiveDefinitions> {
  const live: LiveDefinitions = {};
  for (const kind of DEPLOY_ORDER) live[kind] = await port.get(kind, String(files[kind].name));
  return live;
}

export async function planDeploy(
  port: SearchManagementPort,
  files: Definitions,
): Promise<{ plan: Plan; live: LiveDefinitions }> {
  const live = await readLive(port, files);
  return { plan: buildPlan(files, live), live };
}

export async function deploy(
  port: SearchManagementPort,
  files: Definitions,
  options: DeployOptions = {},
): Promise<DeployResult> {
  const { plan, live } = await planDeploy(port, files);
  if (options.dryRun) return { plan, dryRun: true, steps: [], notices: [] };
  if (plan.rebuildRequired && !options.allowRebuild) throw new RebuildRefusedError(plan);
  if (plan.rebuildRequired) await options.confirmRebuild?.(plan);
  const etags = Object.fromEntries(DEPLOY_ORDER.map((kind) => [kind, live[kind]?.etag]));
  const applied = await applyPlan(port, { plan, definitions: files, etags, progress: options.progress });
  return { plan, dryRun: false, ...applied };
}
