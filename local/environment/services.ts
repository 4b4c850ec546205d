// The local services: Azurite (blob + table, in memory) and the Azure AI Search stand-in reading blobs from
// it, on free loopback ports, plus the environment variables that point the docs-index CLI at them.
import path from "node:path";
import { AzureKeyCredential, SearchClient, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import { BlobServiceClient, type ContainerClient } from "@azure/storage-blob";
import { startAzurite, type Azurite } from "../azurite.js";
import { startSearchStandIn, type SearchStandIn } from "../search-standin/server.js";
import { repoRoot } from "../../src/config/repo-root.js";

/** The local config (search section only, Azurite's account): the names and docs_url the CLI uses. */
export const LOCAL_VARS_FILE = path.join(repoRoot, "config", "local", "vars.yml");
export const INDEX_NAME = "docs-index";
export const INDEXER_NAME = "docs-indexer";
const CONTAINER = "$web";

/** The variables that point the docs-index CLI at the local services (`--keep` prints them as exports). */
export function localCliEnv(
  standIn: Pick<SearchStandIn, "url" | "apiKey">,
  azurite: Pick<Azurite, "connectionString">,
): Record<string, string> {
  return {
    DEPLOY_ENV: "local",
    VARS_FILE: LOCAL_VARS_FILE,
    SEARCH_ENDPOINT: standIn.url,
    SEARCH_ADMIN_KEY: standIn.apiKey,
    DOCS_STORAGE_CONNECTION_STRING: azurite.connectionString,
  };
}

export function exportLines(env: Record<string, string>): string {
  const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
  return Object.entries(env)
    .map(([k, v]) => `export ${k}=${quote(v)}`)
    .join("\n");
}

export interface LocalServices {
  azurite: Azurite;
  standIn: SearchStandIn;
  /** Variables for the docs-index CLI (merge over process.env when spawning or calling runCli). */
  env: Record<string, string>;
  container: ContainerClient;
  searchClient: SearchClient<Record<string, unknown>>;
  indexClient: SearchIndexClient;
  indexerClient: SearchIndexerClient;
  stop(): Promise<void>;
}

/** Blob soft delete retention the local account gets: the minimum the indexer's deletion detection needs. */
export const LOCAL_SOFT_DELETE_DAYS = 7;

/**
 * Azurite with the docs account's blob service configured as the docs-storage stack configures the real one
 * (soft delete on, 7 days), so `docs-index preflight` judges the local account as it would a deployed one.
 * Azurite stores the setting but keeps no deleted blobs; the stand-in's indexer emulates the detection
 * (local/search-standin/indexer/tracking.ts).
 */
export async function startAzuriteForLocal(): Promise<Azurite> {
  const azurite = await startAzurite({ blob: true, table: true, queue: true });
  try {
    await BlobServiceClient.fromConnectionString(azurite.connectionString).setProperties({
      deleteRetentionPolicy: { enabled: true, days: LOCAL_SOFT_DELETE_DAYS },
    });
  } catch (err) {
    await azurite.stop();
    throw err;
  }
  return azurite;
}

/** The local stand-in's alias propagation delay (the service: up to 10 s); the CLI's --propagation-wait matches it. */
// 0.3 s: three ticks of the 100 ms query loop fall inside it, so the demo still shows consumers served through the
// re-mapping, without a second of waiting for each swap.
export const LOCAL_ALIAS_PROPAGATION_SECONDS = 0.3;

/** The CLI's --poll-interval in the local run: the stand-in's runs end within milliseconds. */
export const LOCAL_POLL_INTERVAL_SECONDS = 0.1;

export async function startStandInForLocal(azurite: Azurite): Promise<SearchStandIn> {
  return startSearchStandIn({
    storageConnectionString: azurite.connectionString,
    aliasPropagationMs: LOCAL_ALIAS_PROPAGATION_SECONDS * 1000,
  });
}

export function servicesOf(azurite: Azurite, standIn: SearchStandIn): LocalServices {
  const credential = new AzureKeyCredential(standIn.apiKey);
  const clientOptions = { allowInsecureConnection: true };
  return {
    azurite,
    standIn,
    env: localCliEnv(standIn, azurite),
    container: BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(CONTAINER),
    searchClient: new SearchClient<Record<string, unknown>>(standIn.url, INDEX_NAME, credential, clientOptions),
    indexClient: new SearchIndexClient(standIn.url, credential, clientOptions),
    indexerClient: new SearchIndexerClient(standIn.url, credential, clientOptions),
    stop: async () => {
      await standIn.close();
      await azurite.stop();
    },
  };
}
