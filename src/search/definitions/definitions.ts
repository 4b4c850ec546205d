// Loads the reviewed definition files (search-definitions/*.json) and fills their `${NAME}` placeholders
// from the environment's config, so one file serves every environment. Pure apart from reading the files.
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../../config/repo-root.js";
import type { SearchConfig } from "../../config/search.js";
import { implicitAttributeProblems } from "./field-attributes.js";
import type { JsonObject } from "./json.js";

/** The objects every environment has. */
export type CoreKind = "index" | "datasource" | "indexer";
/** The agentic-retrieval objects, present only where `search.agentic_retrieval` is on. */
export type KnowledgeKind = "knowledgeSource" | "knowledgeBase";
export type DefinitionKind = CoreKind | KnowledgeKind;

/** Deploy order: the indexer refers to the datasource and the index, so they must exist first. */
export const DEPLOY_ORDER: readonly CoreKind[] = ["index", "datasource", "indexer"];

/** After the indexer: the knowledge base lists the knowledge source, which names the index. */
export const KNOWLEDGE_ORDER: readonly KnowledgeKind[] = ["knowledgeSource", "knowledgeBase"];

/** How plans and messages name each kind. */
export const KIND_NOUNS: Readonly<Record<DefinitionKind, string>> = {
  index: "index",
  datasource: "datasource",
  indexer: "indexer",
  knowledgeSource: "knowledge source",
  knowledgeBase: "knowledge base",
};

/** The kinds a set of definitions holds, in deploy order: index, datasource, indexer, knowledge source, base. */
export function kindsIn(definitions: Definitions): DefinitionKind[] {
  return [...DEPLOY_ORDER, ...KNOWLEDGE_ORDER.filter((k) => definitions[k] !== undefined)];
}

export const DEFINITION_FILES: Readonly<Record<CoreKind, string>> = {
  index: "docs-index.json",
  datasource: "docs-datasource.json",
  indexer: "docs-indexer.json",
};

export const DEFAULT_DEFINITIONS_DIR = path.join(repoRoot, "search-definitions");

/** The one mapping from config keys to placeholders. Add a placeholder here and only here. */
export function placeholderValues(search: SearchConfig): Record<string, string> {
  return {
    INDEX_NAME: search.index_name,
    DATASOURCE_NAME: search.datasource_name,
    INDEXER_NAME: search.indexer_name,
    CONTAINER: search.container,
    STORAGE_ACCOUNT_RESOURCE_ID: search.storage_account_resource_id,
    KNOWLEDGE_SOURCE_NAME: search.knowledge_source_name,
    KNOWLEDGE_BASE_NAME: search.knowledge_base_name,
  };
}

export class DefinitionError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = "DefinitionError";
  }
}

const PLACEHOLDER = /\$\{([^}]*)\}/g;

/** Replaces `${NAME}` in every string value (not in keys). Unknown or empty placeholders are errors. */
export function fillPlaceholders(value: unknown, values: Record<string, string>, file: string, at = "$"): unknown {
  if (typeof value === "string") {
    return value.replace(PLACEHOLDER, (_m, name: string) => {
      if (!Object.hasOwn(values, name)) {
        throw new DefinitionError(
          file,
          `unknown placeholder \${${name}} at ${at} (known: ${Object.keys(values)
            .map((k) => `\${${k}}`)
            .join(", ")})`,
        );
      }
      const filled = values[name];
      if (filled === undefined || filled === "")
        throw new DefinitionError(file, `placeholder \${${name}} at ${at} has no value in the config`);
      return filled;
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => fillPlaceholders(v, values, file, `${at}[${i}]`));
  if (value !== null && typeof value === "object") {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = fillPlaceholders(v, values, file, `${at}.${k}`);
    return out;
  }
  return value;
}

/** The placeholders a value uses (for tests and for error messages). */
export function placeholdersIn(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === "string") for (const m of v.matchAll(PLACEHOLDER)) found.add(m[1]!);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(value);
  return [...found].sort();
}

export function readDefinitionText(kind: CoreKind, dir = DEFAULT_DEFINITIONS_DIR): { file: string; text: string } {
  return readDefinitionFile(DEFINITION_FILES[kind], dir);
}

/** One definition file's text, named relative to the working directory; a missing file is a DefinitionError. */
export function readDefinitionFile(name: string, dir = DEFAULT_DEFINITIONS_DIR): { file: string; text: string } {
  const file = path.join(dir, name);
  const display = path.relative(process.cwd(), file) || file;
  try {
    return { file: display, text: readFileSync(file, "utf8") };
  } catch (err) {
    throw new DefinitionError(display, (err as NodeJS.ErrnoException).code === "ENOENT" ? "not found" : String(err));
  }
}

export function parseDefinition(text: string, file: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new DefinitionError(file, `not valid JSON (${(err as Error).message})`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new DefinitionError(file, "expected a JSON object");
  return parsed as JsonObject;
}

/** The raw (unfilled) definitions, as written in the files. */
export function readRawDefinitions(dir = DEFAULT_DEFINITIONS_DIR): Record<CoreKind, JsonObject> {
  const out = {} as Record<CoreKind, JsonObject>;
  for (const kind of DEPLOY_ORDER) {
    const { file, text } = readDefinitionText(kind, dir);
    out[kind] = parseDefinition(text, file);
  }
  return out;
}

/** The definitions of one environment; the knowledge objects only where agentic retrieval is on. */
export type Definitions = Record<CoreKind, JsonObject> & Partial<Record<KnowledgeKind, JsonObject>>;

/** The definitions for one environment: files read, placeholders filled, names checked against the config. */
export function loadDefinitions(search: SearchConfig, dir = DEFAULT_DEFINITIONS_DIR): Definitions {
  const values = placeholderValues(search);
  const out = {} as Definitions;
  const expectedNames: Record<CoreKind, string> = {
    index: search.index_name,
    datasource: search.datasource_name,
    indexer: search.indexer_name,
  };
  for (const kind of DEPLOY_ORDER) {
    const { file, text } = readDefinitionText(kind, dir);
    const filled = fillPlaceholders(parseDefinition(text, file), values, file) as JsonObject;
    if (filled.name !== expectedNames[kind]) {
      throw new DefinitionError(
        file,
        `name is ${JSON.stringify(filled.name)} but the config names the ${kind} ${JSON.stringify(expectedNames[kind])}`,
      );
    }
    if (kind === "index") {
      const problems = implicitAttributeProblems(filled);
      if (problems.length > 0) throw new DefinitionError(file, problems.join("; "));
    }
    out[kind] = filled;
  }
  return out;
}
