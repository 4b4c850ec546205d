// One retrieve_docs call as a use case: the request built from the tool's parameters on the answer basis
// (./request.ts: the search_docs rules, the dedup filter as filterAddOn), sent to the knowledge base, the
// references shaped as search_docs-like hits (./references.ts), an empty answer for an `app` no document has
// refused with the closest names, the provenance with the knowledge objects, and each hit's passage for the query
// and intents read from its page and fitted to the budget (../search-docs/hit-passages.ts). The calls come through
// ports (./io.ts and ../common/io/ build them from the SDK clients); the MCP tool and `docs-index retrieve` make
// this one call.
import type { Known } from "../../known.js";
import type { AnswerBasis } from "../common/answer-basis.js";
import { refuseUnknownAppWith } from "../common/apps.js";
import type { PageLocation } from "../common/document-fields.js";
import type { PageReader } from "../common/page-reader.js";
import {
  buildRetrieveProvenance,
  withProvenanceDetail,
  type ProvenanceDetail,
  type ProvenanceIn,
  type ProvenanceSummary,
  type RetrieveProvenance,
} from "../common/provenance.js";
import { budgetOf, TOKEN_BUDGETS, type SentText } from "../page/answer-fit.js";
import { queryTerms } from "../page/passages.js";
import { withPassages } from "../search-docs/hit-passages.js";
import type { SearchDocsLimits } from "../search-docs/request.js";
import { retrieveDocsHits, retrievedPassages, type RetrieveDocsHit } from "./references.js";
import { buildRetrieveDocsRequest, type RetrieveDocsParams } from "./request.js";
import type { RetrieveRequest } from "./retrieve-body.js";

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

/** What one retrieve_docs call reads: the knowledge base, the facts it stands on, the hits' pages; how it is sent. */
export interface RetrieveDocsPorts {
  /** The knowledge base's retrieve call: its references and response messages; throws what the service refuses. */
  retrieve(body: RetrieveRequest): Promise<{ references?: unknown[]; response?: unknown[] }>;
  /** The app values documents hold under `dedupFilter` (one facet query). */
  appNames(dedupFilter: string): Promise<string[]>;
  /** The dedup decision and provenance facts the request and the answer stand on. */
  basis(): Promise<AnswerBasis>;
  /** The index the knowledge source names: what retrieval actually read. */
  sourceIndex(): Promise<Known<string>>;
  readPage: PageReader;
  /** The text blocks the answer is sent with: the budget counts them too. */
  render(answer: RetrieveDocsAnswer<RetrieveProvenance | ProvenanceSummary>): readonly SentText[];
}

/** One retrieve_docs call: the tool's parameters, the knowledge objects, and what it is answered with. */
export interface RetrieveDocsCall<D extends ProvenanceDetail = "short"> {
  params: RetrieveDocsParams & {
    /** The answer's budget in tokens; default TOKEN_BUDGETS.searchDefault. */
    max_tokens?: number;
    provenance?: D;
  };
  knowledge: { knowledgeBase: string; knowledgeSource: string };
  location: PageLocation;
  limits: SearchDocsLimits;
  now: () => Date;
}

/** The references of one retrieve_docs call on a given basis, as hits, with the provenance. */
async function retrieveDocsReferences(
  ports: RetrieveDocsPorts,
  call: RetrieveDocsCall<ProvenanceDetail>,
  basis: AnswerBasis,
  sourceIndex: Known<string>,
): Promise<RetrieveDocsAnswer> {
  const { params, knowledge } = call;
  const request = buildRetrieveDocsRequest(params, basis.dedup, call.limits, knowledge.knowledgeSource);
  const response = await ports.retrieve(request.body);
  const results = retrieveDocsHits(response.references, retrievedPassages(response.response), {
    ...call.location,
    snippetChars: call.limits.snippetChars,
    top: request.top,
  });
  if (results.length === 0 && params.app !== undefined)
    await refuseUnknownAppWith(ports.appNames, params.app, basis.dedup);
  return {
    results,
    intents: request.body.intents.map((i) => i.search),
    top: request.top,
    notes: request.notes,
    provenance: buildRetrieveProvenance(
      basis.facts,
      { ...knowledge, sourceIndex },
      basis.dedup,
      request.filter,
      call.now().toISOString(),
    ),
  };
}

/**
 * One retrieve_docs call: the references as hits, the provenance in the detail asked (short by default), and each
 * hit's best passage for the query and intents, the answer fitted to `max_tokens` as the render port sends it.
 */
export async function answerRetrieveDocs<D extends ProvenanceDetail = "short">(
  ports: RetrieveDocsPorts,
  call: RetrieveDocsCall<D>,
): Promise<RetrieveDocsAnswer<ProvenanceIn<D, RetrieveProvenance>>> {
  // A budget below the smallest is refused before the knowledge base is asked.
  const budget = budgetOf(call.params.max_tokens, TOKEN_BUDGETS.searchDefault);
  const [basis, sourceIndex] = await Promise.all([ports.basis(), ports.sourceIndex()]);
  const answer = await retrieveDocsReferences(ports, call, basis, sourceIndex);
  const terms = queryTerms([call.params.query, ...(call.params.intents ?? [])].join(" "));
  return withPassages(withProvenanceDetail(answer, call.params.provenance), () => terms, ports, {
    snippetChars: call.limits.snippetChars,
    budget,
  });
}
