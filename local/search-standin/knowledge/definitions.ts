// What the service does with knowledge source and knowledge base bodies (API 2026-04-01): validate them against
// the service (the index exists and has the semantic configuration and fields named; the listed knowledge
// sources exist) and report them in the GET shape of the Azure SDK's live recordings: every property present,
// `null`s for the other source kinds' parameters. Unknown properties are refused as the service does.
import type { JsonObject, StandInState } from "../state.js";
import { aliasStore } from "../management/aliases.js";
import { schemaOf } from "../documents/schema.js";
import { knowledgeStore } from "./store.js";
import { invalidKnowledge, knowledgeSourceNamesAlias, unknownIndex, unknownProperty } from "./rules.js";
import { KNOWLEDGE_SOURCE_MAY_NAME_ALIAS } from "../../../src/search/service/service-facts.js";

const SOURCE_TYPE = "Microsoft.Azure.Search.V2026_04_01.KnowledgeSource";
const SOURCE_PARAMETERS_TYPE = "Microsoft.Azure.Search.V2026_04_01.SearchIndexKnowledgeSourceParameters";
const BASE_TYPE = "Microsoft.Azure.Search.V2026_04_01.KnowledgeBase";

const SOURCE_PROPERTIES = new Set([
  "@odata.etag",
  "@odata.context",
  "name",
  "kind",
  "description",
  "encryptionKey",
  "searchIndexParameters",
  // Read back as null (the other kinds' parameters); accepted when null.
  "azureBlobParameters",
  "webParameters",
  "indexedOneLakeParameters",
]);
const SOURCE_PARAMETER_PROPERTIES = new Set([
  "searchIndexName",
  "semanticConfigurationName",
  "sourceDataFields",
  "searchFields",
]);
const BASE_PROPERTIES = new Set([
  "@odata.etag",
  "@odata.context",
  "name",
  "description",
  "encryptionKey",
  "knowledgeSources",
  "models",
]);

function refuseUnknown(body: JsonObject, known: Set<string>, type: string): void {
  for (const key of Object.keys(body)) if (!known.has(key)) throw unknownProperty(key, type);
}

function fieldRefs(value: unknown, what: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidKnowledge(`${what} must be an array of {"name": ...}.`);
  return value.map((ref) => {
    const name = (ref as JsonObject | null)?.name;
    if (typeof name !== "string" || name === "") throw invalidKnowledge(`${what} must be an array of {"name": ...}.`);
    return name;
  });
}

/** Validates a knowledge source body and returns it as GET reports it. */
export function knowledgeSourceWithDefaults(
  state: StandInState,
  body: JsonObject,
  mayNameAlias = KNOWLEDGE_SOURCE_MAY_NAME_ALIAS,
): JsonObject {
  refuseUnknown(body, SOURCE_PROPERTIES, SOURCE_TYPE);
  const name = String(body.name);
  if (body.kind === undefined || body.kind === null) throw invalidKnowledge("knowledge source kind is required.");
  if (body.kind !== "searchIndex")
    throw invalidKnowledge(
      `knowledge source kind '${String(body.kind)}' is not emulated by the stand-in (only 'searchIndex').`,
    );
  for (const other of ["azureBlobParameters", "webParameters", "indexedOneLakeParameters"])
    if (body[other] !== undefined && body[other] !== null)
      throw invalidKnowledge(`'${other}' is not valid for a knowledge source of kind 'searchIndex'.`);
  const parameters = body.searchIndexParameters;
  if (parameters === null || typeof parameters !== "object" || Array.isArray(parameters))
    throw invalidKnowledge("searchIndexParameters is required for a knowledge source of kind 'searchIndex'.");
  const p = parameters as JsonObject;
  refuseUnknown(p, SOURCE_PARAMETER_PROPERTIES, SOURCE_PARAMETERS_TYPE);
  const indexName = p.searchIndexName;
  if (typeof indexName !== "string" || indexName === "")
    throw invalidKnowledge("searchIndexParameters.searchIndexName is required.");

  let concrete = indexName;
  if (!state.indexes.has(indexName)) {
    const alias = aliasStore(state).aliases.get(indexName);
    if (!alias) throw unknownIndex(name, indexName);
    if (!mayNameAlias) throw knowledgeSourceNamesAlias(name, indexName);
    concrete = (alias.definition.indexes as string[])[0]!;
  }
  const schema = schemaOf(state.indexes.get(concrete)!.definition);
  const semantic = p.semanticConfigurationName ?? null;
  if (semantic !== null && (typeof semantic !== "string" || !schema.semanticConfigurations.includes(semantic)))
    throw invalidKnowledge(
      `the index '${indexName}' has no semantic configuration '${String(semantic)}' (it defines: ${schema.semanticConfigurations.join(", ") || "none"}).`,
    );
  if (semantic === null && schema.defaultSemanticConfiguration === null)
    throw invalidKnowledge(
      `the index '${indexName}' has no default semantic configuration; a searchIndex knowledge source needs one (set semanticConfigurationName).`,
    );
  const sourceDataFields = fieldRefs(p.sourceDataFields, "searchIndexParameters.sourceDataFields");
  const searchFields = fieldRefs(p.searchFields, "searchIndexParameters.searchFields");
  for (const f of sourceDataFields)
    if (!schema.fields.get(f)?.retrievable)
      throw invalidKnowledge(
        `sourceDataFields names '${f}', which is not a retrievable field of the index '${indexName}'.`,
      );
  for (const f of searchFields)
    if (!schema.fields.get(f)?.searchable)
      throw invalidKnowledge(`searchFields names '${f}', which is not a searchable field of the index '${indexName}'.`);

  return {
    name,
    kind: "searchIndex",
    description: body.description ?? null,
    encryptionKey: body.encryptionKey ?? null,
    searchIndexParameters: {
      searchIndexName: indexName,
      semanticConfigurationName: semantic,
      sourceDataFields: sourceDataFields.map((n) => ({ name: n })),
      searchFields: searchFields.map((n) => ({ name: n })),
    },
    azureBlobParameters: null,
    webParameters: null,
    indexedOneLakeParameters: null,
  };
}

/** Validates a knowledge base body (its knowledge sources must exist) and returns it as GET reports it. */
export function knowledgeBaseWithDefaults(state: StandInState, body: JsonObject): JsonObject {
  refuseUnknown(body, BASE_PROPERTIES, BASE_TYPE);
  const refs = body.knowledgeSources;
  if (!Array.isArray(refs) || refs.length === 0)
    throw invalidKnowledge("knowledgeSources is required and must list at least one knowledge source.");
  const names = fieldRefs(refs, "knowledgeSources");
  const sources = knowledgeStore(state).sources;
  for (const n of names) if (!sources.has(n)) throw invalidKnowledge(`knowledge source '${n}' does not exist.`);
  const models = body.models ?? [];
  if (!Array.isArray(models)) throw invalidKnowledge("models must be an array.");
  for (const m of models as JsonObject[]) {
    if (m?.kind !== "azureOpenAI") throw invalidKnowledge(`model kind '${String(m?.kind)}' is not supported.`);
    const aoai = m.azureOpenAIParameters as JsonObject | undefined;
    if (!aoai || typeof aoai.resourceUri !== "string" || typeof aoai.deploymentId !== "string")
      throw invalidKnowledge("an azureOpenAI model needs azureOpenAIParameters.resourceUri and deploymentId.");
  }
  return {
    name: body.name,
    description: body.description ?? null,
    knowledgeSources: names.map((n) => ({ name: n })),
    models,
    encryptionKey: body.encryptionKey ?? null,
  };
}
