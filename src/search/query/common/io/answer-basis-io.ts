// The facts behind every answer read with @azure/search-documents: the `format` coverage check (the dedup
// decision) and what the identity may read about the index and its indexer (the provenance facts). The MCP
// server keeps them and re-reads them when due (./refreshing.ts); the CLI reads them once per call.
import type { SearchClient, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import { resolveServingIndex } from "../../../io/alias-resolve.js";
import { parseIndexerStatus } from "../../../ops/indexer-status.js";
import { readServingRuns } from "../../../io/serving-runs-io.js";
import { unknownBecause } from "../../../known.js";
import {
  decideDedup,
  NULL_FORMAT_FILTER,
  type DedupDecision,
  type FormatCoverageCheck,
} from "../../../dedup/policy.js";
import type { AnswerBasis } from "../answer-basis.js";
import type { ProvenanceFacts } from "../provenance.js";
import { readProvenance, type ProvenanceNames, type ProvenanceReads } from "../provenance-read.js";

type AnyDoc = Record<string, unknown>;

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
 * What the identity may read about the index and its indexer (../provenance-read.ts chooses which generation
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

/** The answer basis read once: the coverage check (unless the dedup is chosen) and the provenance facts. */
export async function basisOnce(
  clients: { indexClient: SearchIndexClient; indexerClient: SearchIndexerClient },
  search: SearchClient<AnyDoc>,
  opts: ProvenanceNames & {
    /** The operator's choice (`--dedup strict`) instead of the coverage check's decision. */
    dedup?: DedupDecision;
  },
  now: () => Date = () => new Date(),
): Promise<AnswerBasis> {
  const facts = readProvenanceFacts(clients, { index: opts.index, indexer: opts.indexer, apiVersion: opts.apiVersion });
  if (opts.dedup) return { dedup: opts.dedup, facts: await facts };
  return answerBasis(checkFormatCoverage(search, now()), facts);
}
