// One retrieve_docs call: the request built from the tool's parameters (./request.ts), sent through
// the knowledge base, the references shaped as search_docs-like hits, and the provenance with the knowledge
// objects. The I/O half shared by the MCP tool and `docs-index retrieve`, so both answer the same thing.
import type { KnowledgeRetrievalClient, SearchClient } from "@azure/search-documents";
import {
  buildRetrieveDocsRequest,
  retrieveDocsHits,
  retrievedPassages,
  type RetrieveDocsAnswer,
  type RetrieveDocsParams,
} from "./request.js";
import { retrieveFrom } from "../../io/knowledge-io.js";
import { buildRetrieveProvenance } from "../common/provenance.js";
import type { Known } from "../../known.js";
import type { SearchDocsLimits } from "../search-docs/request.js";
import { refuseUnknownApp } from "../common/io/apps-io.js";
import type { AnyDoc } from "../search-docs/io.js";
import type { AnswerBasis } from "../common/answer-basis.js";

export interface RetrieveTarget {
  client: KnowledgeRetrievalClient;
  knowledgeBase: string;
  knowledgeSource: string;
  /** The index the knowledge source names (read beside the basis). */
  sourceIndex: Known<string>;
  /** The index's search client: an empty answer for an `app` is checked against the apps the index holds. */
  search: SearchClient<AnyDoc>;
}

export async function answerRetrieveDocs(
  target: RetrieveTarget,
  params: RetrieveDocsParams,
  basis: AnswerBasis,
  opts: { container: string; docsUrl: string; limits: SearchDocsLimits; now: () => Date },
): Promise<RetrieveDocsAnswer> {
  const request = buildRetrieveDocsRequest(params, basis.dedup, opts.limits, target.knowledgeSource);
  const response = await retrieveFrom(target.client, request.body);
  const results = retrieveDocsHits(response.references, retrievedPassages(response.response), {
    container: opts.container,
    docsUrl: opts.docsUrl,
    snippetChars: opts.limits.snippetChars,
    top: request.top,
  });
  if (results.length === 0 && params.app !== undefined) await refuseUnknownApp(target.search, params.app, basis.dedup);
  return {
    results,
    intents: request.body.intents.map((i) => i.search),
    top: request.top,
    notes: request.notes,
    provenance: buildRetrieveProvenance(
      basis.facts,
      { knowledgeBase: target.knowledgeBase, knowledgeSource: target.knowledgeSource, sourceIndex: target.sourceIndex },
      basis.dedup,
      request.filter,
      opts.now().toISOString(),
    ),
  };
}
