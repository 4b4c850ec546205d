// The one place the CLI builds Azure SDK clients (search, indexers, blobs), each with the patience policies and
// the retry budget of ServiceOptions. Loaded lazily (dynamic import) so commands that call no service never
// load an SDK. Credentials: an admin key or connection string only for loopback endpoints (the caller decides),
// else DefaultAzureCredential.
import {
  AzureKeyCredential,
  KnowledgeRetrievalClient,
  SearchIndexClient,
  SearchIndexerClient,
} from "@azure/search-documents";
import type { TokenCredential } from "@azure/identity";
import type { PipelinePolicy, PipelineRequest, PipelineResponse } from "@azure/core-rest-pipeline";
import type { BlobServiceClient, HttpOperationResponse, RequestPolicyFactory, WebResource } from "@azure/storage-blob";
import { isLoopback } from "../../../shared/loopback.js";
import { attemptTimeoutPolicy, deadlinePolicy, patientClientOptions, storageRetryOptions } from "./patience-policy.js";
import type { ServiceOptions } from "./service-options.js";

export interface SearchClients {
  indexClient: SearchIndexClient;
  indexerClient: SearchIndexerClient;
  /** A client for `POST /knowledgebases/{name}/retrieve`, with the same credential, timeouts and retries. */
  knowledgeRetrievalClient(knowledgeBaseName: string): KnowledgeRetrievalClient;
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
    ...patientClientOptions(service),
  };
  return {
    indexClient: new SearchIndexClient(endpoint, credential, options),
    indexerClient: new SearchIndexerClient(endpoint, credential, options),
    knowledgeRetrievalClient: (knowledgeBaseName) =>
      new KnowledgeRetrievalClient(endpoint, knowledgeBaseName, credential, options),
  };
}

/** The docs storage account's blob service: Azurite through a connection string, else the account with an identity. */
export async function createBlobService(
  target: { connectionString: string } | { accountUrl: string },
  service: ServiceOptions,
): Promise<BlobServiceClient> {
  const { BlobServiceClient, newPipeline, StorageSharedKeyCredential } = await import("@azure/storage-blob");
  const options = {
    retryOptions: storageRetryOptions(service),
  };
  let url: string;
  let credential: InstanceType<typeof StorageSharedKeyCredential> | TokenCredential;
  if ("connectionString" in target) {
    const parts = parseConnectionString(target.connectionString);
    url = parts.BlobEndpoint ?? `https://${parts.AccountName}.blob.core.windows.net`;
    credential = new StorageSharedKeyCredential(parts.AccountName ?? "", parts.AccountKey ?? "");
  } else {
    url = target.accountUrl;
    credential = await identityCredential();
  }
  // The storage SDK takes no core pipeline policies, only its own Pipeline's request-policy factories; these run
  // once per call, before its retry policy (so a timed-out call is not retried, as with the other clients).
  const pipeline = newPipeline(credential, options);
  pipeline.factories.push(asRequestPolicyFactory(deadlinePolicy(service)));
  pipeline.factories.push(asRequestPolicyFactory(attemptTimeoutPolicy(service)));
  return new BlobServiceClient(url, pipeline);
}

/** `Key=value;…` of a storage connection string. */
function parseConnectionString(connectionString: string): Record<string, string> {
  return Object.fromEntries(
    connectionString
      .split(";")
      .filter((part) => part.includes("="))
      .map((part) => [part.slice(0, part.indexOf("=")), part.slice(part.indexOf("=") + 1)]),
  );
}

/** A core pipeline policy as a storage request-policy factory (both only read url and abortSignal here). */
function asRequestPolicyFactory(policy: PipelinePolicy): RequestPolicyFactory {
  return {
    create: (next) => ({
      sendRequest: (resource: WebResource) =>
        policy.sendRequest(
          resource as unknown as PipelineRequest,
          (request) => next.sendRequest(request as unknown as WebResource) as unknown as Promise<PipelineResponse>,
        ) as unknown as Promise<HttpOperationResponse>,
    }),
  };
}
