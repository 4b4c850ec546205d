// The MCP tool retrieve_docs: agentic retrieval under the query rules of search_docs. Typed parameters in, the
// knowledge base's retrieve body out, with the same refusals (section inclusion, path prefix), the same top
// clamping and the same filter clauses (app, exclude_sections, and always the dedup filter) sent as the
// searchIndex source's filterAddOn. The references come back as search_docs-shaped hits: public URL, app,
// section and a bounded snippet of the passage the knowledge base extracted. Pure.
import type { DedupDecision } from "../../dedup/policy.js";
import type { RetrieveProvenance } from "../common/provenance.js";
import { effectiveTop, refuseUnsupported, searchDocsFilter, type SearchDocsLimits } from "../search-docs/request.js";
import { shapeSearchHit, type SearchDocsHit } from "../search-docs/hit.js";
import type { PageLocation } from "../common/document-fields.js";
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

/** A retrieve_docs result: a search_docs hit without the fields a reference does not carry. */
export type RetrieveDocsHit = Omit<SearchDocsHit, "score" | "description" | "format">;

/**
 * The whole answer to a retrieve_docs call (the MCP tool's structuredContent). `P`: the provenance's form (the
 * whole record, or the short form the tools send by default).
 */
export interface RetrieveDocsAnswer<P = RetrieveProvenance> {
  results: RetrieveDocsHit[];
  /** The semantic queries run. */
  intents: string[];
  top: number;
  notes: string[];
  provenance: P;
}

interface ReferenceLike {
  type?: string;
  id?: string;
  docKey?: string;
  sourceData?: Record<string, unknown> | null;
  rerankerScore?: number | null;
}

/**
 * The passage text per reference id, from the response message of a base without a model: a text content
 * holding a JSON array of `{ref_id, title, terms, content}`. Anything else yields no passages (snippets empty).
 */
export function retrievedPassages(response: readonly unknown[] | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const message of response ?? []) {
    for (const part of (message as { content?: unknown[] }).content ?? []) {
      const { type, text } = part as { type?: string; text?: unknown };
      if (type !== "text" || typeof text !== "string") continue;
      let items: unknown;
      try {
        items = JSON.parse(text);
      } catch {
        continue;
      }
      if (!Array.isArray(items)) continue;
      for (const item of items as { ref_id?: unknown; content?: unknown }[])
        if (
          item &&
          (typeof item.ref_id === "number" || typeof item.ref_id === "string") &&
          typeof item.content === "string"
        )
          out.set(String(item.ref_id), item.content);
    }
  }
  return out;
}

/** The searchIndex references as hits (in the service's order), at most `top`. */
export function retrieveDocsHits(
  references: readonly unknown[] | undefined,
  passages: ReadonlyMap<string, string>,
  where: PageLocation & { snippetChars: number; top: number },
): RetrieveDocsHit[] {
  const out: RetrieveDocsHit[] = [];
  for (const raw of references ?? []) {
    if (out.length >= where.top) break;
    const ref = raw as ReferenceLike;
    if (ref.type !== undefined && ref.type !== "searchIndex") continue;
    const doc: Record<string, unknown> = { ...(ref.sourceData ?? {}) };
    if (doc.id === undefined && typeof ref.docKey === "string") doc.id = ref.docKey;
    doc.content = ref.id === undefined ? null : (passages.get(ref.id) ?? null);
    const {
      score: _score,
      description: _description,
      format: _format,
      ...hit
    } = shapeSearchHit(doc, { score: 0, rerankerScore: ref.rerankerScore ?? null }, where);
    out.push(hit);
  }
  return out;
}
