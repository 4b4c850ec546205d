// One story per plan: a blue/green rebuild behind the alias is told the same way by every rendering of the plan
// and of its saved file (plain, --markdown, --json), never as a drop-and-recreate that deletes every document.
import { describe, expect, it } from "vitest";
import { forGeneration } from "../../../src/search/bluegreen/generations.js";
import { inferPhase, type Observation } from "../../../src/search/bluegreen/progress-state.js";
import { planDeployment, rebuildStrategy } from "../../../src/search/deploy/deployment.js";
import type { ServiceRead } from "../../../src/search/deploy/read.js";
import { createSavedPlan, parseSavedPlan, serializeSavedPlan } from "../../../src/search/saved-plans/saved-plan.js";
import { renderDeploymentPlan } from "../../../src/search/views/deploy-text.js";
import { planDocument, savedPlanDocument, savedPlanFromDocument } from "../../../src/search/views/plan-document.js";
import { renderPlanMarkdown, renderSavedPlanMarkdown } from "../../../src/search/views/plan-markdown.js";
import { renderSavedPlan } from "../../../src/search/views/saved-plan-text.js";
import { deployedLive, devDefinitions, TARGET, withSearchableSection } from "../../support/plan-fixtures.js";

/** The service behind the alias: docs-index → docs-index-1, the indexer filling docs-index-1. */
function readBehindAlias(): ServiceRead {
  const generation = forGeneration(devDefinitions(), "docs-index-1");
  const live = deployedLive();
  live.index!.definition = generation.index;
  live.indexer!.definition = generation.indexer;
  const observation: Observation = {
    name: "docs-index",
    aliasTarget: "docs-index-1",
    aliasEtag: '"0xa"',
    indexNames: ["docs-index-1"],
    indexerTarget: "docs-index-1",
    indexerStatus: { name: "docs-indexer", serviceStatus: "running", lastResult: null, history: [] },
  };
  const phase = inferPhase(observation);
  return {
    name: "docs-index",
    alias: { name: "docs-index", index: "docs-index-1", etag: '"0xa"' },
    observation,
    phase,
    generation: "docs-index-1",
    live,
  };
}

const plainText = (text: string) => text.replaceAll("`", "").replace(/\s+/g, " ").toLowerCase();

/** The strategy and cost a rendering states: blue/green between both generations, and no downtime. */
function expectBlueGreenStory(rendering: string) {
  const text = plainText(rendering);
  expect(text).toMatch(/blue\/green/);
  expect(text).toMatch(/docs-index-1 → docs-index-2/);
  expect(text).toMatch(/no downtime|does not cost: downtime/);
  expect(text).not.toMatch(/dropped and recreated|deletes every document|every document in the index is deleted/);
}

describe("a blue/green rebuild tells one story", () => {
  it("plan and show, plain, --markdown and --json, of the same saved plan name the strategy and its cost alike", () => {
    const read = readBehindAlias();
    const files = withSearchableSection();
    const deployment = planDeployment(read, files);
    expect(deployment.blueGreen).toEqual({
      alias: "docs-index",
      from: "docs-index-1",
      to: "docs-index-2",
      deletes: [],
    });
    const rebuild = rebuildStrategy(deployment);
    // The file as plan -out writes it (its document), and the saved plan as show and deploy read it back.
    const document = parseSavedPlan(
      serializeSavedPlan(
        savedPlanDocument(
          createSavedPlan({
            plan: deployment.plan,
            definitions: files,
            live: read.live,
            target: { ...TARGET, api_version: "2026-04-01", current_index: "docs-index-1" },
            toolVersion: "0.1.0",
            alias: { name: "docs-index", etag: '"0xa"' },
            ...(rebuild ? { rebuild } : {}),
          }),
        ),
      ),
      "docs-index.plan.json",
    );
    const saved = savedPlanFromDocument(document);

    // plan (plain and --markdown) of the deployment the file was saved from
    expectBlueGreenStory(renderDeploymentPlan(deployment));
    expectBlueGreenStory(
      renderPlanMarkdown(deployment.plan, {
        target: { ...TARGET, current_index: "docs-index-1" },
        rebuild,
        definitions: files,
      }),
    );
    // show <file>, show <file> --markdown
    expectBlueGreenStory(renderSavedPlan(saved));
    expectBlueGreenStory(renderSavedPlanMarkdown(saved));
    // --json: plan's document and show's (the file) record the same strategy; the cost is in the index's notes
    expect(rebuild).toEqual({ strategy: "blue-green", next_index: "docs-index-2", deletes: [] });
    expect(saved.rebuild).toEqual(rebuild);
    expect(saved.target).toMatchObject({ index_name: "docs-index", current_index: "docs-index-1" });
    const notes = document.plan.objects.find((o) => o.kind === "index")!.notes.join("\n");
    expect(notes).toMatch(/does not cost: downtime/);
    expect(notes).not.toMatch(/deletes every document/);
  });
});

describe("a forced blue/green deploy (deploy --blue-green)", () => {
  it("tells the index's in-place change as the side-by-side generation it builds, not an in-place update", () => {
    const deployment = planDeployment(readBehindAlias(), devDefinitions(), true);
    const text = renderDeploymentPlan(deployment);
    const indexLine = text.split("\n").find((l) => l.startsWith("index "))!;
    expect(indexLine).toContain("rebuild (blue/green: docs-index-1 → docs-index-2), forced by --blue-green");
    expect(indexLine).not.toContain("update (in place)");
    expect(rebuildStrategy(deployment)).toEqual({ strategy: "blue-green", next_index: "docs-index-2", deletes: [] });
    // The summary counts the index it rebuilds as a rebuild, never "0 to rebuild" beside a rebuild.
    const summary = text.split("\n").find((l) => l.startsWith("Plan: "))!;
    expect(summary).toMatch(/, 1 to rebuild \(forced by --blue-green\), /);
    expect(summary).not.toContain("0 to rebuild");
    // deploy --json counts it the same way.
    const document = planDocument(deployment.plan, deployment.blueGreen);
    expect(document.summary.rebuild).toBe(1);
    expect(document.summary.update + document.summary.unchanged).toBe(deployment.plan.objects.length - 1);
  });

  it("with nothing to change, counts the generation it builds as the one rebuild", () => {
    const live = readBehindAlias();
    const deployment = planDeployment(live, devDefinitions(), true);
    const unchanged = {
      ...deployment.plan,
      objects: deployment.plan.objects.map((o) => ({ ...o, action: "unchanged" as const, changes: [] })),
    };
    const counts = { create: 0, update: 0, rebuild: 0, unchanged: unchanged.objects.length };
    const text = renderDeploymentPlan({ ...deployment, plan: { ...unchanged, summary: counts } });
    expect(text).toContain(
      `Plan: 0 to create, 0 to update in place, 1 to rebuild (forced by --blue-green), ${counts.unchanged - 1} unchanged.`,
    );
  });
});
