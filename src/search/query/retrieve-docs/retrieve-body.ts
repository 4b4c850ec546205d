// Retrieval through the knowledge base that follows the query rules: the request always carries the dedup filter
// (and any --app / --exclude-section clauses; agentQueryFilter in ../common/filters.ts) as the searchIndex
// source's `filterAddOn`, because a knowledge source has no filter of its own in 2026-04-01; intents because the
// base has no model. The references become hits in ./request.ts. Pure.
import { hasSearchTerms, noTermsRefusal } from "../search-docs/request.js";

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
  const intents = input.intents.map((s) => s.trim()).filter(hasSearchTerms);
  if (intents.length === 0) throw noTermsRefusal(input.intents[0] ?? "");
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
