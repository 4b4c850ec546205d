// The reviewed definition files against the spec's area C (field table, rules, limits) and the service's schema.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/load.js";
import { canonicalJson } from "../../src/search/definitions/canonical-json.js";
import {
  DEFAULT_DEFINITIONS_DIR,
  DEFINITION_FILES,
  DefinitionError,
  DEPLOY_ORDER,
  fillPlaceholders,
  loadDefinitions,
  placeholdersIn,
  placeholderValues,
  readRawDefinitions,
} from "../../src/search/definitions/definitions.js";
import { applyFieldMappings, type FieldMapping } from "../../src/search/indexer-emulation/field-mappings.js";
import { copyDefinitions } from "./cli-harness.js";
import { repoRoot } from "../../src/config/repo-root.js";

const config = parseConfig(
  readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8"),
  "config/dev/vars.yml",
);
const defs = loadDefinitions(config.search);
const fields = defs.index.fields as Record<string, unknown>[];
const field = (name: string) => {
  const f = fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};
const mappings = defs.indexer.fieldMappings as {
  sourceFieldName: string;
  targetFieldName: string;
  mappingFunction?: { name: string; parameters?: Record<string, unknown> };
}[];
const mappingTo = (target: string) => {
  const m = mappings.filter((x) => x.targetFieldName === target);
  expect(m, `exactly one mapping to ${target}`).toHaveLength(1);
  return m[0]!;
};

// Spec area C, "Search index document": type and the attributes each row names; every other attribute is false.
const FIELD_TABLE: { name: string; type: string; true: string[] }[] = [
  { name: "id", type: "Edm.String", true: ["key"] },
  { name: "title", type: "Edm.String", true: ["searchable"] },
  { name: "description", type: "Edm.String", true: ["searchable"] },
  { name: "content", type: "Edm.String", true: ["searchable"] },
  { name: "path", type: "Edm.String", true: [] },
  { name: "repo", type: "Edm.String", true: ["filterable", "facetable"] },
  { name: "app", type: "Edm.String", true: ["searchable"] },
  { name: "section", type: "Edm.String", true: ["filterable", "facetable"] },
  { name: "tags", type: "Edm.String", true: ["searchable", "filterable"] },
  { name: "format", type: "Edm.String", true: ["filterable", "facetable"] },
  { name: "content_type", type: "Edm.String", true: ["filterable", "facetable"] },
  { name: "last_modified", type: "Edm.DateTimeOffset", true: ["filterable", "sortable"] },
];
const FLAGS = ["key", "searchable", "filterable", "sortable", "facetable"];
const EVERY_ATTRIBUTE = [
  "key",
  "retrievable",
  "stored",
  "searchable",
  "filterable",
  "sortable",
  "facetable",
  "analyzer",
  "searchAnalyzer",
  "indexAnalyzer",
  "normalizer",
  "synonymMaps",
];

describe("docs-index.json: the spec's field table", () => {
  it("has exactly the 12 fields of the table, in its order", () => {
    expect(fields.map((f) => f.name)).toEqual(FIELD_TABLE.map((r) => r.name));
  });

  it.each(FIELD_TABLE)("$name: $type, true only for [$true]", (row) => {
    const f = field(row.name);
    expect(f.type).toBe(row.type);
    for (const flag of FLAGS) expect(f[flag], `${row.name}.${flag}`).toBe(row.true.includes(flag));
    // Every document value is returned to consumers and kept.
    expect(f.retrievable).toBe(true);
    expect(f.stored).toBe(true);
  });

  it("writes every attribute of every field explicitly (REST and SDK defaults differ, reference §4.1)", () => {
    for (const f of fields)
      for (const a of EVERY_ATTRIBUTE) expect(Object.hasOwn(f, a), `${String(f.name)}.${a}`).toBe(true);
  });

  it("tags is a single string, not a collection (rule 3)", () => {
    expect(field("tags").type).toBe("Edm.String");
  });
});

