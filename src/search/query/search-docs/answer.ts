// One search_docs call as a use case: the request built from the tool's parameters on the answer basis (the
// dedup decision and the provenance facts), run with the semantic fallback, an empty answer for an `app` no
// document has refused with the closest names, and the answer with its provenance. The calls come through a port
// (./io.ts builds it from a SearchClient); shared by the MCP tool and `docs-index query`. The answer is what agents
// receive (the MCP tool's structuredContent): hits, the ranking used, notes, provenance.
import type { DedupDecision } from "../../dedup/policy.js";
import { buildProvenance, type Provenance, type ProvenanceFacts } from "../common/provenance.js";
import { refuseUnknownAppWith } from "../common/apps.js";
import type { AnswerBasis } from "../common/answer-basis.js";
import {
  asKeywordRequest,
  buildSearchDocsRequest,
  type SearchDocsLimits,
  type SearchDocsParams,
  type SearchDocsRequest,
  type SearchMode,
} from "./request.js";
import type { SearchDocsHit } from "./hit.js";
import { semanticUnavailableReason } from "./semantic-availability.js";

/** `P`: the provenance's form (the whole record, or the short form the tools send by default). */
export interface SearchDocsAnswer<P = Provenance> {
  results: SearchDocsHit[];
  /** The ranking actually used (keyword after a semantic fallback). */
  mode: SearchMode;
  top: number;
  notes: string[];
  provenance: P;
}

export interface SearchDocsPort {
  /** The request's hits in rank order, at most `request.top`; throws what the service refuses. */
  search(request: SearchDocsRequest): Promise<SearchDocsHit[]>;
  /** The app values documents hold under `dedupFilter` (one facet query). */
  appNames(dedupFilter: string): Promise<string[]>;
}

export interface SearchDocsOutcome {
  /** The request actually answered (a keyword request when semantic ranking was not available). */
  request: SearchDocsRequest;
  hits: SearchDocsHit[];
}

function searchDocsAnswer(
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

/** One search_docs query; a semantic query the service cannot serve is answered as keyword, with a note. */
export async function runSearchDocsRequest(
  port: SearchDocsPort,
  request: SearchDocsRequest,
): Promise<SearchDocsOutcome> {
  try {
    return { request, hits: await port.search(request) };
  } catch (err) {
    // Only the service saying semantic ranking is unavailable falls back; any other refusal is reported as it is.
    const reason = request.mode === "semantic" ? semanticUnavailableReason(err) : undefined;
    if (reason === undefined) throw err;
    const keyword = asKeywordRequest(request, reason);
    return { request: keyword, hits: await port.search(keyword) };
  }
}

/** One search_docs call on a given basis: the request built from `params`, run, and answered with provenance. */
export async function answerSearchDocsWith(
  port: SearchDocsPort,
  params: SearchDocsParams,
  basis: AnswerBasis,
  opts: { limits: SearchDocsLimits; now: () => Date; semanticConfiguration?: string },
): Promise<SearchDocsAnswer> {
  const request = buildSearchDocsRequest(params, basis.dedup, opts.limits, opts.semanticConfiguration);
  const outcome = await runSearchDocsRequest(port, request);
  if (outcome.hits.length === 0 && params.app !== undefined)
    await refuseUnknownAppWith(port.appNames, params.app, basis.dedup);
  return searchDocsAnswer(outcome, basis.facts, basis.dedup, opts.now().toISOString());
}
