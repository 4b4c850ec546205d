// `POST /knowledgebases/{name}/retrieve` with intents (API 2026-04-01, no model): each intent runs as a semantic
// query on each knowledge source of the base, with that source's `filterAddOn` as the filter; the results are
// merged (one reference per document and source, the best-scoring occurrence kept) and returned in the 2026-04-01
// response shape: `response` (one text message: a JSON array of {ref_id, title, terms, content}), `activity`
// (one searchIndex record per query, then agenticReasoning) and `references`.
// Not emulated: reranking (no rerankerScore; rerankerThreshold ignored; results in keyword order, as for
// semantic queries in documents/search.ts), maxOutputSizeInTokens and maxRuntimeInSeconds (content is cut at
// CONTENT_CHARS per reference instead), query planning with a model.
import { ServiceError } from "../http.js";
import { indexAndDocuments } from "../documents/routes.js";
import { executeSearch } from "../documents/search.js";
import { resolveIndexName } from "../management/aliases.js";
import type { StandInContext } from "../context.js";
import type { JsonObject } from "../state.js";
import { invalidKnowledge, retrieveNeedsIntents } from "./rules.js";
import { knowledgeStore } from "./store.js";

/** The semantic ranker reranks the top 50 results of each query (spec limits table): what one query returns. */
const RESULTS_PER_QUERY = 50;
/** Reference text in the response message is cut here (the service limits it by maxOutputSizeInTokens). */
const CONTENT_CHARS = 500;

const REQUEST_PROPERTIES = new Set([
  "intents",
  "maxRuntimeInSeconds",
  "maxOutputSizeInTokens",
  "includeActivity",
  "knowledgeSourceParams",
  // Preview-only in 2026-04-01 (multi-turn conversations, query planning); accepted here so a request that
  // carries them without intents gets the service's "needs a model" error rather than an unknown property.
  "messages",
  "retrievalReasoningEffort",
  "outputMode",
]);

interface SourceParams {
  filterAddOn?: string;
  includeReferences: boolean;
  includeReferenceSourceData: boolean;
}

function parseIntents(body: JsonObject, base: JsonObject): string[] {
  const intents = body.intents;
  if (intents === undefined || intents === null || (Array.isArray(intents) && intents.length === 0)) {
    const models = (base.models as unknown[] | undefined) ?? [];
    if (models.length === 0) throw retrieveNeedsIntents(String(base.name));
    throw new ServiceError(
      501,
      "NotImplemented",
      "The stand-in does not emulate query planning with a model: send intents.",
    );
  }
  if (!Array.isArray(intents)) throw invalidKnowledge("intents must be an array.");
  return intents.map((intent: unknown) => {
    const i = intent as JsonObject | null;
    if (i?.type !== "semantic") throw invalidKnowledge(`intent type '${String(i?.type)}' is not supported.`);
    if (typeof i.search !== "string" || i.search.trim() === "")
      throw invalidKnowledge("a semantic intent needs a non-empty 'search'.");
    return i.search;
  });
}

function parseSourceParams(body: JsonObject, listed: string[]): Map<string, SourceParams> {
  const out = new Map<string, SourceParams>();
  const params = body.knowledgeSourceParams ?? [];
  if (!Array.isArray(params)) throw invalidKnowledge("knowledgeSourceParams must be an array.");
  for (const raw of params as (JsonObject | null)[]) {
    const name = raw?.knowledgeSourceName;
    if (typeof name !== "string" || !listed.includes(name))
      throw invalidKnowledge(
        `knowledgeSourceParams names '${String(name)}', which is not a knowledge source of this knowledge base.`,
      );
    if (raw!.kind !== "searchIndex")
      throw invalidKnowledge(`knowledgeSourceParams for '${name}' must have kind 'searchIndex'.`);
    if (raw!.filterAddOn !== undefined && raw!.filterAddOn !== null && typeof raw!.filterAddOn !== "string")
      throw invalidKnowledge(`filterAddOn for '${name}' must be a string.`);
    out.set(name, {
      ...(typeof raw!.filterAddOn === "string" && raw!.filterAddOn !== "" ? { filterAddOn: raw!.filterAddOn } : {}),
      includeReferences: raw!.includeReferences !== false,
      includeReferenceSourceData: raw!.includeReferenceSourceData === true,
    });
  }
  return out;
}

/** The semantic configuration's title, content and keyword fields (what the response text is made of). */
function semanticFields(index: JsonObject, configuration: string | null) {
  const semantic = index.semantic as JsonObject | null;
  const configs = (semantic?.configurations as JsonObject[] | undefined) ?? [];
  const name = configuration ?? (semantic?.defaultConfiguration as string | null | undefined);
  const pf = (configs.find((c) => c.name === name)?.prioritizedFields ?? {}) as JsonObject;
  const names = (refs: unknown) => ((refs as JsonObject[] | undefined) ?? []).map((r) => String(r.fieldName));
  return {
    title: (pf.titleField as JsonObject | undefined)?.fieldName as string | undefined,
    content: names(pf.prioritizedContentFields),
    keywords: names(pf.prioritizedKeywordsFields),
  };
}

interface Hit {
  source: string;
  docKey: string;
  score: number;
  activity: number;
  doc: Record<string, unknown>;
  sourceFields: string[];
  text: { title: string | undefined; content: string[]; keywords: string[] };
  params: SourceParams;
}

