// `docs/search`: filter, keyword ranking, order, paging, select and count over one index's documents
// (reference §8 for paging/count/filter facts, §4.2 for scoring profiles, §9 and §4.3 for semantic).
import { ServiceError } from "../http.js";
import { evaluateFilter } from "../odata/evaluate.js";
import { parseFilter } from "../odata/filter.js";
import { ODataError } from "../odata/lexer.js";
import { compareBy, parseOrderBy, parseSearchFields, parseSelect } from "../odata/orderby.js";
import { highlightFieldNames, highlightsOf } from "../ranking/highlight.js";
import { parseQuery } from "../ranking/query.js";
import { matches, rank } from "../ranking/score.js";
import { rerank } from "../ranking/semantic.js";
import { computeFacets, parseFacets } from "./facets.js";
import type { IndexSchema } from "./schema.js";

/** A search request, from a POST body or GET query parameters, in the POST body's names. */
export interface SearchRequest {
  search?: string;
  searchFields?: string;
  searchMode?: string;
  filter?: string;
  select?: string;
  top?: number;
  skip?: number;
  count?: boolean;
  orderby?: string;
  scoringProfile?: string;
  queryType?: string;
  semanticConfiguration?: string;
  facets?: string[];
  /** Fields to highlight (comma-separated), with the tags around each matched term. */
  highlight?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
}

const DEFAULT_TOP = 50;
/** Max results per page (reference §8, LIM "API response limits"). */
const MAX_PAGE = 1000;
/** `$skip` cannot be greater than 100,000 (reference §8). */
const MAX_SKIP = 100_000;

function badParameter(parameter: string, detail: string): ServiceError {
  return new ServiceError(400, "InvalidRequestParameter", `${detail}\r\nParameter name: ${parameter}`);
}

/** Maps a parse error of the OData helpers to the service's 400 (the service sends an empty code). */
export function odata<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ODataError) throw new ServiceError(400, "", err.message);
    throw err;
  }
}

function intParam(value: number | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badParameter(
      name,
      `Invalid value '${String(value)}' for ${name}: it must be an integer between ${min} and ${max}.`,
    );
  }
  return value;
}

/** Which semantic configuration a semantic query uses; 400 when the index has none of that name. */
function semanticConfigurationFor(schema: IndexSchema, requested: string | undefined): string {
  const name = requested ?? schema.defaultSemanticConfiguration ?? undefined;
  if (name === undefined) {
    throw badParameter(
      "semanticConfiguration",
      "The semantic configuration must be specified: the index has no default semantic configuration.",
    );
  }
  if (!schema.semanticConfigurations.includes(name)) {
    throw badParameter(
      "semanticConfiguration",
      `Unknown semantic configuration '${name}'. The index '${schema.name}' defines: ${schema.semanticConfigurations.join(", ") || "none"}.`,
    );
  }
  return name;
}

/**
 * `nextLink`: the URL a continuation is POSTed to (the service sends it with nextPageParameters; the SDK needs both).
 */
