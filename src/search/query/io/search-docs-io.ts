// Runs the requests built by ../search-docs.ts with @azure/search-documents and shapes the results: the I/O half
// of the query core that the MCP server and the relevance evaluation share, so both query exactly as agents do.
// No logic beyond the calls: every rule lives in the pure modules beside this folder.
import type { SearchClient, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import { resolveServingIndex } from "../../io/alias-resolve.js";
import { parseIndexerStatus } from "../../ops/indexer-status.js";
import { readServingRuns } from "../../io/serving-runs-io.js";
import { decideDedup, NULL_FORMAT_FILTER, type DedupDecision, type FormatCoverageCheck } from "../dedup-policy.js";
import type { ProvenanceFacts } from "../provenance.js";
import { readProvenance, type ProvenanceNames, type ProvenanceReads } from "../provenance-read.js";
import { unknownBecause } from "../../known.js";
import { searchDocsAnswer, type SearchDocsAnswer } from "../search-answer.js";
import {
  asKeywordRequest,
  buildSearchDocsRequest,
  DEFAULT_SEARCH_DOCS_LIMITS,
  type SearchDocsLimits,
  type SearchDocsParams,
  type SearchDocsRequest,
} from "../search-docs.js";
import { semanticUnavailableReason } from "../semantic-availability.js";
import { appFacetRequest, bucketsOf, unknownAppRefusal } from "../apps.js";
import { shapeSearchHit, type PageLocation, type SearchDocsHit } from "../search-hit.js";

export type AnyDoc = Record<string, unknown>;

export interface SearchDocsOutcome {
  /** The request actually answered (a keyword request when semantic ranking was not available). */
  request: SearchDocsRequest;
  hits: SearchDocsHit[];
}

async function collect(
  client: SearchClient<AnyDoc>,
  request: SearchDocsRequest,
  where: PageLocation & { snippetChars: number },
): Promise<SearchDocsHit[]> {
  const result = await client.search(request.searchText, request.options);
  const hits: SearchDocsHit[] = [];
  for await (const r of result.results) {
    hits.push(shapeSearchHit(r.document, r, where));
    if (hits.length >= request.top) break;
  }
  return hits;
}

/** One search_docs query; a semantic query the service cannot serve is answered as keyword, with a note. */
export async function runSearchDocs(
  client: SearchClient<AnyDoc>,
  request: SearchDocsRequest,
  where: PageLocation & { snippetChars: number },
): Promise<SearchDocsOutcome> {
  try {
    return { request, hits: await collect(client, request, where) };
  } catch (err) {
    // Only the service saying semantic ranking is unavailable falls back; any other refusal is reported as it is.
    const reason = request.mode === "semantic" ? semanticUnavailableReason(err) : undefined;
    if (reason === undefined) throw err;
    const keyword = asKeywordRequest(request, reason);
    return { request: keyword, hits: await collect(client, keyword, where) };
  }
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
 * What the identity may read about the index and its indexer (query/provenance-read.ts chooses which generation
 * and what freshness): each part independently `unknown` (with the reason) when refused.
 */
export async function readProvenanceFacts(
  clients: { indexClient: SearchIndexClient; indexerClient: SearchIndexerClient },
  names: ProvenanceNames,
): Promise<ProvenanceFacts> {
  return readProvenance(provenanceReads(clients), names);
}

/** What every answer stands on: the dedup decision (from the format coverage check) and the provenance facts. */
export interface AnswerBasis {
  dedup: DedupDecision;
  facts: ProvenanceFacts;
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
  const facets = await search.search("*", appFacetRequest(dedup.filter));
  const refusal = unknownAppRefusal(
    app,
    bucketsOf(facets.facets?.repo).map((b) => b.value),
  );
  if (refusal) throw refusal;
}

export interface AnswerOptions {
  container: string;
  docsUrl: string;
  limits: SearchDocsLimits;
  now: () => Date;
  /** Semantic mode's configuration (`docs-index query --semantic-config`); default the index's `default`. */
  semanticConfiguration?: string;
}

/** One search_docs call on a given basis: the request built from `params`, run, and answered with provenance. */
export async function answerSearchDocs(
  search: SearchClient<AnyDoc>,
  params: SearchDocsParams,
  basis: AnswerBasis,
  opts: AnswerOptions,
): Promise<SearchDocsAnswer> {
  const request = buildSearchDocsRequest(params, basis.dedup, opts.limits, opts.semanticConfiguration);
  const outcome = await runSearchDocs(search, request, {
    container: opts.container,
    docsUrl: opts.docsUrl,
    snippetChars: opts.limits.snippetChars,
  });
  if (outcome.hits.length === 0 && params.app !== undefined) await refuseUnknownApp(search, params.app, basis.dedup);
  return searchDocsAnswer(outcome, basis.facts, basis.dedup, opts.now().toISOString());
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
