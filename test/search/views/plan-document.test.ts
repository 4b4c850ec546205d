// The plan as documents hold it (--json, the saved plan's file): a blue/green rebuild's cost in the index's notes,
// after the plan's own; read back from the file, the saved plan's plan is the core's again.
import { describe, expect, it } from "vitest";
import { buildPlan } from "../../../src/search/plan/plan.js";
import { createSavedPlan, parseSavedPlan, serializeSavedPlan } from "../../../src/search/saved-plans/saved-plan.js";
import { planDocument, savedPlanDocument, savedPlanFromDocument } from "../../../src/search/views/plan-document.js";
import { pendingOperation } from "../../../src/search/bluegreen/pending.js";
import { phaseText } from "../../../src/search/views/phase-text.js";
import { rebuildCostNotes } from "../../../src/search/views/rebuild-cost-text.js";
import { deployedLive, TARGET, withLanguageField, withSearchableSection } from "../../support/plan-fixtures.js";

const target = { alias: "docs-index", from: "docs-index-1", to: "docs-index-2", deletes: [] };
const indexNotes = (plan: { objects: { kind: string; notes: string[] }[] }) =>
  plan.objects.find((o) => o.kind === "index")!.notes;

describe("planDocument", () => {
  it("adds a blue/green rebuild's cost to the index's notes, after its own, and leaves the plan as it was", () => {
    const plan = buildPlan(withSearchableSection(withLanguageField()), deployedLive());
    const own = [...indexNotes(plan)];
    expect(own).toHaveLength(1);
    const document = planDocument(plan, target);
    expect(indexNotes(document)).toEqual([...own, ...rebuildCostNotes(target)]);
    expect(indexNotes(plan)).toEqual(own);
    expect(document.objects.filter((o) => o.kind !== "index")).toEqual(plan.objects.filter((o) => o.kind !== "index"));
  });

  it("is the plan itself without a blue/green rebuild", () => {
    const plan = buildPlan(withSearchableSection(), deployedLive());
    expect(planDocument(plan, null)).toBe(plan);
  });
});

describe("the saved plan's document", () => {
  const saved = () =>
    createSavedPlan({
      plan: buildPlan(withSearchableSection(), deployedLive()),
      definitions: withSearchableSection(),
      live: deployedLive(),
      target: { ...TARGET, api_version: "2026-04-01", current_index: "docs-index-1" },
      toolVersion: "0.1.0",
      alias: { name: "docs-index", etag: '"0xa"' },
      rebuild: { strategy: "blue-green", next_index: "docs-index-2", deletes: [] },
    });

  it("holds the rebuild's cost in the index's notes; read back, the plan is the core's again", () => {
    const file = serializeSavedPlan(savedPlanDocument(saved()));
    expect(indexNotes(JSON.parse(file).plan)).toEqual(rebuildCostNotes({ ...target, alias: "docs-index" }));
    const read = savedPlanFromDocument(parseSavedPlan(file, "plan.json"));
    expect(read.plan).toEqual(saved().plan);
    expect(serializeSavedPlan(savedPlanDocument(read))).toBe(file);
  });

  it("holds a pending operation worded (phase, message, command); read back, the same file again", () => {
    const phase = { phase: "building", live: "docs-index-1", candidate: "docs-index-2", crawl: "running" } as const;
    const pending = pendingOperation("docs-index", true, phase);
    const file = serializeSavedPlan(savedPlanDocument({ ...saved(), pending }));
    expect(JSON.stringify(JSON.parse(file).pending)).toBe(
      JSON.stringify({
        phase: "building",
        message: phaseText("docs-index", phase),
        command: "docs-index deploy --resume",
      }),
    );
    const read = savedPlanFromDocument(parseSavedPlan(file, "plan.json"));
    expect(serializeSavedPlan(savedPlanDocument(read))).toBe(file);
  });

  it("keeps notes it did not word (a hand-edited file) as they are", () => {
    const document = savedPlanDocument(saved());
    const edited = { ...document, plan: planDocument(document.plan, null) };
    edited.plan.objects[0] = { ...edited.plan.objects[0]!, notes: ["a note of the reviewer's"] };
    expect(indexNotes(savedPlanFromDocument(edited).plan)).toEqual(["a note of the reviewer's"]);
  });
});
