// The blue/green port over @azure/search-documents: aliases through the SDK's alias methods (2026-04-01),
// indexer reset/status and counts through the SDK clients, definitions through the existing management port
// (reviewed JSON byte for byte). No logic beyond the calls.
import type { SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import type { ContainerClient } from "@azure/storage-blob";
import { loadBlobIndex } from "./blob-io.js";
import { streamDocRefs, type PagerState } from "./document-pager.js";
import { countAll, countMatching, fetchIndexerStatus, type AnyDoc } from "./search-io.js";
import { BlobIndex } from "../ops/orphans.js";
import type { SearchManagementPort } from "../service/management-port.js";
import { listKnowledgeSources } from "./knowledge-io.js";
import type { AliasRecord, BlueGreenPort } from "../bluegreen/ports.js";

export interface SdkPortClients {
  indexClient: SearchIndexClient;
  indexerClient: SearchIndexerClient;
  management: SearchManagementPort;
  /**
   * The docs container, when the caller may read it: lets the rebuild classify the documents it drops. A function,
   * so the container client is made only when a rebuild lists it (its failure is the caller's to report).
   */
  container?: ContainerClient | (() => Promise<ContainerClient>);
}

function record(alias: { name: string; indexes: string[]; etag?: string }): AliasRecord {
  return { name: alias.name, index: alias.indexes[0] ?? "", etag: alias.etag ?? "" };
}

export function createBlueGreenPort({
  indexClient,
  indexerClient,
  management,
  container,
}: SdkPortClients): BlueGreenPort {
  const search = (index: string) => indexClient.getSearchClient<AnyDoc>(index);
  return {
    management,
    knowledgeSources: () => listKnowledgeSources(indexClient),
    async getAlias(name) {
      try {
        return record(await indexClient.getAlias(name));
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return undefined;
        throw err;
      }
    },
    async createAlias(name, index) {
      return record(await indexClient.createAlias({ name, indexes: [index] }));
    },
    async repointAlias(alias, index) {
      return record(
        await indexClient.createOrUpdateAlias(
          { name: alias.name, indexes: [index], etag: alias.etag },
          { onlyIfUnchanged: true },
        ),
      );
    },
    async listIndexNames() {
      const names: string[] = [];
      for await (const name of indexClient.listIndexesNames()) names.push(name);
      return names;
    },
    resetIndexer: (name) => indexerClient.resetIndexer(name),
    indexerStatus: (name) => fetchIndexerStatus(indexerClient, name),
    countDocuments: (index) => countAll(search(index)),
    countMatching: (index, filter) => countMatching(search(index), filter),
    async *documentIds(index) {
      const state: PagerState = { pages: 0, incomplete: [] };
      for await (const ref of streamDocRefs(search(index), state)) yield ref.id;
      if (state.incomplete.length)
        throw new Error(`could not list every document of ${index}: ${state.incomplete.join("; ")}`);
    },
    ...(container
      ? {
          async blobs() {
            const index = new BlobIndex();
            await loadBlobIndex(typeof container === "function" ? await container() : container, index);
            return index;
          },
        }
      : {}),
  };
}
