// Runs the requests built by ./request.ts with @azure/search-documents and shapes the results: the I/O half
// of the query core that the MCP server and the relevance evaluation share, so both query exactly as agents do.
// No logic beyond the calls: every rule lives in the pure modules beside this folder.
import type { SearchClient, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import { resolveServingIndex } from "../../io/alias-resolve.js";
import { parseIndexerStatus } from "../../ops/indexer-status.js";
import { readServingRuns } from "../../io/serving-runs-io.js";
import { decideDedup, NULL_FORMAT_FILTER, type DedupDecision, type FormatCoverageCheck } from "../../dedup/policy.js";
import type { ProvenanceFacts } from "../common/provenance.js";
import { readProvenance, type ProvenanceNames, type ProvenanceReads } from "../common/provenance-read.js";
import { unknownBecause } from "../../known.js";
import type { SearchDocsAnswer } from "./answer.js";
import {
  DEFAULT_SEARCH_DOCS_LIMITS,
  type SearchDocsLimits,
  type SearchDocsParams,
  type SearchDocsRequest,
} from "./request.js";
import {
  answerSearchDocsWith,
  refuseUnknownAppWith,
  runSearchDocsRequest,
  type AnswerBasis,
  type SearchDocsOutcome,
  type SearchDocsPort,
} from "./answer.js";
import { appFacetRequest, bucketsOf } from "../common/apps.js";
import { shapeSearchHit, type SearchDocsHit } from "./hit.js";
import type { PageLocation } from "../common/document-fields.js";

export type AnyDoc = Record<string, unknown>;

/** The app values documents hold under a dedup filter: one facet query. */
function appNamesOf(client: SearchClient<AnyDoc>): SearchDocsPort["appNames"] {
  return async (dedupFilter) => {
    const facets = await client.search("*", appFacetRequest(dedupFilter));
    return bucketsOf(facets.facets?.repo).map((b) => b.value);
  };
}

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

/** The `format` coverage check behind the dedup decision: two `$count` queries, nothing downloaded. */
export async function checkFormatCoverage(
  client: SearchClient<AnyDoc>,
  now = new Date(),
): Promise<FormatCoverageCheck> {
  const checkedAt = now.toISOString();
  try {
    const [nullFormat, total] = await Promise.all([
      client.search("*", { filter: NULL_FORMAT_FILTER, top: 0, includeTotalCount: true }),
      client.search("*", { top: 0, includeTotalCount: true }),
    ]);
    return { kind: "counted", nullFormat: nullFormat.count ?? 0, total: total.count ?? 0, checkedAt };
  } catch (err) {
    return { kind: "failed", reason: unknownBecause(err, "the count query").reason, checkedAt };
  }
}

/** The provenance reads as SDK calls: the alias, the index definition, the indexer status and its runs. */
function provenanceReads(clients: {
  indexClient: SearchIndexClient;
  indexerClient: SearchIndexerClient;
}): ProvenanceReads {
  return {
    servingIndex: (name) => resolveServingIndex(clients.indexClient, name),
    indexEtag: async (index) => {
      const def = await clients.indexClient.getIndex(index);
      return (def as { eTag?: string }).eTag ?? (def as { etag?: string }).etag ?? null;
    },
    indexerStatus: async (indexer) => parseIndexerStatus(await clients.indexerClient.getIndexerStatus(indexer)),
    servingRuns: (names, status) => readServingRuns(clients, names, status),
  };
}

/**
 * What the identity may read about the index and its indexer (../common/provenance-read.ts chooses which generation
 * and what freshness): each part independently `unknown` (with the reason) when refused.
 */
export async function readProvenanceFacts(
  clients: { indexClient: SearchIndexClient; indexerClient: SearchIndexerClient },
  names: ProvenanceNames,
): Promise<ProvenanceFacts> {
  return readProvenance(provenanceReads(clients), names);
}

/** The answer basis from a coverage check and a provenance read (however the caller obtained them). */
export async function answerBasis(
  coverage: Promise<FormatCoverageCheck>,
  facts: Promise<ProvenanceFacts>,
): Promise<AnswerBasis> {
  const [check, read] = await Promise.all([coverage, facts]);
  return { dedup: decideDedup(check), facts: read };
}

/** An `app` no document has (an empty answer is the only sign): refused with the closest names (one facet query). */
export async function refuseUnknownApp(search: SearchClient<AnyDoc>, app: string, dedup: DedupDecision) {
  await refuseUnknownAppWith(appNamesOf(search), app, dedup);
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

/** The answer basis read once: the coverage check (unless the dedup is chosen) and the provenance facts. */
export async function basisOnce(
  clients: { indexClient: SearchIndexClient; indexerClient: SearchIndexerClient },
  search: SearchClient<AnyDoc>,
  opts: Pick<OnceOptions, "index" | "indexer" | "apiVersion" | "dedup">,
  now: () => Date = () => new Date(),
): Promise<AnswerBasis> {
  const facts = readProvenanceFacts(clients, { index: opts.index, indexer: opts.indexer, apiVersion: opts.apiVersion });
  if (opts.dedup) return { dedup: opts.dedup, facts: await facts };
  return answerBasis(checkFormatCoverage(search, now()), facts);
}
