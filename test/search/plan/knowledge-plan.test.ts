// The knowledge source and knowledge base in the plan (pure): after the indexer, created when absent, unchanged
// against the service's GET shape (its nulls and ETag are no change), updated in place, recreated where the
// service needs it (UNCONFIRMED facts) without making the deploy a rebuild; a saved plan carries them and the
// pull-request markdown shows them.
import { describe, expect, it } from "vitest";
import type { Definitions } from "../../../src/search/definitions/definitions.js";
import { buildPlan, type LiveDefinitions } from "../../../src/search/plan/plan.js";
import { createSavedPlan, parseSavedPlan, serializeSavedPlan } from "../../../src/search/saved-plans/saved-plan.js";
import { renderPlanMarkdown } from "../../../src/search/views/plan-markdown.js";
import { liveThroughAlias } from "../../../src/search/bluegreen/generations.js";
import { forGeneration } from "../../../src/search/bluegreen/generations.js";
import { loadDefinition } from "../../standin/fixtures.js";

const defs = (): Definitions => ({
  index: loadDefinition("docs-index.json"),
  datasource: loadDefinition("docs-datasource.json"),
  indexer: loadDefinition("docs-indexer.json"),
  knowledgeSource: loadDefinition("docs-knowledge-source.json"),
  knowledgeBase: loadDefinition("docs-knowledge-base.json"),
});

/** What the service reports for each (stand-in GET shape): the ETag, the other kinds' parameters as null. */
function deployed(d: Definitions, generation?: string): LiveDefinitions {
  const onService = generation ? forGeneration(d, generation) : d;
  const obj = (definition: Record<string, unknown>, etag: string) => ({
    definition: { "@odata.etag": etag, ...definition },
    etag,
  });
  return {
    index: obj(onService.index, '"0x1"'),
    datasource: obj(onService.datasource, '"0x2"'),
    indexer: obj(onService.indexer, '"0x3"'),
    knowledgeSource: obj(
      { ...onService.knowledgeSource!, azureBlobParameters: null, webParameters: null, indexedOneLakeParameters: null },
      '"0x4"',
    ),
    knowledgeBase: obj(onService.knowledgeBase!, '"0x5"'),
  };
}

const action = (plan: ReturnType<typeof buildPlan>, kind: string) => plan.objects.find((o) => o.kind === kind)!;

describe("the knowledge objects in the plan", () => {
  it("come after the indexer and are created when absent", () => {
    const plan = buildPlan(defs(), {});
    expect(plan.objects.map((o) => `${o.action} ${o.kind}`)).toEqual([
      "create index",
      "create datasource",
      "create indexer",
      "create knowledgeSource",
      "create knowledgeBase",
    ]);
  });

  it("are unchanged against the service's shape, also behind the alias (the generation's name is no change)", () => {
    expect(buildPlan(defs(), deployed(defs())).summary).toMatchObject({ unchanged: 5 });
    const live = liveThroughAlias(deployed(defs(), "docs-index-3"), "docs-index", "docs-index-3");
    expect(buildPlan(defs(), live).summary).toMatchObject({ unchanged: 5 });
  });

  it("name the generation when written behind the alias (an alias may not stand in a knowledge source)", () => {
    expect(forGeneration(defs(), "docs-index-3").knowledgeSource!.searchIndexParameters).toMatchObject({
      searchIndexName: "docs-index-3",
    });
    expect(forGeneration(defs(), "docs-index-3", true).knowledgeSource!.searchIndexParameters).toMatchObject({
      searchIndexName: "docs-index",
    });
  });

  it("update in place what the service updates in place, and recreate a changed kind without a rebuild", () => {
    const changed = defs();
    changed.knowledgeSource!.searchIndexParameters = {
      ...(changed.knowledgeSource!.searchIndexParameters as object),
      sourceDataFields: [{ name: "title" }],
    };
    const plan = buildPlan(changed, deployed(defs()));
    expect(action(plan, "knowledgeSource")).toMatchObject({
      action: "update",
      changes: [expect.objectContaining({ path: "searchIndexParameters.sourceDataFields", effect: "in-place" })],
    });
    const recreate = defs();
    recreate.knowledgeSource!.kind = "azureBlob";
    const recreated = buildPlan(recreate, deployed(defs()));
    expect(action(recreated, "knowledgeSource")).toMatchObject({
      action: "rebuild",
      changes: [expect.objectContaining({ path: "kind", reason: expect.stringMatching(/deleting and creating/) })],
    });
    expect(recreated.rebuildRequired).toBe(false);
  });

  it("are carried by a saved plan and shown in the pull-request markdown", () => {
    const d = defs();
    d.knowledgeBase!.description = "changed";
    const plan = buildPlan(d, deployed(defs()));
    const saved = createSavedPlan({
      plan,
      definitions: d,
      live: deployed(defs()),
      target: { environment: "dev", endpoint: "https://x.search.windows.net", api_version: "2026-04-01" },
      toolVersion: "0.1.0",
    });
    const back = parseSavedPlan(serializeSavedPlan(saved), "plan.json");
    expect(back.definitions.knowledgeBase).toMatchObject({ description: "changed" });
    expect(back.live.map((r) => `${r.kind} ${r.etag}`)).toEqual(
      expect.arrayContaining(['knowledgeSource "0x4"', 'knowledgeBase "0x5"']),
    );
    const markdown = renderPlanMarkdown(plan);
    expect(markdown).toMatch(/knowledge base <code>docs-knowledge-base<\/code>: <b>update in place<\/b>/);
    expect(markdown).toMatch(/Unchanged: .*knowledge source `docs-knowledge-source`/);
  });
});
