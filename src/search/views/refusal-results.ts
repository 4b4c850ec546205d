// What a refused or failed deploy, rebuild or migration prints as its result (stdout; the document with --json):
// the saved plan that was refused (its reasons are the error line), the refused rebuild's plan, a failed
// verification's checks. The exit code is the outcome's (src/cli/outcome-exit.ts); this only says what was refused.
import type { DroppedSummary } from "../bluegreen/dropped.js";
import type { Verification } from "../bluegreen/verify.js";
import type { BlueGreenTarget } from "../bluegreen/rebuild-target.js";
import type { Deployment } from "../deploy/deployment.js";
import type { Plan } from "../plan/plan.js";
import type { Refusal } from "../saved-plans/saved-plan-check.js";
import type { SavedPlan } from "../saved-plans/saved-plan.js";
import { formatVerification } from "./bluegreen-text.js";
import { renderDeploymentPlan } from "./deploy-text.js";
import { planDocument, savedPlanDocument } from "./plan-document.js";
import type { Colors } from "./plan-text.js";
import { renderSavedPlan } from "./saved-plan-text.js";

/** A result: the `--json` document and the text for people. */
export interface ResultView {
  document: object;
  text: () => string;
}

/**
 * `deploy <file>` refused: the document holds the reasons with the saved plan; the text is the saved plan that was
 * refused, as `deploy` shows the plan it applied (the reasons are the error line's, so they are printed once).
 */
export function refusedSavedPlanView(refusals: Refusal[], saved: SavedPlan, colors: Colors): ResultView {
  return {
    document: { refused: true, reason: "saved-plan", refusals, plan: savedPlanDocument(saved).plan },
    text: () => renderSavedPlan(saved, colors),
  };
}

/** A rebuild refused (no --allow-rebuild, not confirmed): the plan that needs it. */
export function refusedRebuildView(plan: Plan, blueGreen: BlueGreenTarget | null, colors: Colors): ResultView {
  const deployment: Pick<Deployment, "plan" | "blueGreen"> = { plan, blueGreen };
  return {
    document: { refused: true, reason: "rebuild", plan: planDocument(plan, blueGreen), blueGreen },
    text: () => renderDeploymentPlan(deployment, colors),
  };
}

/** A new generation that failed verification: its checks; the serving generation stays. */
export function failedVerificationView(f: {
  candidate: string;
  servingIndex: string;
  verification: Verification;
  dropped: DroppedSummary | undefined;
}): ResultView {
  const { candidate, servingIndex, verification, dropped } = f;
  return {
    document: { failed: "verification", candidate, serving: servingIndex, aliasUnchanged: true, verification, dropped },
    text: () =>
      [`verification of ${candidate} failed; ${servingIndex} still serves:`, formatVerification(verification)].join(
        "\n",
      ),
  };
}
