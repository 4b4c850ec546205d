// One search_docs call as a use case: the request built from the tool's parameters on the answer basis (the
// dedup decision and the provenance facts), run with the semantic fallback, an empty answer for an `app` no
// document has refused with the closest names, the answer with its provenance, and each hit's passage read from
// its page and fitted to the budget (./hit-passages.ts). The calls come through ports (./io.ts and ../common/io/
// build them from the SDK clients); the MCP tool and `docs-index query` make this one call. The answer is what
// agents receive (the MCP tool's structuredContent): hits, the ranking used, notes, provenance.
import type { DedupDecision } from "../../dedup/policy.js";
import type { AnswerBasis } from "../common/answer-basis.js";
import { refuseUnknownAppWith } from "../common/apps.js";
import type { PageReader } from "../common/page-reader.js";
import {
  buildProvenance,
  withProvenanceDetail,
  type Provenance,
  type ProvenanceDetail,
  type ProvenanceFacts,
  type ProvenanceIn,
  type ProvenanceSummary,
} from "../common/provenance.js";
import { budgetOf, TOKEN_BUDGETS, type SentText } from "../page/answer-fit.js";
import { highlightedWords, queryTerms } from "../page/passages.js";
import type { SearchDocsHit } from "./hit.js";
import { withPassages } from "./hit-passages.js";
import {
  asKeywordRequest,
  buildSearchDocsRequest,
  HIGHLIGHT_POST,
  HIGHLIGHT_PRE,
  type SearchDocsLimits,
  type SearchDocsParams,
  type SearchDocsRequest,
  type SearchMode,
} from "./request.js";
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

/** What one search_docs call reads: the index, the facts it stands on, the hits' pages; and how it is sent. */
export interface SearchDocsPorts extends SearchDocsPort {
  /** The dedup decision and provenance facts the request and the answer stand on. */
  basis(): Promise<AnswerBasis>;
  readPage: PageReader;
  /** The text blocks the answer is sent with: the budget counts them too. */
  render(answer: SearchDocsAnswer<Provenance | ProvenanceSummary>): readonly SentText[];
}

/** One search_docs call: the tool's parameters and the limits and clock it is answered with. */
export interface SearchDocsCall<D extends ProvenanceDetail = "short"> {
  params: SearchDocsParams & {
    /** The answer's budget in tokens; default TOKEN_BUDGETS.searchDefault. */
    max_tokens?: number;
    provenance?: D;
  };
  limits: SearchDocsLimits;
  now: () => Date;
  /** Semantic mode's configuration (`docs-index query --semantic-config`); default the index's `default`. */
  semanticConfiguration?: string;
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

/** The hits of one search_docs call on a given basis: the request built from `params`, run, with provenance. */
async function searchDocsHits(
  port: SearchDocsPort,
  call: SearchDocsCall<ProvenanceDetail>,
  basis: AnswerBasis,
): Promise<SearchDocsAnswer> {
  const { params } = call;
  const request = buildSearchDocsRequest(params, basis.dedup, call.limits, call.semanticConfiguration);
  const outcome = await runSearchDocsRequest(port, request);
  if (outcome.hits.length === 0 && params.app !== undefined)
    await refuseUnknownAppWith(port.appNames, params.app, basis.dedup);
  return searchDocsAnswer(outcome, basis.facts, basis.dedup, call.now().toISOString());
}

/**
 * One search_docs call: the hits, the provenance in the detail asked (short by default), and each hit's best
 * passage of its page, the answer fitted to `max_tokens` as the render port sends it.
 */
export async function answerSearchDocs<D extends ProvenanceDetail = "short">(
  ports: SearchDocsPorts,
  call: SearchDocsCall<D>,
): Promise<SearchDocsAnswer<ProvenanceIn<D, Provenance>>> {
  // A budget below the smallest is refused before the search.
  const budget = budgetOf(call.params.max_tokens, TOKEN_BUDGETS.searchDefault);
  const answer = await searchDocsHits(ports, call, await ports.basis());
  // The service's highlights (in the snippet it gave) name the terms it matched, with its own analysis.
  const terms = (hit: SearchDocsHit) =>
    queryTerms(call.params.query, highlightedWords(hit.snippet, HIGHLIGHT_PRE, HIGHLIGHT_POST));
  return withPassages(withProvenanceDetail(answer, call.params.provenance), terms, ports, {
    snippetChars: call.limits.snippetChars,
    budget,
  });
}
