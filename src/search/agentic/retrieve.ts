// Retrieval through the knowledge base that follows the query rules: the request always carries the dedup filter
// (and any --app / --exclude-section clauses; agentQueryFilter in ../query/filters.ts) as the searchIndex
// source's `filterAddOn`, because a knowledge source has no filter of its own in 2026-04-01; intents because the
// base has no model. References become hits with public URLs from the source data the knowledge source returns. Pure.
import { toHit, type QueryHit } from "../query/hits.js";
import { SearchDocsRefusal } from "../query/search-docs.js";

/** The 2026-04-01 retrieve body (structurally the SDK's KnowledgeBaseRetrievalRequest). */
export interface RetrieveRequest {
  intents: { type: "semantic"; search: string }[];
  includeActivity: boolean;
  knowledgeSourceParams: {
    kind: "searchIndex";
    knowledgeSourceName: string;
    filterAddOn: string;
    includeReferences: boolean;
    includeReferenceSourceData: boolean;
  }[];
}

export function buildRetrieveRequest(input: {
  intents: readonly string[];
  knowledgeSourceName: string;
  filter: string;
}): RetrieveRequest {
  const intents = input.intents.map((s) => s.trim()).filter((s) => s !== "");
  if (intents.length === 0)
    throw new SearchDocsRefusal("query", "it is empty or only spaces, and so is every intent", "ask with words");
  return {
    intents: [...new Set(intents)].map((search) => ({ type: "semantic", search })),
    includeActivity: true,
    knowledgeSourceParams: [
      {
        kind: "searchIndex",
        knowledgeSourceName: input.knowledgeSourceName,
        filterAddOn: input.filter,
        includeReferences: true,
        // The knowledge source's sourceDataFields: what the public URL, app, section and age are built from.
        includeReferenceSourceData: true,
      },
    ],
  };
}

export interface RetrievedReference extends Omit<QueryHit, "score"> {
  /** The document key (the index's `id`). */
  docKey: string | null;
  lastModified: string | null;
}

interface ReferenceLike {
  type?: string;
  docKey?: string;
  sourceData?: Record<string, unknown> | null;
  rerankerScore?: number | null;
}

/** The searchIndex references as hits: title, public URL (from `path` or the key), app, section, age. */
export function referencesToResults(
  references: readonly unknown[] | undefined,
  opts: { container: string; docsUrl: string },
): RetrievedReference[] {
  const out: RetrievedReference[] = [];
  for (const raw of references ?? []) {
    const ref = raw as ReferenceLike;
    if (ref.type !== undefined && ref.type !== "searchIndex") continue;
    const data = { ...(ref.sourceData ?? {}) };
    if (data.id === undefined && typeof ref.docKey === "string") data.id = ref.docKey;
    const { score: _keywordScore, ...hit } = toHit(data, { score: 0, rerankerScore: ref.rerankerScore ?? null }, opts);
    out.push({
      ...hit,
      docKey: typeof ref.docKey === "string" ? ref.docKey : null,
      lastModified: typeof data.last_modified === "string" ? data.last_modified : null,
    });
  }
  return out;
}
