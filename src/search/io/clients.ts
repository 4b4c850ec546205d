// The one place the CLI builds Azure SDK clients (search, indexers, blobs), each with the patience policies and
// the retry budget of ServiceOptions. Loaded lazily (dynamic import) so commands that call no service never
// load an SDK. Credentials: an admin key or connection string only for loopback endpoints (the caller decides),
// else DefaultAzureCredential.
import { AzureKeyCredential, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import type { TokenCredential } from "@azure/identity";
import type { BlobServiceClient } from "@azure/storage-blob";
import { isLoopback } from "../service/endpoint.js";
import { attemptTimeoutPolicy, deadlinePolicy } from "./patience-policy.js";
import type { ServiceOptions } from "./service-options.js";

export interface SearchClients {
  indexClient: SearchIndexClient;
  indexerClient: SearchIndexerClient;
}

export type SearchAuth = { kind: "admin-key"; key: string } | { kind: "identity" };

/** DefaultAzureCredential, loaded only when an identity is needed (@azure/identity is slow to load). */
async function identityCredential(): Promise<TokenCredential> {
  const { DefaultAzureCredential } = await import("@azure/identity");
  return new DefaultAzureCredential();
}

export async function createSearchClients(
  endpoint: string,
  auth: SearchAuth,
  apiVersion: string,
  service: ServiceOptions,
): Promise<SearchClients> {
  const credential = auth.kind === "admin-key" ? new AzureKeyCredential(auth.key) : await identityCredential();
  const options = {
    serviceVersion: apiVersion,
    // Plain http only for a loopback endpoint (the local stand-in); everything else stays https-only.
    allowInsecureConnection: isLoopback(endpoint),
    retryOptions: {
      maxRetries: service.maxRetries,
      retryDelayInMs: service.retryDelayMs,
      maxRetryDelayInMs: service.maxRetryDelayMs,
    },
    additionalPolicies: [
      { policy: deadlinePolicy(service), position: "perCall" as const },
      { policy: attemptTimeoutPolicy(service), position: "perRetry" as const },
    ],
  };
  return {
    indexClient: new SearchIndexClient(endpoint, credential, options),
    indexerClient: new SearchIndexerClient(endpoint, credential, options),
  };
}

/** The docs storage account's blob service: Azurite through a connection string, else the account with an identity. */
export async function createBlobService(
  target: { connectionString: string } | { accountUrl: string },
  service: ServiceOptions,
): Promise<BlobServiceClient> {
  const { BlobServiceClient } = await import("@azure/storage-blob");
  const options = {
    retryOptions: {
      maxTries: service.maxRetries + 1,
      tryTimeoutInMs: service.requestTimeoutMs,
      retryDelayInMs: service.retryDelayMs,
      maxRetryDelayInMs: Math.max(service.retryDelayMs, service.maxRetryDelayMs),
    },
  };
  return "connectionString" in target
    ? BlobServiceClient.fromConnectionString(target.connectionString, options)
    : new BlobServiceClient(target.accountUrl, await identityCredential(), options);
}
