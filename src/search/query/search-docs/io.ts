// Runs the requests built by ./request.ts with @azure/search-documents and shapes the results: the I/O half
// of the query core that the MCP server and the relevance evaluation share, so both query exactly as agents do.
// No logic beyond the calls: every rule lives in the pure modules beside this folder.
import type { SearchClient, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import type { DedupDecision } from "../../dedup/policy.js";
import type { AnswerBasis } from "../common/answer-basis.js";
import type { PageLocation } from "../common/document-fields.js";
import { appNamesOf } from "../common/io/apps-io.js";
import { basisOnce } from "../common/io/answer-basis-io.js";
import {
  answerSearchDocsWith,
  runSearchDocsRequest,
  type SearchDocsAnswer,
  type SearchDocsOutcome,
  type SearchDocsPort,
} from "./answer.js";
import { shapeSearchHit, type SearchDocsHit } from "./hit.js";
import {
  DEFAULT_SEARCH_DOCS_LIMITS,
  type SearchDocsLimits,
  type SearchDocsParams,
  type SearchDocsRequest,
} from "./request.js";

export type AnyDoc = Record<string, unknown>;

/** The search_docs port as SDK calls: the request sent, hits shaped; the apps faceted. */
function searchDocsPort(client: SearchClient<AnyDoc>, where: PageLocation & { snippetChars: number }): SearchDocsPort {
  return {
    search: async (request) => {
      const result = await client.search(request.searchText, request.options);
      const hits: SearchDocsHit[] = [];
      for await (const r of result.results) {
        hits.push(shapeSearchHit(r.document, r, where));
        if (hits.length >= request.top) break;
      }
      return hits;
    },
    appNames: appNamesOf(client),
  };
}

/** One search_docs query (./answer.ts: the semantic fallback), against `client`. */
export async function runSearchDocs(
  client: SearchClient<AnyDoc>,
  request: SearchDocsRequest,
  where: PageLocation & { snippetChars: number },
): Promise<SearchDocsOutcome> {
  return runSearchDocsRequest(searchDocsPort(client, where), request);
}

export interface AnswerOptions {
  container: string;
  docsUrl: string;
  limits: SearchDocsLimits;
  now: () => Date;
  /** Semantic mode's configuration (`docs-index query --semantic-config`); default the index's `default`. */
  semanticConfiguration?: string;
}

/** One search_docs call on a given basis (./answer.ts), against `search`. */
export async function answerSearchDocs(
  search: SearchClient<AnyDoc>,
  params: SearchDocsParams,
  basis: AnswerBasis,
  opts: AnswerOptions,
): Promise<SearchDocsAnswer> {
  const where = { container: opts.container, docsUrl: opts.docsUrl, snippetChars: opts.limits.snippetChars };
  return answerSearchDocsWith(searchDocsPort(search, where), params, basis, opts);
}

/**
 * One search_docs call exactly as the MCP tool answers it, without the server's caching: the format coverage
 * check and the provenance read, then {@link answerSearchDocs}. For one-off callers (`docs-index query`);
 * the MCP server reads the same basis with the checks re-read on a time to live.
 */
export async function searchDocsOnce(
  clients: { indexClient: SearchIndexClient; indexerClient: SearchIndexerClient },
  params: SearchDocsParams,
  opts: OnceOptions,
): Promise<SearchDocsAnswer> {
  const search = clients.indexClient.getSearchClient<AnyDoc>(opts.index);
  const now = opts.now ?? (() => new Date());
  const basis = await basisOnce(clients, search, opts, now);
  return answerSearchDocs(search, params, basis, {
    container: opts.container,
    docsUrl: opts.docsUrl,
    limits: opts.limits ?? DEFAULT_SEARCH_DOCS_LIMITS,
    now,
    semanticConfiguration: opts.semanticConfiguration,
  });
}

export interface OnceOptions {
  index: string;
  indexer: string;
  apiVersion: string;
  container: string;
  docsUrl: string;
  limits?: SearchDocsLimits;
  now?: () => Date;
  /** The operator's choice (`--dedup strict`) instead of the coverage check's decision. */
  dedup?: DedupDecision;
  semanticConfiguration?: string;
}
