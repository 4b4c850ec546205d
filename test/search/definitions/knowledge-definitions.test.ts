// The agentic-retrieval definition files (knowledge source, knowledge base): valid against the service's 2026-04-01
// schema, every attribute explicit, canonical, named from the config, and off unless the environment switches
// them on. The commented model example stays valid too.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../src/config/load.js";
import { repoRoot } from "../../../src/config/repo-root.js";
import { canonicalJson } from "../../../src/search/definitions/canonical-json.js";
import {
  DEFAULT_DEFINITIONS_DIR,
  DefinitionError,
  KNOWLEDGE_ORDER,
} from "../../../src/search/definitions/definitions.js";
import {
  KNOWLEDGE_DEFINITION_FILES,
  loadKnowledgeDefinitions,
} from "../../../src/search/definitions/knowledge-definitions.js";
import { copyDefinitions } from "../../support/cli.js";

const dev = parseConfig(readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8"), "config/dev/vars.yml");
const on = { ...dev.search, agentic_retrieval: true };
const defs = loadKnowledgeDefinitions(on)!;

const schemaDir = path.join(repoRoot, "schemas", "azure-search");
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
for (const f of ["int32", "int64", "double", "float"]) ajv.addFormat(f, { type: "number", validate: () => true });
for (const f of ["search-definitions.strict.schema.json", "search-knowledge.strict.schema.json"])
  ajv.addSchema(JSON.parse(readFileSync(path.join(schemaDir, f), "utf8")));
const validator = (def: string) => ajv.getSchema(`search-knowledge.strict.schema.json#/$defs/${def}`)!;

describe("the knowledge source and knowledge base definitions", () => {
  it("are valid against the service's 2026-04-01 schema (strict: no unknown attribute)", () => {
    for (const [kind, def] of [
      ["knowledgeSource", "KnowledgeSource"],
      ["knowledgeBase", "KnowledgeBase"],
    ] as const) {
      const validate = validator(def);
      expect(validate(defs[kind]), JSON.stringify(validate.errors)).toBe(true);
    }
    const misspelt = { ...defs.knowledgeSource, searchIndexParameters: { searchIndexNmae: "x" } };
    expect(validator("KnowledgeSource")(misspelt)).toBe(false);
  });

  it("name the index, its semantic configuration and what a reference carries; the base has no model", () => {
    expect(defs.knowledgeSource).toMatchObject({
      name: "docs-knowledge-source",
      kind: "searchIndex",
      searchIndexParameters: {
        searchIndexName: "docs-index",
        semanticConfigurationName: "default",
        sourceDataFields: ["id", "title", "path", "app", "repo", "section", "last_modified"].map((name) => ({ name })),
      },
    });
    expect(defs.knowledgeBase).toMatchObject({
      name: "docs-knowledge-base",
      knowledgeSources: [{ name: "docs-knowledge-source" }],
      models: [],
    });
  });

  it.each(KNOWLEDGE_ORDER)("the %s file is in canonical form", (kind) => {
    const text = readFileSync(path.join(DEFAULT_DEFINITIONS_DIR, KNOWLEDGE_DEFINITION_FILES[kind]), "utf8");
    expect(text).toBe(canonicalJson(JSON.parse(text)));
  });

  it("are not loaded when the environment has agentic retrieval off", () => {
    expect(dev.search.agentic_retrieval).toBe(false);
    expect(loadKnowledgeDefinitions(dev.search)).toBeUndefined();
  });

  it("refuse an attribute left to the service, a name the config does not give, and a base without the source", () => {
    const dir = copyDefinitions();
    const edit = (file: string, change: (d: Record<string, unknown>) => void) => {
      const d = JSON.parse(readFileSync(path.join(DEFAULT_DEFINITIONS_DIR, file), "utf8")) as Record<string, unknown>;
      change(d);
      writeFileSync(path.join(dir, file), JSON.stringify(d));
    };
    const load = () => loadKnowledgeDefinitions(on, dir);
    edit(KNOWLEDGE_DEFINITION_FILES.knowledgeSource, (d) => delete d.encryptionKey);
    expect(load).toThrow(DefinitionError);
    expect(load).toThrow(/docs-knowledge-source\.json: knowledge source: set encryptionKey explicitly/);
    edit(KNOWLEDGE_DEFINITION_FILES.knowledgeSource, (d) => (d.name = "other"));
    expect(load).toThrow(/name is "other" but the config names the knowledge source "docs-knowledge-source"/);
    edit(KNOWLEDGE_DEFINITION_FILES.knowledgeSource, () => undefined);
    edit(KNOWLEDGE_DEFINITION_FILES.knowledgeBase, (d) => (d.knowledgeSources = []));
    expect(load).toThrow(/docs-knowledge-base\.json: knowledgeSources must list the knowledge source/);
  });

  it("keep a commented, schema-valid example of how to add a model", () => {
    const text = readFileSync(path.join(DEFAULT_DEFINITIONS_DIR, "docs-knowledge-base.model-example.jsonc"), "utf8");
    const json = JSON.parse(
      text
        .split("\n")
        .filter((l) => !l.trim().startsWith("//"))
        .join("\n"),
    ) as { models: unknown[] };
    const withModel = { ...defs.knowledgeBase, models: json.models };
    expect(validator("KnowledgeBase")(withModel), JSON.stringify(validator("KnowledgeBase").errors)).toBe(true);
    expect(text).not.toMatch(/apiKey"\s*:/);
  });
});
