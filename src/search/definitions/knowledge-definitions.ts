// The agentic-retrieval definitions (search-definitions/docs-knowledge-source.json, docs-knowledge-base.json):
// read, placeholders filled from the config like the index's, names checked, and every attribute required to be
// explicit so a reviewer sees exactly what the service gets. Pure apart from reading the files.
import type { SearchConfig } from "../../config/search.js";
import {
  DEFAULT_DEFINITIONS_DIR,
  DefinitionError,
  fillPlaceholders,
  KNOWLEDGE_ORDER,
  type KnowledgeKind,
  parseDefinition,
  placeholderValues,
  readDefinitionFile,
} from "./definitions.js";
import type { JsonObject } from "./json.js";

export const KNOWLEDGE_DEFINITION_FILES: Readonly<Record<KnowledgeKind, string>> = {
  knowledgeSource: "docs-knowledge-source.json",
  knowledgeBase: "docs-knowledge-base.json",
};

/** How plans and messages name each kind. */
const KNOWLEDGE_NOUNS: Readonly<Record<KnowledgeKind, string>> = {
  knowledgeSource: "knowledge source",
  knowledgeBase: "knowledge base",
};

export type KnowledgeDefinitions = Record<KnowledgeKind, JsonObject>;

/**
 * Every attribute the files must state, as dotted paths (what the service would otherwise fill in; the GET shape
 * of the 2026-04-01 recordings). A value equal to the service's default is still written out.
 */
const EXPLICIT_ATTRIBUTES: Readonly<Record<KnowledgeKind, readonly string[]>> = {
  knowledgeSource: [
    "name",
    "kind",
    "description",
    "encryptionKey",
    "searchIndexParameters.searchIndexName",
    "searchIndexParameters.semanticConfigurationName",
    "searchIndexParameters.searchFields",
    "searchIndexParameters.sourceDataFields",
  ],
  knowledgeBase: ["name", "description", "encryptionKey", "knowledgeSources", "models"],
};

function at(value: unknown, dotted: string): unknown {
  let current = value;
  for (const key of dotted.split(".")) {
    if (current === null || typeof current !== "object" || Array.isArray(current)) return undefined;
    current = (current as JsonObject)[key];
  }
  return current;
}

/** The attributes a definition leaves to the service, named; empty when every one is explicit. */
export function implicitKnowledgeAttributes(kind: KnowledgeKind, definition: JsonObject): string[] {
  const missing = EXPLICIT_ATTRIBUTES[kind].filter((p) => at(definition, p) === undefined);
  return missing.length === 0
    ? []
    : [`${KNOWLEDGE_NOUNS[kind]}: set ${missing.join(", ")} explicitly (null or [] for the service's default)`];
}

/** Rules the JSON Schema cannot say: what this project needs of the two objects. */
function knowledgeDefinitionProblems(defs: KnowledgeDefinitions): { kind: KnowledgeKind; problem: string }[] {
  const problems: { kind: KnowledgeKind; problem: string }[] = [];
  const ks = defs.knowledgeSource;
  if (ks.kind !== "searchIndex")
    problems.push({ kind: "knowledgeSource", problem: `kind is ${JSON.stringify(ks.kind)}; expected "searchIndex"` });
  const semantic = at(ks, "searchIndexParameters.semanticConfigurationName");
  if (typeof semantic !== "string" || semantic === "")
    problems.push({
      kind: "knowledgeSource",
      problem:
        "searchIndexParameters.semanticConfigurationName must name the index's semantic configuration (a searchIndex knowledge source needs one)",
    });
  const listed = ((defs.knowledgeBase.knowledgeSources as JsonObject[] | undefined) ?? []).map((r) => r.name);
  if (!listed.includes(ks.name))
    problems.push({
      kind: "knowledgeBase",
      problem: `knowledgeSources must list the knowledge source ${JSON.stringify(ks.name)}`,
    });
  return problems;
}

export function readKnowledgeDefinitionText(
  kind: KnowledgeKind,
  dir = DEFAULT_DEFINITIONS_DIR,
): { file: string; text: string } {
  return readDefinitionFile(KNOWLEDGE_DEFINITION_FILES[kind], dir);
}

/**
 * The two definitions for one environment, filled and checked; undefined when the environment has agentic
 * retrieval off (`search.agentic_retrieval: false`): then nothing about them is planned or deployed.
 * `searchIndexName` holds the configured index name; where the knowledge source must name the concrete
 * generation instead, the deploy fills it in (../agentic/index-target.ts).
 */
export function loadKnowledgeDefinitions(
  search: SearchConfig,
  dir = DEFAULT_DEFINITIONS_DIR,
): KnowledgeDefinitions | undefined {
  if (!search.agentic_retrieval) return undefined;
  const values = placeholderValues(search);
  const expectedNames: Record<KnowledgeKind, string> = {
    knowledgeSource: search.knowledge_source_name,
    knowledgeBase: search.knowledge_base_name,
  };
  const files = {} as Record<KnowledgeKind, string>;
  const out = {} as KnowledgeDefinitions;
  for (const kind of KNOWLEDGE_ORDER) {
    const { file, text } = readKnowledgeDefinitionText(kind, dir);
    files[kind] = file;
    const filled = fillPlaceholders(parseDefinition(text, file), values, file) as JsonObject;
    if (filled.name !== expectedNames[kind])
      throw new DefinitionError(
        file,
        `name is ${JSON.stringify(filled.name)} but the config names the ${KNOWLEDGE_NOUNS[kind]} ${JSON.stringify(expectedNames[kind])}`,
      );
    const implicit = implicitKnowledgeAttributes(kind, filled);
    if (implicit.length > 0) throw new DefinitionError(file, implicit.join("; "));
    out[kind] = filled;
  }
  const indexName = at(out.knowledgeSource, "searchIndexParameters.searchIndexName");
  if (indexName !== search.index_name)
    throw new DefinitionError(
      files.knowledgeSource,
      `searchIndexParameters.searchIndexName is ${JSON.stringify(indexName)}; expected \${INDEX_NAME} (the configured index, ${JSON.stringify(search.index_name)})`,
    );
  const [first] = knowledgeDefinitionProblems(out);
  if (first) throw new DefinitionError(files[first.kind], first.problem);
  return out;
}
