// A plan as the deploy carries it out: `deploy --blue-green` builds a new generation of the index even when its
// changes (or none) could apply in place, so the index then counts as a rebuild in every rendering of the plan
// (text, Markdown, the --json document). Pure.
import type { Action, Plan } from "./plan.js";

/** Whether a blue/green build turns this index action into a rebuild it would not otherwise be. */
export function isForcedRebuild(action: Action, blueGreen: boolean): boolean {
  return blueGreen && (action === "update" || action === "unchanged");
}

/** The plan's counts per action as the deploy carries them out, counted from its objects. */
export function carriedOutSummary(plan: Plan, blueGreen: boolean): Record<Action, number> {
  const summary: Record<Action, number> = { create: 0, unchanged: 0, update: 0, rebuild: 0 };
  for (const o of plan.objects)
    summary[o.kind === "index" && isForcedRebuild(o.action, blueGreen) ? "rebuild" : o.action] += 1;
  return summary;
}