describe("docs-index.json: scoring profile and semantic configuration", () => {
  const profiles = defs.index.scoringProfiles as {
    name: string;
    text: { weights: Record<string, number> };
    functions?: unknown[];
  }[];
  const semantic = defs.index.semantic as {
    defaultConfiguration: string;
    configurations: { name: string; prioritizedFields: Record<string, any> }[];
  };

  it("docs-default is the only and the default profile, weights title 5, description 4, tags 3, app 2, content 1", () => {
    expect(profiles.map((p) => p.name)).toEqual(["docs-default"]);
    expect(defs.index.defaultScoringProfile).toBe("docs-default");
    expect(profiles[0]!.text.weights).toEqual({ title: 5, description: 4, tags: 3, app: 2, content: 1 });
    expect(profiles[0]!.functions ?? []).toEqual([]);
  });

  it("one semantic configuration, the default: title; description then content; tags then app", () => {
    expect(semantic.configurations).toHaveLength(1);
    const c = semantic.configurations[0]!;
    expect(semantic.defaultConfiguration).toBe(c.name);
    expect(c.prioritizedFields.titleField).toEqual({ fieldName: "title" });
    expect(c.prioritizedFields.prioritizedContentFields).toEqual([
      { fieldName: "description" },
      { fieldName: "content" },
    ]);
    expect(c.prioritizedFields.prioritizedKeywordsFields).toEqual([{ fieldName: "tags" }, { fieldName: "app" }]);
  });

  it("section is in neither the scoring profile nor the semantic configuration", () => {
    expect(JSON.stringify(profiles)).not.toContain('"section"');
    expect(JSON.stringify(semantic)).not.toContain('"section"');
  });

  it("every weighted field is searchable", () => {
    for (const name of Object.keys(profiles[0]!.text.weights)) expect(field(name).searchable).toBe(true);
  });
});

describe("docs-datasource.json", () => {
  it("reads the $web container of blob storage with the search service's managed identity", () => {
    expect(defs.datasource.type).toBe("azureblob");
    expect(defs.datasource.container).toEqual({ name: "$web" });
    expect(defs.datasource.credentials).toEqual({
      connectionString: `ResourceId=${config.search.storage_account_resource_id}/;`,
    });
    expect(JSON.stringify(defs.datasource)).not.toMatch(/AccountKey|SharedAccessSignature/i);
  });

  it("detects deletions through native blob soft delete (backfill rule 5)", () => {
    expect(defs.datasource.dataDeletionDetectionPolicy).toEqual({
      "@odata.type": "#Microsoft.Azure.Search.NativeBlobSoftDeleteDeletionDetectionPolicy",
    });
  });
});

