// `deploy` for people: the deployment's plan as `plan` prints it (a blue/green rebuild labelled with both
// generations), then what was written and the run; for a blue/green rebuild its steps and verification.
import { KIND_NOUNS } from "../definitions/definitions.js";
import type { Deployment } from "../deploy/deployment.js";
import type { DeployOutcome } from "../deploy/pipeline.js";
import { formatRebuildResult } from "./bluegreen-text.js";
import { formatRankingEval } from "./eval-text.js";
import { blueGreenRendering, renderPlan, type Colors, type PlanConsequences } from "./plan-text.js";
import type { DeployNotice } from "../deploy/apply-plan.js";

/** The plan of a deployment as `plan` renders it (with what else a deploy would do or need). */
export function renderDeploymentPlan(
  d: Pick<Deployment, "plan" | "blueGreen"> & Partial<Pick<Deployment, "pending">>,
  colors?: Colors,
  consequences: Omit<PlanConsequences, "pending"> = {},
): string {
  return renderPlan(d.plan, colors, d.blueGreen ? blueGreenRendering(d.blueGreen) : undefined, {
    ...consequences,
    pending: d.pending ?? null,
  });
}

/**
 * What the deploy did, after the plan it applied: the result (stdout) always starts with the plan, on every path
 * (in place, blue/green, a saved plan, a refusal); stderr shows it too before a confirmation or a build starts.
 */
export function renderDeployOutcome(outcome: DeployOutcome, colors?: Colors): string {
  const lines: string[] = [renderDeploymentPlan(outcome.deployment, colors), ""];
  if (outcome.rebuilt) lines.push(formatRebuildResult(outcome.rebuilt));
  else {
    if (outcome.dryRun) lines.push("Dry run: nothing was changed.");
    for (const step of outcome.steps)
      lines.push(
        `${step.operation === "skip" ? "unchanged, not written" : step.operation}: ${KIND_NOUNS[step.kind]} ${step.name}`,
      );
    if (outcome.run)
      lines.push(`run: ${outcome.run === "started" ? "started" : "already in progress (not started again)"}`);
    else if (!outcome.dryRun) lines.push("run: none started (nothing to apply)");
    if (outcome.rankingEval) lines.push("", ...formatRankingEval(outcome.rankingEval));
  }
  const prune = pruneLine(outcome);
  if (prune) lines.push(prune);
  return lines.join("\n");
}

/** What `--prune` did: the generations deleted, or that there was nothing to delete and why. */
function pruneLine(outcome: DeployOutcome): string | undefined {
  if (outcome.pruned.length) return `pruned: ${outcome.pruned.join(", ")}`;
  if (outcome.wouldPrune?.length)
    return `would prune: ${outcome.wouldPrune.join(", ")} (confirmed when run without --dry-run)`;
  const serving = outcome.servingAfterPrune;
  if (serving === undefined) return undefined;
  if (serving === null)
    return `prune: nothing to delete (${String(outcome.deployment.definitions.index.name)} is not an alias, so it has no generations)`;
  return `prune: nothing to delete (the serving generation is ${serving}; no older or unused generation)`;
}

/**
 * The note `plan` and `deploy` print when the configured name is an alias: `index: docs-index → docs-index-3 (alias)`.
 */
export function aliasNote(name: string, generation: string): string {
  return `index: ${name} → ${generation} (alias)`;
}

/** The exact command that repopulates a rebuilt index, for this environment. */
export function repopulateCommand(environment: string): string {
  return `npx docs-index --env ${environment} backfill`;
}

/** A notice of the deploy (../deploy/apply-plan.ts) in words: what happened, and what to run next. */
export function deployNoticeText(n: DeployNotice): string {
  switch (n.notice) {
    case "recreated-empty":
      return (
        `index ${n.index} was recreated empty. A plain run re-indexes only blobs changed since the indexer's last run: ` +
        `repopulate it with an indexer reset followed by a run: \`docs-index backfill\` (see docs/search-deploy.md).`
      );
    case "run-already-running":
      return `indexer ${n.indexer} was already running (the service starts a run when an indexer is created); no second run was started`;
    case "fields-added":
      return (
        `fields added: ${n.fields.join(", ")}. Existing documents keep null in them until they are reprocessed: ` +
        `a run only revisits changed blobs, so a backfill needs an indexer reset followed by a run (manual; the deploy never resets).`
      );
  }
}

/**
 * What the operator must know after a deploy, as warnings (stderr): the notices, an in-place ranking change that
 * regressed (it is live) or could not be checked.
 */
export function deployWarnings(outcome: DeployOutcome): string[] {
  const warnings = outcome.notices.map(deployNoticeText);
  const ranking = outcome.rankingEval;
  if (ranking?.status === "evaluated" && ranking.regressed)
    warnings.push(
      `the ranking regressed beyond the tolerance (${ranking.comparison.tolerance}) after the in-place write, which is live: revert the change in the definitions and deploy again if it was not meant; next time, deploy --blue-green verifies a ranking change before consumers see it (docs/blue-green.md)`,
    );
  if (ranking?.status === "not-evaluated" && ranking.failed)
    warnings.push(
      `the relevance check could not run (${ranking.reason.split("\n")[0]}); the in-place ranking change is live unchecked: run \`docs-index eval\` against it`,
    );
  return warnings;
}

/** A destructive step as the confirmation prompt words it: what is done, and what it loses. */
export interface DestructiveStep {
  action: string;
  loses: string;
}

/**
 * The destructive steps of a deployment, in the order they are confirmed: the rebuild (blue/green behind the
 * alias, drop and recreate before it), then the prune; none for an in-place write.
 */
export function destructiveSteps(
  d: Pick<Deployment, "plan" | "blueGreen">,
  prune: readonly string[],
  index: { name: string; repopulate: string },
): DestructiveStep[] {
  const { name } = index;
  const steps: DestructiveStep[] = [];
  const bg = d.blueGreen;
  if (d.plan.rebuildRequired && bg)
    steps.push({
      action: `rebuild ${bg.alias} blue/green: build ${bg.to} beside ${bg.from} (a full crawl), verify it, then swap the alias`,
      loses: `no query: ${bg.from} serves until ${bg.to} is verified; documents whose blobs are gone are not carried over (counted before the swap); ${bg.from} is kept until --prune`,
    });
  else if (d.plan.rebuildRequired)
    steps.push({
      action: `drop and recreate index ${name}`,
      loses: `every document in index ${name}: queries return nothing until it is repopulated (${index.repopulate})`,
    });
  if (prune.length > 0)
    steps.push({
      action: `delete the generations of ${name} older than the one it serves (${prune.join(", ")})`,
      loses: "the rollback targets (an older generation can no longer be swapped back in)",
    });
  return steps;
}
