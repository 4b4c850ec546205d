// Shared set-up for indexer tests: Azurite + the stand-in wired to it, definitions straight into state.
import { BlobServiceClient, type ContainerClient } from "@azure/storage-blob";
import { startAzurite, type Azurite } from "../../local/azurite.js";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { newEtag, type ExecutionResult } from "../../local/search-standin/state.js";
import { loadDefinition } from "./fixtures.js";

export interface IndexerWorld {
  azurite: Azurite;
  standIn: SearchStandIn;
  container: ContainerClient;
  close(): Promise<void>;
}

export async function startWorld(containerName = "$web"): Promise<IndexerWorld> {
  const azurite = await startAzurite();
  const standIn = await startSearchStandIn({ storageConnectionString: azurite.connectionString });
  const container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(containerName);
  await container.createIfNotExists();
  return {
    azurite,
    standIn,
    container,
    close: async () => {
      await standIn.close();
      await azurite.close();
    },
  };
}

/** Puts index, datasource and indexer definitions (from search-definitions/) into the stand-in's state. */
export function define(
  standIn: SearchStandIn,
  names: { index: string; datasource: string; indexer: string },
  tweak: { datasource?: (d: Record<string, unknown>) => void; indexer?: (d: Record<string, unknown>) => void } = {},
): void {
  const values = { INDEX_NAME: names.index, DATASOURCE_NAME: names.datasource, INDEXER_NAME: names.indexer };
  const index = loadDefinition("docs-index.json", values);
  const datasource = loadDefinition("docs-datasource.json", values);
  const indexer = loadDefinition("docs-indexer.json", values);
  tweak.datasource?.(datasource);
  tweak.indexer?.(indexer);
  standIn.state.indexes.set(names.index, { definition: index, etag: newEtag() });
  standIn.state.datasources.set(names.datasource, { definition: datasource, etag: newEtag() });
  const existing = standIn.state.indexers.get(names.indexer);
  standIn.state.indexers.set(names.indexer, {
    definition: indexer,
    etag: newEtag(),
    runtime: existing?.runtime ?? { history: [], highWaterMark: null },
  });
}

export async function upload(
  container: ContainerClient,
  name: string,
  body: string,
  contentType: string,
  metadata?: Record<string, string>,
): Promise<void> {
  await container.getBlockBlobClient(name).upload(body, Buffer.byteLength(body), {
    blobHTTPHeaders: { blobContentType: contentType },
    ...(metadata ? { metadata } : {}),
  });
}

export function lastResult(standIn: SearchStandIn, indexer: string): ExecutionResult {
  const result = standIn.state.indexers.get(indexer)?.runtime.history[0];
  if (!result) throw new Error(`indexer ${indexer} has no history`);
  return result;
}

export function page(title: string, description: string, body: string): string {
  return `<!doctype html><html><head><title>${title}</title><meta name="description" content="${description}"></head><body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;
}
