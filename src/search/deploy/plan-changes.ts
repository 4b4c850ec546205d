// The plan use case (`docs-index plan`): the same one read and one plan as deploy's (./read.ts,
// ./deployment.ts), what an in-place re-ranking would be checked with, whether anything would change (an
// operation under way counts: deploy would refuse until it is finished), and the saved plan for `plan -out`.
// The shell reads the golden file (the port) and writes the saved plan's file.
import type { Definitions } from "../definitions/definitions.js";
import type { BlueGreenPort } from "../bluegreen/ports.js";
import {
  rankingChanges,
  reranking as planReranking,
  type RankingCheck,
  type Reranking,
} from "../plan/ranking-changes.js";
import {
  createSavedPlan,
  type RebuildStrategy,
  type SavedPlan,
  type SavedPlanTarget,
} from "../saved-plans/saved-plan.js";
import { hasChanges, planDeployment, rebuildStrategy, type Deployment } from "./deployment.js";
import { readService, type ServiceRead } from "./read.js";

export interface PlanPorts {
  service: BlueGreenPort;
  /** The check deploy would run around an in-place re-ranking (the golden file as deploy reads it); asked only then. */
  rankingCheck: () => RankingCheck;
}

export interface PlanRequest {
  /** The definitions, filled for the environment. */
  files: Definitions;
}

export interface PlanOutcome {
  /** The one read the plan was made from (a saved plan pins its ETags). */
  read: ServiceRead;
  deployment: Deployment;
  /** How a rebuild in the plan is carried out; null without one. */
  rebuild: RebuildStrategy | null;
  /** An in-place re-ranking and the check deploy runs around it; null when the plan re-ranks nothing in place. */
  reranking: Reranking | null;
  /** Applying it would change something, or an operation under way must be finished first. */
  changed: boolean;
}

export async function planChanges(ports: PlanPorts, request: PlanRequest): Promise<PlanOutcome> {
  const read = await readService(ports.service, request.files);
  const deployment = planDeployment(read, request.files);
  const { plan, blueGreen } = deployment;
  const reranking =
    rankingChanges(plan).length > 0 && !blueGreen
      ? planReranking(plan, ports.rankingCheck(), deployment.mode === "alias")
      : null;
  return { read, deployment, rebuild: rebuildStrategy(deployment), reranking, changed: hasChanges(deployment) };
}

/**
 * The saved plan of an outcome (`plan -out`): its definitions, the ETags of the one read (behind the alias, the
 * alias's too, so a swap after the plan refuses the deploy). Throws SavedPlanSecretError rather than hold a secret.
 */
export function savedPlanOf(
  outcome: PlanOutcome,
  files: Definitions,
  target: Omit<SavedPlanTarget, "index_name" | "current_index">,
  toolVersion: string,
): SavedPlan {
  const { deployment, read, rebuild, reranking } = outcome;
  const generation = deployment.generation;
  return createSavedPlan({
    plan: deployment.plan,
    definitions: files,
    live: read.live,
    target: { ...target, ...(generation ? { current_index: generation } : {}) },
    toolVersion,
    ...(generation ? { alias: { name: String(files.index.name), etag: read.alias?.etag ?? null } } : {}),
    ...(rebuild ? { rebuild } : {}),
    pending: deployment.pending,
    reranking,
  });
}
