// Test harness for the ops commands: the stand-in (+ Azurite when asked), the real definitions in state,
// and runCli in-process with the local-environment variables.
import path from "node:path";
import { AzureKeyCredential, SearchClient } from "@azure/search-documents";
import { BlobServiceClient } from "@azure/storage-blob";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { startAzurite, type Azurite } from "../../local/azurite.js";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { newEtag, type ExecutionResult } from "../../local/search-standin/state.js";
import { loadDefinition } from "../standin/fixtures.js";
import { FAST_SERVICE } from "./fast-service.js";
import { repoRoot } from "../../src/config/repo-root.js";

export const ACCOUNT_ROOT = "https://devstoreaccount1.blob.core.windows.net/$web";

export interface Harness {
  standIn: SearchStandIn;
  azurite?: Azurite;
  env: NodeJS.ProcessEnv;
  search: SearchClient<Record<string, unknown>>;
  container(): ReturnType<BlobServiceClient["getContainerClient"]>;
  cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string; json: () => any }>;
  close(): Promise<void>;
}

export async function startHarness(opts: { azurite?: boolean } = {}): Promise<Harness> {
  const azurite = opts.azurite ? await startAzurite() : undefined;
  const standIn = await startSearchStandIn(azurite ? { storageConnectionString: azurite.connectionString } : {});
  standIn.state.indexes.set("docs-index", { definition: loadDefinition("docs-index.json"), etag: newEtag() });
  standIn.state.documents.set("docs-index", new Map());
  const env: NodeJS.ProcessEnv = {
    VARS_FILE: path.join(repoRoot, "config", "dev", "vars.yml"),
    SEARCH_ENDPOINT: standIn.url,
    SEARCH_ADMIN_KEY: standIn.apiKey,
    ...(azurite ? { DOCS_STORAGE_CONNECTION_STRING: azurite.connectionString } : {}),
  };
  const search = new SearchClient<Record<string, unknown>>(
    standIn.url,
    "docs-index",
    new AzureKeyCredential(standIn.apiKey),
    { allowInsecureConnection: true },
  );
  let blobService: BlobServiceClient | undefined;
  return {
    standIn,
    ...(azurite ? { azurite } : {}),
    env,
    search,
    container() {
      if (!azurite) throw new Error("started without Azurite");
      blobService ??= BlobServiceClient.fromConnectionString(azurite.connectionString);
      return blobService.getContainerClient("$web");
    },
    async cli(...args: string[]) {
      const run = await runDocsIndex(args, env, { service: FAST_SERVICE });
      return { ...run, json: () => JSON.parse(run.stdout) };
    },
    async close() {
      await standIn.close();
      if (azurite) {
        await azurite.close(); // closes lingering keep-alive connections itself after one second
      }
    },
  };
}

/** Registers the datasource and the indexer (with the given history, newest first) in the stand-in's state. */
export function registerDatasourceAndIndexer(standIn: SearchStandIn, history: ExecutionResult[] = []): void {
  standIn.state.datasources.set("docs-datasource", {
    definition: loadDefinition("docs-datasource.json"),
    etag: newEtag(),
  });
  setIndexerHistory(standIn, history);
}

/** Registers the indexer in the stand-in's state with the given history (newest first). */
export function setIndexerHistory(standIn: SearchStandIn, history: ExecutionResult[]): void {
  const existing = standIn.state.indexers.get("docs-indexer");
  if (existing) {
    existing.runtime.history = history;
    return;
  }
  standIn.state.indexers.set("docs-indexer", {
    definition: loadDefinition("docs-indexer.json"),
    etag: newEtag(),
    runtime: { history, highWaterMark: null },
  });
}
