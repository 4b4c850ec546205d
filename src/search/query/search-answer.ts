// The whole answer to a search_docs call as agents receive it (the MCP tool's structuredContent): hits, the
// ranking used, notes, provenance. Pure: assembled from what the I/O half read.
import type { DedupDecision } from "../dedup/policy.js";
import { buildProvenance, type Provenance, type ProvenanceFacts } from "./provenance.js";
import type { SearchDocsRequest, SearchMode } from "./search-docs.js";
import type { SearchDocsHit } from "./search-hit.js";

/** `P`: the provenance's form (the whole record, or the short form the tools send by default). */
export interface SearchDocsAnswer<P = Provenance> {
  results: SearchDocsHit[];
  /** The ranking actually used (keyword after a semantic fallback). */
  mode: SearchMode;
  top: number;
  notes: string[];
  provenance: P;
}

export function searchDocsAnswer(
  outcome: { request: SearchDocsRequest; hits: SearchDocsHit[] },
  facts: ProvenanceFacts,
  dedup: DedupDecision,
  answeredAt: string,
): SearchDocsAnswer {
  return {
    results: outcome.hits,
    mode: outcome.request.mode,
    top: outcome.request.top,
    notes: outcome.request.notes,
    provenance: buildProvenance(facts, dedup, outcome.request.filter, answeredAt),
  };
}
