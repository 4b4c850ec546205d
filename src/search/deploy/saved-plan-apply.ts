// `docs-index deploy <file>`: apply exactly the saved plan, or nothing. Reads the live objects by the plan's
// names, refuses (SavedPlanRefusedError, nothing written) on any reason checkSavedPlan finds, refuses a rebuild
// without allowRebuild (RebuildRefusedError), then writes the plan's objects with the plan's ETags as If-Match:
// a change that lands between this check and a write still fails with 412 (ConcurrentChangeError).
import { applyPlan, type AppliedPlan } from "./apply-plan.js";
import { RebuildRefusedError, readLive } from "./deploy.js";
import type { Definitions } from "../definitions/definitions.js";
import type { SavedPlan } from "../saved-plans/saved-plan.js";
import {
  checkSavedPlan,
  SavedPlanRefusedError,
  type CurrentTarget,
  type Refusal,
} from "../saved-plans/saved-plan-check.js";
import type { SearchManagementPort } from "../service/management-port.js";

export interface ApplySavedPlanOptions {
  target: CurrentTarget;
  /** The checkout's definitions, filled for the environment: refused when they differ from the plan's. */
  files?: Definitions;
  allowRebuild?: boolean;
  /** Called once, after every check and before any write, when the plan drops an object; throws to stop. */
  confirmRebuild?: (saved: SavedPlan) => Promise<void>;
  /** Check only: read the live objects, run every check, write nothing. */
  dryRun?: boolean;
  progress?: (line: string) => void;
}

export interface SavedPlanApplyResult extends Partial<AppliedPlan> {
  saved: SavedPlan;
  dryRun: boolean;
}

/** Rebuild strategies this docs-index can carry out. */
const SUPPORTED_REBUILDS = new Set(["drop-and-recreate"]);

export async function applySavedPlan(
  port: SearchManagementPort,
  saved: SavedPlan,
  options: ApplySavedPlanOptions,
): Promise<SavedPlanApplyResult> {
  const live = await readLive(port, saved.definitions);
  const refusals: Refusal[] = checkSavedPlan(saved, { target: options.target, live, files: options.files });
  if (saved.rebuild && !SUPPORTED_REBUILDS.has(saved.rebuild.strategy))
    refusals.push({
      reason: "strategy",
      message: `the plan rebuilds by ${saved.rebuild.strategy}, which this docs-index cannot carry out`,
    });
  if (refusals.length > 0) throw new SavedPlanRefusedError(refusals);
  if (options.dryRun) return { saved, dryRun: true };
  if (saved.plan.rebuildRequired && !options.allowRebuild) throw new RebuildRefusedError(saved.plan);
  if (saved.plan.rebuildRequired) await options.confirmRebuild?.(saved);

  const etags = Object.fromEntries(saved.live.map((ref) => [ref.kind, ref.etag]));
  const applied = await applyPlan(port, {
    plan: saved.plan,
    definitions: saved.definitions,
    etags,
    progress: options.progress,
  });
  return { saved, dryRun: false, ...applied };
}
