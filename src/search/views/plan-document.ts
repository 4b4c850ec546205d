// The plan as a document (plan --json, deploy --json, a refusal's document, the saved plan's file and show --json):
// the core's plan with what the views word from its facts put where readers find it. A blue/green rebuild's cost
// is in the index's notes, after the plan's own (./rebuild-cost-text.ts). A saved plan read back from its file has
// those notes taken out again, so its plan is the core's and every rendering words them once. A pending operation
// is worded where it stands (./phase-text.ts); read back, it keeps the words its file recorded (the file does not
// hold the phase's facts).
import type { BlueGreenTarget } from "../bluegreen/rebuild-target.js";
import { carriedOutSummary } from "../plan/carried-out.js";
import type { Plan } from "../plan/plan.js";
import { plannedBlueGreen, type SavedPlan } from "../saved-plans/saved-plan.js";
import { pendingDocument } from "./phase-text.js";
import { rebuildCostNotes } from "./rebuild-cost-text.js";

/** The index's notes with the rebuild's cost after them (a copy; the plan is unchanged). */
function withIndexNotes(plan: Plan, notes: (own: readonly string[]) => string[]): Plan {
  return { ...plan, objects: plan.objects.map((o) => (o.kind === "index" ? { ...o, notes: notes(o.notes) } : o)) };
}

/**
 * The plan as documents show it: a blue/green rebuild's cost in the index's notes, and the summary as the deploy
 * carries the plan out (an index deploy --blue-green rebuilds counts as a rebuild, as the text says).
 */
export function planDocument(plan: Plan, blueGreen: BlueGreenTarget | null | undefined): Plan {
  if (!blueGreen) return plan;
  const cost = rebuildCostNotes(blueGreen);
  return { ...withIndexNotes(plan, (own) => [...own, ...cost]), summary: carriedOutSummary(plan, true) };
}

/**
 * The saved plan as its file holds it (and show --json prints it): its plan as documents show it, its pending operation
 * worded.
 */
export function savedPlanDocument(saved: SavedPlan): SavedPlan {
  return {
    ...saved,
    plan: planDocument(saved.plan, plannedBlueGreen(saved)),
    pending: saved.pending && pendingDocument(saved.pending),
  };
}

/** A saved plan read from its file: the notes worded from its rebuild taken out of its plan (the views add them). */
export function savedPlanFromDocument(document: SavedPlan): SavedPlan {
  const blueGreen = plannedBlueGreen(document);
  if (!blueGreen) return document;
  const cost = rebuildCostNotes(blueGreen);
  const own = (notes: readonly string[]) =>
    notes.length >= cost.length && cost.every((note, i) => notes[notes.length - cost.length + i] === note)
      ? notes.slice(0, notes.length - cost.length)
      : [...notes];
  return { ...document, plan: withIndexNotes(document.plan, own) };
}