export function retrieve(ctx: StandInContext, base: JsonObject, rawBody: unknown): JsonObject {
  const body = requestBody(rawBody);
  const listed = ((base.knowledgeSources as JsonObject[]) ?? []).map((r) => String(r.name));
  const intents = parseIntents(body, base);
  const params = parseSourceParams(body, listed);

  const activity: JsonObject[] = [];
  const hits = new Map<string, Hit>();
  for (const sourceName of listed) {
    const p = params.get(sourceName) ?? { includeReferences: true, includeReferenceSourceData: false };
    for (const search of intents)
      activity.push(querySource(ctx, { sourceName, params: p, search, id: activity.length }, hits));
  }
  activity.push({ type: "agenticReasoning", id: activity.length, reasoningTokens: 0 });

  const response: JsonObject = answer([...hits.values()].sort((a, b) => b.score - a.score));
  if (body.includeActivity !== false) response.activity = activity;
  return response;
}

/** The request body: a JSON object with only the properties of a retrieval request. */
function requestBody(rawBody: unknown): JsonObject {
  if (rawBody === null || typeof rawBody !== "object" || Array.isArray(rawBody))
    throw new ServiceError(
      400,
      "InvalidRequestBody",
      "The request is invalid. Details: the request body must be a JSON object.",
    );
  const body = rawBody as JsonObject;
  for (const key of Object.keys(body))
    if (!REQUEST_PROPERTIES.has(key))
      throw invalidKnowledge(
        `The property '${key}' does not exist on type 'Microsoft.Azure.Search.V2026_04_01.KnowledgeBaseRetrievalRequest'.`,
      );
  return body;
}

const fieldNames = (refs: unknown) => ((refs as JsonObject[] | undefined) ?? []).map((r) => String(r.name));

interface SourceQuery {
  sourceName: string;
  params: SourceParams;
  search: string;
  /** The activity record's id. */
  id: number;
}

/**
 * One intent as a semantic query on one knowledge source: its hits merged into `hits` (the best-scoring occurrence
 * of each document per source kept); returns the activity record, with the error when the query failed (the
 * service reports it there and answers with what the other queries found).
 */
function querySource(ctx: StandInContext, query: SourceQuery, hits: Map<string, Hit>): JsonObject {
  const { sourceName, params: p, search, id } = query;
  const source = knowledgeStore(ctx.state).sources.get(sourceName)?.definition;
  const sip = (source?.searchIndexParameters ?? {}) as JsonObject;
  const started = Date.now();
  const record: JsonObject = {
    type: "searchIndex",
    id,
    knowledgeSourceName: sourceName,
    queryTime: new Date(started).toISOString(),
    count: 0,
    elapsedMs: 0,
    searchIndexArguments: {
      search,
      filter: p.filterAddOn ?? null,
      semanticConfigurationName: (sip.semanticConfigurationName as string | null) ?? null,
      sourceDataFields: sip.sourceDataFields ?? [],
      searchFields: sip.searchFields ?? [],
    },
  };
  try {
    if (!source) throw new ServiceError(404, "ResourceNameNotFound", `Knowledge source '${sourceName}' was not found.`);
    const indexName = resolveIndexName(ctx.state, String(sip.searchIndexName));
    const { schema, store } = indexAndDocuments(ctx, indexName);
    const configuration = (sip.semanticConfigurationName as string | null) ?? null;
    const searchFields = fieldNames(sip.searchFields);
    const result = executeSearch(schema, store.values(), {
      search,
      queryType: "semantic",
      ...(configuration ? { semanticConfiguration: configuration } : {}),
      ...(p.filterAddOn ? { filter: p.filterAddOn } : {}),
      ...(searchFields.length > 0 ? { searchFields: searchFields.join(",") } : {}),
      top: RESULTS_PER_QUERY,
    });
    const text = semanticFields(ctx.state.indexes.get(indexName)!.definition, configuration);
    const declared = fieldNames(sip.sourceDataFields);
    const sourceFields = declared.length > 0 ? declared : [schema.keyField, ...text.content];
    const value = result.value as Record<string, unknown>[];
    record.count = value.length;
    for (const doc of value) {
      const docKey = String(doc[schema.keyField]);
      const score = Number(doc["@search.score"]);
      const key = `${sourceName}\u0000${docKey}`;
      const seen = hits.get(key);
      if (!seen || score > seen.score)
        hits.set(key, {
          source: sourceName,
          docKey,
          score,
          activity: seen?.activity ?? id,
          doc,
          sourceFields,
          text,
          params: p,
        });
    }
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    record.error = { code: err.code || "InvalidRequest", message: err.message };
  }
  record.elapsedMs = Date.now() - started;
  return record;
}

/** The response message (one text: a JSON array of {ref_id, title, terms, content}) and the references. */
function answer(ordered: Hit[]): JsonObject {
  const references: JsonObject[] = [];
  const messageItems: JsonObject[] = [];
  const str = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));
  for (const hit of ordered) {
    if (!hit.params.includeReferences) continue;
    const id = references.length;
    const reference: JsonObject = {
      type: "searchIndex",
      id: String(id),
      activitySource: hit.activity,
      docKey: hit.docKey,
    };
    if (hit.params.includeReferenceSourceData)
      reference.sourceData = Object.fromEntries(hit.sourceFields.map((f) => [f, hit.doc[f] ?? null]));
    references.push(reference);
    messageItems.push({
      ref_id: id,
      title: hit.text.title ? str(hit.doc[hit.text.title]) : "",
      terms: hit.text.keywords
        .map((f) => str(hit.doc[f]))
        .filter(Boolean)
        .join(", "),
      content: hit.text.content
        .map((f) => str(hit.doc[f]))
        .filter(Boolean)
        .join("\n")
        .slice(0, CONTENT_CHARS),
    });
  }
  return {
    response: [{ content: [{ type: "text", text: JSON.stringify(messageItems) }] }],
    references,
  };
}
