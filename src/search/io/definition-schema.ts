// The service's JSON Schema (api-version 2026-04-01, strict variant: unknown properties refused) as validators
// for the definition files: index, datasource, indexer, and the agentic-retrieval knowledge source and base (a
// second schema file that refers into the first). Compiling it with Ajv takes about half a second, so the compiled
// validators are
// kept as Ajv standalone code in node_modules/.cache/docs-index/, keyed by the schema's content and Ajv's
// version: every later run (and every test worker) loads them in milliseconds. Synchronous (require), so the
// definition readers stay synchronous. Falls back to compiling in memory when the cache cannot be written.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { repoRoot } from "../../config/repo-root.js";
import type { DefinitionKind } from "../definitions/definitions.js";
import { schemaPropertyNames, type SchemaError } from "../definitions/schema-problems.js";

const DEFINITION_SCHEMA_FILE = path.join(repoRoot, "schemas", "azure-search", "search-definitions.strict.schema.json");
const KNOWLEDGE_SCHEMA_FILE = path.join(repoRoot, "schemas", "azure-search", "search-knowledge.strict.schema.json");
/** Each kind's entry point: the schema's `$id` and the definition under `$defs`. */
const ENTRY: Record<DefinitionKind, { id: string; def: string }> = {
  index: { id: "search-definitions.strict.schema.json", def: "SearchIndex" },
  datasource: { id: "search-definitions.strict.schema.json", def: "SearchIndexerDataSource" },
  indexer: { id: "search-definitions.strict.schema.json", def: "SearchIndexer" },
  knowledgeSource: { id: "search-knowledge.strict.schema.json", def: "KnowledgeSource" },
  knowledgeBase: { id: "search-knowledge.strict.schema.json", def: "KnowledgeBase" },
};

type Validate = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

export interface DefinitionSchema {
  /** The schema's findings on one definition (empty when valid). */
  validate(kind: DefinitionKind, document: unknown): SchemaError[];
  /** Every property name the schema knows (for "did you mean"). */
  vocabulary: Set<string>;
}

const require = createRequire(import.meta.url);
let loaded: DefinitionSchema | undefined;

export function definitionSchema(): DefinitionSchema {
  if (loaded) return loaded;
  const texts = [DEFINITION_SCHEMA_FILE, KNOWLEDGE_SCHEMA_FILE].map((file) => readFileSync(file, "utf8"));
  const schemas = texts.map((text) => JSON.parse(text) as object);
  const validators = cachedValidators(texts, schemas);
  loaded = {
    vocabulary: schemaPropertyNames(schemas),
    validate(kind, document) {
      const validate = validators[ENTRY[kind].def]!;
      return validate(document) ? [] : [...(validate.errors ?? [])];
    },
  };
  return loaded;
}

function cachedValidators(texts: string[], schemas: object[]): Record<string, Validate> {
  const ajvVersion = (require("ajv/package.json") as { version: string }).version;
  const hash = createHash("sha256");
  for (const text of texts) hash.update(text);
  const key = hash.update(ajvVersion).digest("hex").slice(0, 16);
  const file = path.join(repoRoot, "node_modules", ".cache", "docs-index", `definition-validators-${key}.cjs`);
  try {
    return require(file) as Record<string, Validate>;
  } catch {
    // not cached yet (or unreadable): compile below
  }
  const { ajv, refs } = compile(schemas);
  try {
    const standalone = require("ajv/dist/standalone").default as (a: unknown, r: Record<string, string>) => string;
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, standalone(ajv, refs));
    renameSync(temporary, file); // atomic: parallel test workers never read half a file
    return require(file) as Record<string, Validate>;
  } catch {
    return Object.fromEntries(Object.entries(refs).map(([name, ref]) => [name, ajv.getSchema(ref) as Validate]));
  }
}

function compile(schemas: object[]) {
  const Ajv2020 = require("ajv/dist/2020").default as new (options: object) => {
    addSchema(s: object): void;
    addFormat(name: string, format: object): void;
    getSchema(ref: string): unknown;
  };
  // Formats are the service's to check (int32 ranges and the like); names and shapes are what typos break.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false, code: { source: true } });
  for (const schema of schemas) ajv.addSchema(schema);
  const refs = Object.fromEntries(Object.values(ENTRY).map(({ id, def }) => [def, `${id}#/$defs/${def}`]));
  for (const ref of Object.values(refs)) ajv.getSchema(ref);
  return { ajv, refs };
}
