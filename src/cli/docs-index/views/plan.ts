// `plan`'s views: the result (the `--json` document and the text or Markdown, from the use case's outcome; one
// story: each names the rebuild's strategy as the saved plan does) and the note on a saved plan written.
import type { Definitions } from "../../../search/definitions/definitions.js";
import type { PlanOutcome } from "../../../search/deploy/plan-changes.js";
import { renderDeploymentPlan } from "../../../search/views/deploy-text.js";
import { pendingDocument } from "../../../search/views/phase-text.js";
import { planDocument } from "../../../search/views/plan-document.js";
import { renderPlanMarkdown } from "../../../search/views/plan-markdown.js";
import type { Colors } from "../../../search/views/plan-text.js";
import type { TextFormat } from "../arguments/format.js";
import type { ResultView } from "./result.js";

export interface PlanViewOptions {
  /** The definition files planned (the Markdown lists them). */
  files: Definitions;
  target: { environment: string; endpoint: string };
  format: TextFormat;
  colors: Colors;
}

export function planResult(outcome: PlanOutcome, opts: PlanViewOptions): ResultView {
  const { deployment, rebuild, reranking } = outcome;
  const { plan, blueGreen, pending, generation } = deployment;
  return {
    document: {
      ...planDocument(plan, blueGreen),
      blueGreen,
      rebuild,
      pending: pending && pendingDocument(pending),
      reranking,
    },
    text: () =>
      opts.format === "markdown"
        ? renderPlanMarkdown(plan, {
            target: { ...opts.target, ...(generation ? { current_index: generation } : {}) },
            rebuild,
            blueGreen,
            definitions: opts.files,
            pending,
            reranking,
          })
        : renderDeploymentPlan(deployment, opts.colors, { reranking }),
  };
}

/** `plan -out <file>`: where the saved plan went, and how to apply exactly it. */
export function savedPlanWrittenNote(file: string, environment: string): string {
  return `saved plan written to ${file}; apply exactly it with: npx docs-index --env ${environment} deploy ${file}`;
}
