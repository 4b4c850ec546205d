// `deploy`'s views: the result (the `--json` document and the text, from the use case's outcome, with the
// warnings and the next step that go with it), what a refused or failed deploy shows as its result, and the note
// on a saved plan before it is applied. The words are src/search/views/'s.
import type { DeployOutcome, DeploySource } from "../../../search/deploy/pipeline.js";
import { BlueGreenRebuildRefusedError, RebuildRefusedError } from "../../../search/deploy/refusals.js";
import { VerificationFailedError } from "../../../search/bluegreen/build.js";
import { SavedPlanRefusedError } from "../../../search/saved-plans/saved-plan-check.js";
import type { SavedPlan } from "../../../search/saved-plans/saved-plan.js";
import { withWordedSteps } from "../../../search/views/bluegreen-text.js";
import {
  deployNoticeText,
  deployWarnings,
  renderDeployOutcome,
  repopulateCommand,
} from "../../../search/views/deploy-text.js";
import { planDocument } from "../../../search/views/plan-document.js";
import type { Colors } from "../../../search/views/plan-text.js";
import {
  failedVerificationView,
  refusedRebuildView,
  refusedSavedPlanView,
} from "../../../search/views/refusal-results.js";
import { formatStatusReport } from "../../../search/views/status-text.js";
import type { ResultView } from "./result.js";

/** The exact command that repopulates an index the deploy recreated empty, for this environment; else null. */
function nextStep(outcome: DeployOutcome, environment: string): string | null {
  return outcome.recreated ? repopulateCommand(environment) : null;
}

/** What the deploy did, after the plan it applied; with --wait, the status verdict after it. */
export function deployResult(outcome: DeployOutcome, opts: { environment: string; colors: Colors }): ResultView {
  const { deployment, rebuilt, status } = outcome;
  const next = nextStep(outcome, opts.environment);
  return {
    document: {
      plan: planDocument(deployment.plan, deployment.blueGreen),
      dryRun: outcome.dryRun,
      steps: outcome.steps,
      ...(outcome.run ? { run: outcome.run } : {}),
      notices: outcome.notices.map(deployNoticeText),
      blueGreen: deployment.blueGreen,
      ...(rebuilt ? { rebuilt: withWordedSteps(rebuilt) } : {}),
      pruned: outcome.pruned,
      ...(outcome.wouldPrune ? { wouldPrune: outcome.wouldPrune } : {}),
      ...(outcome.rankingEval ? { rankingEval: outcome.rankingEval } : {}),
      status,
      next,
    },
    text: () =>
      [renderDeployOutcome(outcome, opts.colors), ...(status ? ["", formatStatusReport(status)] : [])].join("\n"),
    warnings: deployWarnings(outcome),
    notes: next ? [`next: ${next}`] : [],
  };
}

/**
 * What a refused or failed deploy prints as its result: the saved plan that was refused, the plan of a rebuild
 * that was refused, the checks of a generation that failed verification; nothing else has a result (the error
 * line says it all).
 */
export function deployFailureView(err: unknown, request: DeploySource, colors: Colors): ResultView | undefined {
  if (err instanceof SavedPlanRefusedError && request.kind === "saved")
    return refusedSavedPlanView(err.refusals, request.saved, colors);
  if (err instanceof RebuildRefusedError)
    return refusedRebuildView(err.plan, err instanceof BlueGreenRebuildRefusedError ? err.target : null, colors);
  return blueGreenFailureView(err);
}

/** A blue/green build that failed its verification (deploy, migrate-to-alias): its checks. */
export function blueGreenFailureView(err: unknown): ResultView | undefined {
  return err instanceof VerificationFailedError ? failedVerificationView(err) : undefined;
}

/** `deploy <file>`: which saved plan is applied, where and when it was made. */
export function savedPlanNote(file: string, saved: SavedPlan): string {
  return `saved plan ${file}: made ${saved.created_at} for ${saved.target.environment} (${saved.target.endpoint})`;
}
