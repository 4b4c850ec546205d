// `show`'s view: a saved plan as its file holds it (the `--json` document, as `terraform show -json <planfile>`)
// and for people, as text or the reviewer's Markdown.
import type { SavedPlan } from "../../../search/saved-plans/saved-plan.js";
import { savedPlanDocument } from "../../../search/views/plan-document.js";
import { renderSavedPlanMarkdown } from "../../../search/views/plan-markdown.js";
import type { Colors } from "../../../search/views/plan-text.js";
import { renderSavedPlan } from "../../../search/views/saved-plan-text.js";
import type { TextFormat } from "../arguments/format.js";
import type { ResultView } from "./result.js";

export function savedPlanResult(saved: SavedPlan, opts: { format: TextFormat; colors: Colors }): ResultView {
  return {
    document: savedPlanDocument(saved),
    text: () => (opts.format === "markdown" ? renderSavedPlanMarkdown(saved) : renderSavedPlan(saved, opts.colors)),
  };
}