export function executeSearch(
  schema: IndexSchema,
  documents: Iterable<Record<string, unknown>>,
  request: SearchRequest,
  nextLink = "",
): Record<string, unknown> {
  const top = intParam(request.top, "$top", 0, Number.MAX_SAFE_INTEGER) ?? DEFAULT_TOP;
  const skip = intParam(request.skip, "$skip", 0, MAX_SKIP) ?? 0;
  const queryType = request.queryType ?? "simple";
  if (!["simple", "full", "semantic"].includes(queryType))
    throw badParameter("queryType", `Invalid queryType '${queryType}'.`);
  // Semantic queries: keyword (L1) ranking, then the approximated reranker over the first 50 (ranking/semantic.ts).
  const semanticConfiguration =
    queryType === "semantic" ? semanticConfigurationFor(schema, request.semanticConfiguration) : undefined;
  const searchMode = request.searchMode ?? "any";
  if (searchMode !== "any" && searchMode !== "all")
    throw badParameter("searchMode", `Invalid searchMode '${searchMode}'.`);

  const profileName = request.scoringProfile ?? schema.defaultScoringProfile ?? undefined;
  const profile = profileName === undefined ? undefined : schema.scoringProfiles.get(profileName);
  if (profileName !== undefined && !profile)
    throw badParameter("scoringProfile", `Unknown scoring profile '${profileName}'.`);

  const searchFields = odata(() => parseSearchFields(request.searchFields, schema)).map((f) => f.name);
  const select = odata(() => parseSelect(request.select, schema));
  const order = request.orderby ? odata(() => parseOrderBy(request.orderby!, schema)) : [];
  const filter = request.filter ? odata(() => parseFilter(request.filter!, schema)) : undefined;
  const facets = parseFacets(request.facets, schema);
  const highlightFields = request.highlight ? highlightFieldNames(request.highlight) : [];
  for (const name of highlightFields)
    if (!schema.fields.get(name)?.searchable)
      throw badParameter("highlight", `Field '${name}' cannot be used for highlighting: it is not a searchable field.`);

  const allSearchable = [...schema.fields.values()].filter((f) => f.searchable).map((f) => f.name);
  const isMatch = (search: string, fields: string[] | null, doc: Record<string, unknown>) =>
    matches(doc, parseQuery(search), fields ?? allSearchable, schema.analysis);
  // Statistics cover the whole index; the filter only decides which documents may be returned.
  const all = [...documents];
  const parsed = parseQuery(request.search, searchMode);
  const scored = rank(all, parsed, searchFields, {
    weights: profile?.weights,
    similarity: schema.similarity,
    analysis: schema.analysis,
    keep: filter ? (doc) => evaluateFilter(filter, doc, isMatch) : undefined,
  });
  const l1 = scored
    .map((s) => ({ item: s.item, doc: s.item, score: s.score }))
    .sort((a, b) => (order.length > 0 ? compareBy(order, a, b) : 0) || b.score - a.score);
  const ordered: { doc: Record<string, unknown>; score: number; rerankerScore?: number | null }[] =
    semanticConfiguration !== undefined && !parsed.matchAll
      ? rerank(
          all,
          l1,
          parsed,
          schema.semanticFields.get(semanticConfiguration) ?? [],
          schema.similarity,
          schema.analysis,
        ).map((r) => ({
          doc: r.item,
          score: r.score,
          rerankerScore: r.rerankerScore,
        }))
      : l1;

  const pageSize = Math.min(top, MAX_PAGE);
  const page = ordered.slice(skip, skip + pageSize);
  const result: Record<string, unknown> = {};
  if (request.count) result["@odata.count"] = ordered.length;
  if (facets.length > 0)
    result["@search.facets"] = computeFacets(
      facets,
      ordered.map((o) => o.doc),
    );
  result.value = page.map(({ doc, score, rerankerScore }) => {
    const out: Record<string, unknown> = { "@search.score": score };
    if (rerankerScore !== undefined && rerankerScore !== null) out["@search.rerankerScore"] = rerankerScore;
    const highlights =
      highlightFields.length > 0
        ? highlightsOf(
            doc,
            highlightFields,
            parsed,
            { pre: request.highlightPreTag, post: request.highlightPostTag },
            schema.analysis,
          )
        : undefined;
    if (highlights) out["@search.highlights"] = highlights;
    for (const field of select) out[field.name] = doc[field.name] ?? null;
    return out;
  });
  // A $top above the page maximum continues with nextPageParameters, which the SDK follows.
  if (top > MAX_PAGE && skip + pageSize < ordered.length) {
    result["@odata.nextLink"] = nextLink;
    result["@search.nextPageParameters"] = { ...request, skip: skip + pageSize, top: top - pageSize };
  }
  return result;
}

/** GET query parameters → SearchRequest. */
export function searchRequestFromQuery(query: URLSearchParams): SearchRequest {
  const num = (name: string): number | undefined => {
    const v = query.get(name);
    if (v === null) return undefined;
    const n = Number(v);
    if (v.trim() === "" || Number.isNaN(n)) throw badParameter(name, `Invalid value '${v}' for ${name}.`);
    return n;
  };
  const str = (name: string) => query.get(name) ?? undefined;
  const request: SearchRequest = {};
  const assign = <K extends keyof SearchRequest>(key: K, value: SearchRequest[K] | undefined) => {
    if (value !== undefined) request[key] = value;
  };
  assign("search", str("search"));
  assign("searchFields", str("searchFields"));
  assign("searchMode", str("searchMode"));
  assign("filter", str("$filter"));
  assign("select", str("$select"));
  assign("top", num("$top"));
  assign("skip", num("$skip"));
  assign("count", query.has("$count") ? query.get("$count") === "true" : undefined);
  assign("orderby", str("$orderby"));
  assign("scoringProfile", str("scoringProfile"));
  assign("queryType", str("queryType"));
  assign("semanticConfiguration", str("semanticConfiguration"));
  assign("highlight", str("highlight"));
  assign("highlightPreTag", str("highlightPreTag"));
  assign("highlightPostTag", str("highlightPostTag"));
  if (query.has("facet")) request.facets = query.getAll("facet");
  return request;
}

/** POST body → SearchRequest (nulls as absent; unknown options ignored). */
export function searchRequestFromBody(body: unknown): SearchRequest {
  if (body !== undefined && (typeof body !== "object" || body === null || Array.isArray(body))) {
    throw new ServiceError(
      400,
      "InvalidRequestBody",
      "The request is invalid. Details: the search request must be a JSON object.",
    );
  }
  const request: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>))
    if (v !== null && v !== undefined) request[k] = v;
  for (const k of ["top", "skip"])
    if (k in request && typeof request[k] !== "number")
      throw badParameter(k, `Invalid value for ${k}: expected a number.`);
  return request as SearchRequest;
}
