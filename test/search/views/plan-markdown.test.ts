// The reviewer's view of a plan (plan --markdown, show --markdown) for the four kinds of plan, computed by the
// real planner from the definition files: the exact markdown a pull-request comment carries.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildPlan } from "../../../src/search/plan/plan.js";
import { renderPlanMarkdown, renderSavedPlanMarkdown } from "../../../src/search/views/plan-markdown.js";
import { createSavedPlan } from "../../../src/search/saved-plans/saved-plan.js";
import {
  deployedLive,
  devDefinitions,
  fourPlans,
  TARGET,
  withLanguageField,
  withSearchableSection,
} from "../../support/plan-fixtures.js";
import type { JsonObject } from "../../../src/search/definitions/json.js";
import { repoRoot } from "../../../src/config/repo-root.js";

const lines = (...l: string[]) => l.join("\n");
const plans = fourPlans();
const render = (k: keyof typeof plans) =>
  renderPlanMarkdown(plans[k].plan, { target: TARGET, definitions: plans[k].definitions });

/** The expected markdown of each kind (docs/saved-plans.md shows the same, at heading level 4: checked below). */
const EXPECTED = {
  create: lines(
    "### docs-index plan",
    "",
    "Environment `dev`, endpoint `https://srch-docs-dev.search.windows.net`.",
    "",
    "**Plan:** 3 to create, 0 to update in place, 0 to rebuild, 0 unchanged.",
    "",
    "<details open><summary>index <code>docs-index</code>: <b>create</b> (new)</summary>",
    "",
    "A new index with 12 fields:",
    "",
    "| Field | Type and attributes |",
    "| --- | --- |",
    "| `id` | Edm.String (key, retrievable, stored; not searchable, filterable, sortable, facetable) |",
    "| `title` | Edm.String (searchable, retrievable, stored; not key, filterable, sortable, facetable; searchAnalyzer docs_english_identifiers; indexAnalyzer docs_english_identifiers) |",
    "| `description` | Edm.String (searchable, retrievable, stored; not key, filterable, sortable, facetable; searchAnalyzer docs_english_identifiers; indexAnalyzer docs_english_identifiers) |",
    "| `content` | Edm.String (searchable, retrievable, stored; not key, filterable, sortable, facetable; searchAnalyzer docs_english_identifiers; indexAnalyzer docs_english_identifiers) |",
    "| `path` | Edm.String (retrievable, stored; not key, searchable, filterable, sortable, facetable) |",
    "| `repo` | Edm.String (filterable, facetable, retrievable, stored; not key, searchable, sortable) |",
    "| `app` | Edm.String (searchable, retrievable, stored; not key, filterable, sortable, facetable) |",
    "| `section` | Edm.String (filterable, facetable, retrievable, stored; not key, searchable, sortable) |",
    "| `tags` | Edm.String (searchable, filterable, retrievable, stored; not key, sortable, facetable) |",
    "| `format` | Edm.String (filterable, facetable, retrievable, stored; not key, searchable, sortable) |",
    "| `content_type` | Edm.String (filterable, facetable, retrievable, stored; not key, searchable, sortable) |",
    "| `last_modified` | Edm.DateTimeOffset (filterable, sortable, retrievable, stored; not key, searchable, facetable) |",
    "",
    "</details>",
    "",
    "<details open><summary>datasource <code>docs-datasource</code>: <b>create</b> (new)</summary>",
    "",
    "Created from its definition file; nothing exists on the service under this name yet.",
    "",
    "</details>",
    "",
    "<details open><summary>indexer <code>docs-indexer</code>: <b>create</b> (new)</summary>",
    "",
    "Created from its definition file; nothing exists on the service under this name yet.",
    "",
    "</details>",
    "",
  ),
  update: lines(
    "### docs-index plan",
    "",
    "Environment `dev`, endpoint `https://srch-docs-dev.search.windows.net`.",
    "",
    "**Plan:** 0 to create, 1 to update in place, 0 to rebuild, 2 unchanged.",
    "",
    "<details open><summary>index <code>docs-index</code>: <b>update in place</b> (1 change)</summary>",
    "",
    "| Field / setting | Attribute | Change | Class | Reason |",
    "| --- | --- | --- | --- | --- |",
    "| `language` |  | added `Edm.String` | in place | a new field can be added in place: Edm.String (filterable, facetable, retrievable, stored; not key, searchable, sortable); existing documents hold null in it until they are reprocessed |",
    "",
    "**Note:** new fields language: existing documents keep null in them until a backfill (reset + run)",
    "",
    "</details>",
    "",
    "Unchanged: datasource `docs-datasource`, indexer `docs-indexer`.",
    "",
  ),
  rebuild: lines(
    "### docs-index plan",
    "",
    "Environment `dev`, endpoint `https://srch-docs-dev.search.windows.net`.",
    "",
    "**Plan:** 0 to create, 0 to update in place, 1 to rebuild, 2 unchanged.",
    "",
    "> [!CAUTION]",
    "> **Rebuild of index `docs-index`: dropped and recreated.**",
    "> Cost: every document in the index is deleted; queries return nothing until a full re-crawl (indexer reset + run) repopulates it.",
    "> Forced by: `fields[section].searchable` (`false` → `true`).",
    "> `docs-index deploy` refuses it without `--allow-rebuild`.",
    "",
    "<details open><summary>index <code>docs-index</code>: <b>rebuild</b> (1 change)</summary>",
    "",
    "| Field / setting | Attribute | Change | Class | Reason |",
    "| --- | --- | --- | --- | --- |",
    "| `section` | `searchable` | `false` → `true` | **rebuild** | searchable cannot change on an existing field (the inverted index is built at indexing time) |",
    "",
    "</details>",
    "",
    "Unchanged: datasource `docs-datasource`, indexer `docs-indexer`.",
    "",
  ),
  unchanged: lines(
    "### docs-index plan",
    "",
    "Environment `dev`, endpoint `https://srch-docs-dev.search.windows.net`.",
    "",
    "**No changes.** The service matches the definitions.",
    "",
    "Unchanged: index `docs-index`, datasource `docs-datasource`, indexer `docs-indexer`.",
    "",
  ),
};