describe("docs-indexer.json", () => {
  const parameters = defs.indexer.parameters as {
    maxFailedItems: number;
    maxFailedItemsPerBatch: number;
    configuration: Record<string, unknown>;
  };

  it("connects the datasource to the index, with no skillset", () => {
    expect(defs.indexer.dataSourceName).toBe(defs.datasource.name);
    expect(defs.indexer.targetIndexName).toBe(defs.index.name);
    expect(defs.indexer.skillsetName ?? null).toBeNull();
  });

  it("tolerates unlimited failed items, runs every 24 hours and extracts content and metadata", () => {
    expect(parameters.maxFailedItems).toBe(-1);
    expect(parameters.maxFailedItemsPerBatch).toBe(-1);
    expect(defs.indexer.schedule).toEqual({ interval: "PT24H" });
    expect(parameters.configuration.dataToExtract).toBe("contentAndMetadata");
  });

  it("id is base64 of metadata_storage_path with the encoding parameter written out", () => {
    expect(mappingTo("id")).toEqual({
      sourceFieldName: "metadata_storage_path",
      targetFieldName: "id",
      mappingFunction: { name: "base64Encode", parameters: { useHttpServerUtilityUrlTokenEncode: true } },
    });
  });

  it.each([
    ["repo", 4],
    ["app", 4],
    ["section", 5],
  ])("%s is token %i of metadata_storage_path split on / (rules 1, 2)", (target, position) => {
    expect(mappingTo(target)).toEqual({
      sourceFieldName: "metadata_storage_path",
      targetFieldName: target,
      mappingFunction: { name: "extractTokenAtPosition", parameters: { delimiter: "/", position } },
    });
  });

  it("repo and app are mapped identically (rule 1)", () => {
    expect(mappingTo("repo").mappingFunction).toEqual(mappingTo("app").mappingFunction);
  });

  it.each([
    ["title", "metadata_title"],
    ["description", "metadata_description"],
    ["tags", "metadata_keywords"],
    ["path", "metadata_storage_path"],
    ["format", "metadata_storage_file_extension"],
    ["content_type", "metadata_storage_content_type"],
    ["last_modified", "metadata_storage_last_modified"],
  ])("%s comes from %s unchanged", (target, source) => {
    expect(mappingTo(target)).toEqual({ sourceFieldName: source, targetFieldName: target });
  });

  it("maps only to fields of the index", () => {
    const names = new Set(fields.map((f) => f.name));
    for (const m of mappings) expect(names.has(m.targetFieldName), m.targetFieldName).toBe(true);
  });

  const excluded = String(parameters.configuration.excludedFileNameExtensions).split(",");
  it.each([
    ["stylesheets", [".css"]],
    ["scripts", [".js"]],
    ["source maps", [".map"]],
    ["images", [".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".ico"]],
    ["fonts", [".woff", ".woff2", ".ttf", ".otf", ".eot"]],
    ["archives", [".zip", ".gz", ".tar"]],
    [".drawio", [".drawio"]],
    [".py", [".py"]],
    [".txt", [".txt"]],
    [".xml (sitemaps)", [".xml"]],
  ])("excludes %s", (_class, extensions) => {
    for (const ext of extensions) expect(excluded).toContain(ext);
  });

  it("lists extensions as the service expects: lowercase, leading dot, no spaces or duplicates; never pages", () => {
    for (const ext of excluded) expect(ext).toMatch(/^\.[a-z0-9]+$/);
    expect(new Set(excluded).size).toBe(excluded.length);
    for (const page of [".html", ".htm", ".md"]) expect(excluded).not.toContain(page);
  });
});

describe("the indexer's mappings applied to blob paths (emulated, src/search/indexer-emulation)", () => {
  const blob = (name: string) => {
    const storagePath = `https://docsacct.blob.core.windows.net/$web/${name}`;
    return applyFieldMappings(
      mappings as FieldMapping[],
      {
        metadata_storage_path: storagePath,
        metadata_title: "T",
        metadata_description: "D",
        metadata_storage_file_extension: ".html",
        metadata_storage_content_type: "text/html",
        metadata_storage_last_modified: "2026-11-01T00:00:00Z",
      },
      { keyField: "id", indexFields: fields.map((f) => String(f.name)) },
    );
  };

  it("a page two levels down: app = repo = the app folder, section = the entry below it (rule 1)", () => {
    const outcome = blob("guides/setup/install.html");
    expect(outcome).toHaveProperty("document");
    expect((outcome as { document: Record<string, unknown> }).document).toMatchObject({
      repo: "guides",
      app: "guides",
      section: "setup",
      path: "https://docsacct.blob.core.windows.net/$web/guides/setup/install.html",
      tags: null,
    });
  });

  it("a page directly under an app folder gets its file name as section (rule 2)", () => {
    expect((blob("guides/index.html") as { document: Record<string, unknown> }).document).toMatchObject({
      app: "guides",
      section: "index.html",
    });
  });

  it("a root-site page has no token 5: a per-document mapping failure (errors C.2)", () => {
    const outcome = blob("404.html");
    expect(outcome).toHaveProperty("error");
    expect((outcome as { error: { targetFieldName: string } }).error.targetFieldName).toBe("section");
  });
});

describe("the files as reviewers see them", () => {
  it.each(DEPLOY_ORDER)("the %s file is in canonical form (run npm run definitions:format)", (kind) => {
    const text = readFileSync(path.join(DEFAULT_DEFINITIONS_DIR, DEFINITION_FILES[kind]), "utf8");
    expect(text).toBe(canonicalJson(JSON.parse(text)));
    expect(text.endsWith("}\n")).toBe(true);
  });

  it("canonical form is stable key order, 2-space indent and a trailing newline", () => {
    expect(canonicalJson({ type: "t", b: 1, name: "n", a: [{ z: 1, name: "x" }] })).toBe(
      '{\n  "name": "n",\n  "type": "t",\n  "a": [\n    {\n      "name": "x",\n      "z": 1\n    }\n  ],\n  "b": 1\n}\n',
    );
  });

  it("environment-specific values are placeholders filled from the config", () => {
    const raw = readRawDefinitions();
    expect(placeholdersIn(raw)).toEqual([
      "CONTAINER",
      "DATASOURCE_NAME",
      "INDEXER_NAME",
      "INDEX_NAME",
      "STORAGE_ACCOUNT_RESOURCE_ID",
    ]);
    expect(placeholdersIn(defs)).toEqual([]);
    expect(JSON.stringify(raw)).not.toContain("/subscriptions/");
    for (const name of placeholdersIn(raw)) expect(Object.keys(placeholderValues(config.search))).toContain(name);
  });

  it("fills names from the config, so another environment gets its own names", () => {
    const other = loadDefinitions({
      ...config.search,
      index_name: "docs-index-v2",
      indexer_name: "idx2",
      datasource_name: "ds2",
      container: "site",
    });
    expect(other.index.name).toBe("docs-index-v2");
    expect(other.indexer).toMatchObject({ name: "idx2", dataSourceName: "ds2", targetIndexName: "docs-index-v2" });
    expect(other.datasource.container).toEqual({ name: "site" });
  });

  it("an unknown placeholder is an error naming the file and the placeholder", () => {
    expect(() => fillPlaceholders({ a: ["x${NOPE}"] }, { INDEX_NAME: "i" }, "docs-index.json")).toThrow(
      /docs-index\.json: unknown placeholder \$\{NOPE\} at \$\.a\[0\]/,
    );
    const dir = copyDefinitions((file, json) => {
      if (file === "docs-indexer.json") json.description = "for ${TEAM}";
    });
    expect(() => loadDefinitions(config.search, dir)).toThrow(DefinitionError);
    expect(() => loadDefinitions(config.search, dir)).toThrow(/docs-indexer\.json: unknown placeholder \$\{TEAM\}/);
  });

  it("an unfilled placeholder is an error naming the file and the placeholder", () => {
    expect(() =>
      fillPlaceholders(
        "ResourceId=${STORAGE_ACCOUNT_RESOURCE_ID}/;",
        { STORAGE_ACCOUNT_RESOURCE_ID: "" },
        "docs-datasource.json",
      ),
    ).toThrow(/docs-datasource\.json: placeholder \$\{STORAGE_ACCOUNT_RESOURCE_ID\} .*has no value/);
  });
});

describe("the service's JSON Schema (strict variant, api-version 2026-04-01)", () => {
  const schemaDir = path.join(repoRoot, "test", "fixtures", "azure-search", "schema");
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  ajv.addFormat("int32", {
    type: "number",
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat("double", { type: "number", validate: () => true });
  ajv.addFormat("float", { type: "number", validate: () => true });
  ajv.addSchema(JSON.parse(readFileSync(path.join(schemaDir, "search-definitions.strict.schema.json"), "utf8")));
  const entry = { index: "SearchIndex", datasource: "SearchIndexerDataSource", indexer: "SearchIndexer" } as const;

  it.each(DEPLOY_ORDER)("the filled %s definition is valid", (kind) => {
    const validate = ajv.getSchema(`search-definitions.strict.schema.json#/$defs/${entry[kind]}`)!;
    const ok = validate(defs[kind]);
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(ok).toBe(true);
  });

  it("rejects a misspelt attribute (the check can fail)", () => {
    const validate = ajv.getSchema("search-definitions.strict.schema.json#/$defs/SearchIndex")!;
    const broken = structuredClone(defs.index) as { fields: Record<string, unknown>[] };
    broken.fields[0]!.retreivable = true;
    expect(validate(broken)).toBe(false);
  });
});
