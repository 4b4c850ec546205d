// Reads a storage account's blob service properties from Azure Resource Manager (blobServices/default): the
// data plane does not report versioning. One GET, with the same retry budget and per-attempt timeout as the
// other clients.
import type { TokenCredential } from "@azure/identity";
import {
  bearerTokenAuthenticationPolicy,
  createDefaultHttpClient,
  createPipelineFromOptions,
  createPipelineRequest,
  RestError,
  type HttpClient,
} from "@azure/core-rest-pipeline";
import { ARM_ENDPOINT } from "./arm-endpoint.js";
import { attemptTimeoutPolicy, coreRetryOptions, deadlinePolicy } from "./patience-policy.js";
import { DEFAULT_SERVICE_OPTIONS, type ServiceOptions } from "./service-options.js";

/** Storage resource provider API version for blobServices/default (isVersioningEnabled). */
export const ARM_STORAGE_API_VERSION = "2023-05-01";

export interface ArmDeps {
  /** Management plane: credential and HTTP client (tests pass a recorded-response client). */
  credential?: TokenCredential;
  httpClient?: HttpClient;
  armEndpoint?: string;
  service?: Partial<ServiceOptions>;
}

/** GET {resourceId}/blobServices/default from Azure Resource Manager; the body as JSON. */
export async function readArmBlobService(resourceId: string, deps: ArmDeps = {}): Promise<unknown> {
  const endpoint = deps.armEndpoint ?? ARM_ENDPOINT;
  const service: ServiceOptions = { ...DEFAULT_SERVICE_OPTIONS, ...deps.service };
  const pipeline = createPipelineFromOptions({
    retryOptions: coreRetryOptions(service),
  });
  pipeline.addPolicy(deadlinePolicy(service), { phase: "Serialize" });
  pipeline.addPolicy(attemptTimeoutPolicy(service), { afterPhase: "Retry" });
  pipeline.addPolicy(
    bearerTokenAuthenticationPolicy({
      credential: deps.credential ?? new (await import("@azure/identity")).DefaultAzureCredential(),
      scopes: `${endpoint}/.default`,
    }),
  );
  const request = createPipelineRequest({
    url: `${endpoint}${resourceId}/blobServices/default?api-version=${ARM_STORAGE_API_VERSION}`,
    method: "GET",
  });
  const response = await pipeline.sendRequest(deps.httpClient ?? createDefaultHttpClient(), request);
  if (response.status !== 200) {
    throw new RestError(
      `management API answered ${response.status} for the blob service of ${resourceId}${armErrorCode(response.bodyAsText)}`,
      { statusCode: response.status, request, response },
    );
  }
  return JSON.parse(response.bodyAsText ?? "null") as unknown;
}

function armErrorCode(body: string | null | undefined): string {
  try {
    const code = (JSON.parse(body ?? "") as { error?: { code?: string } }).error?.code;
    return code ? ` (${code})` : "";
  } catch {
    return "";
  }
}