describe("plan markdown for the four kinds of plan", () => {
  it.each(["create", "update", "rebuild", "unchanged"] as const)("%s", (kind) => {
    expect(render(kind)).toBe(EXPECTED[kind]);
  });

  it("the saved plan renders the same, naming its own target", () => {
    const { plan, definitions } = plans.update;
    const saved = createSavedPlan({
      plan,
      definitions,
      live: deployedLive(),
      target: { ...TARGET, api_version: "2026-04-01" },
      toolVersion: "0.1.0",
    });
    expect(renderSavedPlanMarkdown(saved)).toBe(EXPECTED.update);
  });
});

describe("plan markdown details", () => {
  it("a blue/green rebuild says which generations and that consumers see no downtime", () => {
    const md = renderPlanMarkdown(plans.rebuild.plan, {
      target: { ...TARGET, current_index: "docs-index-3" },
      rebuild: { strategy: "blue-green", next_index: "docs-index-4" },
    });
    expect(md).toContain("> **Rebuild of index `docs-index`, blue/green (`docs-index-3` → `docs-index-4`).**");
    expect(md).toMatch(/> Cost: a full crawl .* No downtime: consumers keep querying the current generation/);
    expect(md).not.toContain("every document in the index is deleted");
    expect(md).toContain("refuses it without `--allow-rebuild`");
  });

  it("rebuild and in-place changes of one object share its table; only the rebuild ones force the rebuild", () => {
    const defs = withSearchableSection(withLanguageField());
    (defs.index.scoringProfiles as { text: { weights: Record<string, number> } }[])[0]!.text.weights.title = 7;
    const md = renderPlanMarkdown(buildPlan(defs, deployedLive()));
    expect(md).toContain("> Forced by: `fields[section].searchable` (`false` → `true`).");
    expect(md).toContain(
      "| `scoringProfiles[docs-default].text.weights.title` |  | `5` → `7` | in place | scoring profiles can be added, changed and deleted in place |",
    );
    expect(md).toContain("| `language` |  | added `Edm.String` | in place |");
    expect(md).toContain("<details open><summary>index <code>docs-index</code>: <b>rebuild</b> (3 changes)</summary>");
    // Without a target the heading names none.
    expect(md).not.toContain("Environment");
  });

  it("keeps table cells intact: pipes escaped, backticks fenced, long values cut, names HTML-escaped", () => {
    const defs = devDefinitions();
    defs.index.description = "a | b `c` " + "x".repeat(200);
    const plan = buildPlan(defs, deployedLive());
    plan.objects[0]!.name = "<docs>";
    const md = renderPlanMarkdown(plan);
    const row = md.split("\n").find((l) => l.startsWith("| `description`"))!;
    expect(row).toContain("added `` a \\| b `c` xxx");
    expect(row).toMatch(/x… `` \| in place \|/);
    expect(row.split(/(?<!\\)\|/).length).toBe(7);
    expect(md).toContain("<code>&lt;docs&gt;</code>");
  });

  it("an added field shows its type; the reason lists every attribute, on and off", () => {
    const row = render("update")
      .split("\n")
      .find((l) => l.startsWith("| `language`"))!;
    expect(row).toBe(
      "| `language` |  | added `Edm.String` | in place | a new field can be added in place: Edm.String (filterable, facetable, retrievable, stored; not key, searchable, sortable); existing documents hold null in it until they are reprocessed |",
    );
  });

  it("a large diff starts folded; a small one and any rebuild start open", () => {
    const defs = devDefinitions();
    for (let i = 0; i < 11; i++)
      (defs.index.fields as JsonObject[]).push({
        ...structuredClone(defs.index.fields as JsonObject[])[5],
        name: `extra${i}`,
      });
    const md = renderPlanMarkdown(buildPlan(defs, deployedLive()));
    expect(md).toContain(
      "<details><summary>index <code>docs-index</code>: <b>update in place</b> (11 changes)</summary>",
    );
    expect(render("update")).toContain("<details open>");
  });
});

describe("docs/saved-plans.md", () => {
  const docs = () => readFileSync(path.join(repoRoot, "docs", "saved-plans.md"), "utf8");
  it.each(["update", "create", "rebuild", "unchanged"] as const)(
    "shows the %s plan exactly as the renderer writes it",
    (kind) => {
      const m = new RegExp(`<!-- example:${kind} -->\\n([\\s\\S]*?)<!-- /example:${kind} -->`).exec(docs());
      expect(m, `docs/saved-plans.md has no <!-- example:${kind} --> block`).not.toBeNull();
      const expected = renderPlanMarkdown(plans[kind].plan, {
        target: TARGET,
        definitions: plans[kind].definitions,
        headingLevel: 4,
      });
      expect(m![1]).toBe(`${expected}\n`);
    },
  );
});
