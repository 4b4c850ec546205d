// The MCP tool retrieve_docs: agentic retrieval under the query rules of search_docs. Typed parameters in, the
// knowledge base's retrieve body out, with the same refusals (section inclusion, path prefix), the same top
// clamping and the same filter clauses (app, exclude_sections, and always the dedup filter) sent as the
// searchIndex source's filterAddOn. The references come back as hits in ./references.ts. Pure.
import type { DedupDecision } from "../../dedup/policy.js";
import { effectiveTop, refuseUnsupported, searchDocsFilter, type SearchDocsLimits } from "../search-docs/request.js";
import { buildRetrieveRequest, type RetrieveRequest } from "./retrieve-body.js";

/** The parameters of `retrieve_docs`, with the tool's names. */
export interface RetrieveDocsParams {
  query: string;
  /** More semantic queries run beside `query`; their results are merged. */
  intents?: readonly string[];
  app?: string;
  exclude_sections?: readonly string[];
  top?: number;
  /** Refused as in search_docs. */
  section?: unknown;
  path_prefix?: unknown;
}

export interface RetrieveDocsRequest {
  body: RetrieveRequest;
  /** The `filterAddOn` sent: the typed restrictions and the dedup filter, and-ed. */
  filter: string;
  top: number;
  notes: string[];
}

/** Typed parameters → the retrieve body. Throws SearchDocsRefusal like search_docs. */
export function buildRetrieveDocsRequest(
  params: RetrieveDocsParams,
  dedup: DedupDecision,
  limits: SearchDocsLimits,
  knowledgeSourceName: string,
): RetrieveDocsRequest {
  refuseUnsupported(params);
  const { top, note } = effectiveTop(params.top, limits);
  const { filter } = searchDocsFilter(params, dedup);
  const body = buildRetrieveRequest({
    intents: [params.query, ...(params.intents ?? [])],
    knowledgeSourceName,
    filter,
  });
  return { body, filter, top, notes: note ? [note] : [] };
}
