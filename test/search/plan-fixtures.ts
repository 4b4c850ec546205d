// Real plans for the saved-plan and markdown tests: the dev definitions (search-definitions/*.json filled from
// config/dev/vars.yml), planned by the real buildPlan against the state a deploy of the unmodified files leaves.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseConfig } from "../../src/config/load.js";
import { loadDefinitions, type Definitions } from "../../src/search/definitions/definitions.js";
import { buildPlan, type LiveDefinitions, type Plan } from "../../src/search/plan/plan.js";
import { type JsonObject } from "../../src/search/definitions/json.js";
import { repoRoot } from "../../src/config/repo-root.js";

const config = parseConfig(readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8"), "vars.yml");

export const TARGET = { environment: "dev", endpoint: "https://srch-docs-dev.search.windows.net" };

export function devDefinitions(): Definitions {
  return structuredClone(loadDefinitions(config.search));
}

/** The service after a deploy of the unmodified files (the plan normalises what the service adds). */
export function deployedLive(etags: [string, string, string] = ['"0x1"', '"0x2"', '"0x3"']): LiveDefinitions {
  const files = devDefinitions();
  return {
    index: { definition: files.index, etag: etags[0] },
    datasource: { definition: files.datasource, etag: etags[1] },
    indexer: { definition: files.indexer, etag: etags[2] },
  };
}

/** The field the docs' example adds: every attribute explicit, as `definitions:format --check` requires. */
export const LANGUAGE_FIELD: JsonObject = {
  name: "language",
  type: "Edm.String",
  key: false,
  retrievable: true,
  stored: true,
  searchable: false,
  filterable: true,
  sortable: false,
  facetable: true,
  analyzer: null,
  indexAnalyzer: null,
  searchAnalyzer: null,
  normalizer: null,
  synonymMaps: [],
};

export function withLanguageField(defs = devDefinitions()): Definitions {
  (defs.index.fields as JsonObject[]).push(structuredClone(LANGUAGE_FIELD));
  return defs;
}

export function withSearchableSection(defs = devDefinitions()): Definitions {
  (defs.index.fields as JsonObject[]).find((f) => f.name === "section")!.searchable = true;
  return defs;
}

/** The four kinds of plan a reviewer meets, computed by the real planner. */
export function fourPlans(): Record<
  "create" | "update" | "rebuild" | "unchanged",
  { plan: Plan; definitions: Definitions }
> {
  const create = devDefinitions();
  const update = withLanguageField();
  const rebuild = withSearchableSection();
  const unchanged = devDefinitions();
  return {
    create: { plan: buildPlan(create, {}), definitions: create },
    update: { plan: buildPlan(update, deployedLive()), definitions: update },
    rebuild: { plan: buildPlan(rebuild, deployedLive()), definitions: rebuild },
    unchanged: { plan: buildPlan(unchanged, deployedLive()), definitions: unchanged },
  };
}
