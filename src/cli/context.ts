// What every docs-index command needs: the validated config, an output writer and lazily built clients.
// Credentials: DefaultAzureCredential everywhere; SEARCH_ADMIN_KEY and DOCS_STORAGE_CONNECTION_STRING exist
// only for the local stand-in and Azurite, and are refused for any non-loopback endpoint.
import { AzureKeyCredential, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import { DefaultAzureCredential, type TokenCredential } from "@azure/identity";
import { BlobServiceClient } from "@azure/storage-blob";
import { loadConfig } from "../config/load.js";
import type { Config } from "../config/schema.js";
import { CliError, ExitCode } from "./exit-codes.js";
import type { Output } from "./output.js";

export interface CliContext {
  config: Config & { location: { env: string; file: string } };
  /** The search endpoint in use (config, or SEARCH_ENDPOINT for the local environment). */
  endpoint: string;
  out: Output;
  env: NodeJS.ProcessEnv;
  indexClient(): SearchIndexClient;
  indexerClient(): SearchIndexerClient;
  /** The docs storage account's blob service (Azurite through DOCS_STORAGE_CONNECTION_STRING locally). */
  blobService(): BlobServiceClient;
}

export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || host === "::1" || /^127\./.test(host);
}

function searchCredential(endpoint: string, env: NodeJS.ProcessEnv): AzureKeyCredential | TokenCredential {
  const key = env.SEARCH_ADMIN_KEY;
  if (key) {
    if (!isLoopback(endpoint)) {
      throw new CliError(
        `SEARCH_ADMIN_KEY is set but ${endpoint} is not a local endpoint`,
        ExitCode.Usage,
        "Admin keys are for the local stand-in only; unset SEARCH_ADMIN_KEY and sign in (az login, managed identity or workload identity).",
      );
    }
    return new AzureKeyCredential(key);
  }
  if (new URL(endpoint).protocol === "http:") {
    // Tokens are never sent over plain http; an http endpoint is the local stand-in, which takes an admin key.
    throw new CliError(
      `${endpoint} is a plain-http (local) endpoint and SEARCH_ADMIN_KEY is not set`,
      ExitCode.Usage,
      "Start the local environment with `npm run local -- --keep` and run the `export …` lines it prints, or use an https endpoint with your Azure identity.",
    );
  }
  return new DefaultAzureCredential();
}

export function createContext(out: Output, env: NodeJS.ProcessEnv = process.env): CliContext {
  const config = loadConfig(env);
  const endpoint = env.SEARCH_ENDPOINT?.trim() || config.search.endpoint;
  if (!URL.canParse(endpoint))
    throw new CliError(`SEARCH_ENDPOINT is not a URL: ${JSON.stringify(endpoint)}`, ExitCode.Usage);
  // Plain http is allowed only for a loopback endpoint (the local stand-in); everything else stays https-only.
  const clientOptions = { serviceVersion: config.search.api_version, allowInsecureConnection: isLoopback(endpoint) };
  let indexClient: SearchIndexClient | undefined;
  let indexerClient: SearchIndexerClient | undefined;
  let blobService: BlobServiceClient | undefined;
  return {
    config,
    endpoint,
    out,
    env,
    indexClient: () =>
      (indexClient ??= new SearchIndexClient(endpoint, searchCredential(endpoint, env), clientOptions)),
    indexerClient: () =>
      (indexerClient ??= new SearchIndexerClient(endpoint, searchCredential(endpoint, env), clientOptions)),
    blobService: () => (blobService ??= createBlobService(config.search.storage_account_resource_id, env)),
  };
}

function createBlobService(storageAccountResourceId: string, env: NodeJS.ProcessEnv): BlobServiceClient {
  const connectionString = env.DOCS_STORAGE_CONNECTION_STRING;
  if (connectionString) {
    const blobEndpoint = /BlobEndpoint=([^;]+)/i.exec(connectionString)?.[1];
    if (!blobEndpoint || !isLoopback(blobEndpoint)) {
      throw new CliError(
        "DOCS_STORAGE_CONNECTION_STRING is for Azurite only (its BlobEndpoint must be a loopback address)",
        ExitCode.Usage,
        "Unset it to use the storage account from vars.yml with your Azure identity.",
      );
    }
    return BlobServiceClient.fromConnectionString(connectionString);
  }
  const account = storageAccountResourceId.split("/").at(-1);
  return new BlobServiceClient(`https://${account}.blob.core.windows.net`, new DefaultAzureCredential());
}
