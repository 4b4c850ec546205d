// The reads of the configured index and indexer that several use cases' ports share (status, coverage, snapshot,
// backfill's verdict): one place that names the SDK call behind each, over the clients of this run.
import type { IndexerStatusRecord } from "../../../search/ops/indexer-status.js";
import type { ServingRuns } from "../../../search/ops/serving-runs-facts.js";
import {
  countAll,
  fetchIndexerStatus,
  fetchIndexInfo,
  searchClient,
  type IndexInfo,
} from "../../../search/io/search-io.js";
import { readServingRuns } from "../../../search/io/serving-runs-io.js";
import type { CliContext } from "../../context.js";

export interface IndexReads {
  indexInfo(): Promise<IndexInfo>;
  indexerStatus(): Promise<IndexerStatusRecord>;
  documentCount(): Promise<number>;
  /** The runs that went into the serving generation (bluegreen/serving-runs.ts tells them apart). */
  servingRuns(status: IndexerStatusRecord): Promise<ServingRuns>;
}

export async function indexReads(ctx: CliContext): Promise<IndexReads> {
  const { index_name: index, indexer_name: indexer } = ctx.config.search;
  const clients = await ctx.search();
  return {
    indexInfo: () => fetchIndexInfo(clients.indexClient, index),
    indexerStatus: () => fetchIndexerStatus(clients.indexerClient, indexer),
    documentCount: () => countAll(searchClient(clients.indexClient, index)),
    servingRuns: (status) => readServingRuns(clients, { index, indexer }, status),
  };
}
