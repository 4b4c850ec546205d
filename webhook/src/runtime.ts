// Wiring: settings -> store, queue, clients, router, JWT validator: the dependencies of the HTTP function's core
// and of the queue consumer, sharing one store and one set of clients. The hosts build them once from settings
// loaded once: the Functions binding (functions-binding.ts) and the local host (local/webhook/dev-server.ts).
import type { TableServiceClientOptions } from "@azure/data-tables";
import { DefaultAzureCredential, type TokenCredential } from "@azure/identity";
import type { StoragePipelineOptions } from "@azure/storage-queue";
import { createJwtValidator } from "./auth/validate-jwt.js";
import { createDryRunCaseCreator, createProcessApiClient, type CaseCreator } from "./downstream/process-api.js";
import { createProjectLookupClient, createUnconfiguredProjectLookup } from "./downstream/project-lookup.js";
import type { RetryPolicy } from "./downstream/retry.js";
import { createAppTokenProvider, type FetchLike } from "./downstream/token.js";
import type { WebhookDeps } from "./http-function.js";
import { MemoryIdempotencyStore } from "./idempotency/memory-store.js";
import type { IdempotencyStore } from "./idempotency/store.js";
import { TableIdempotencyStore } from "./idempotency/table-store.js";
import { eventHandlers } from "./routing/event-handlers.js";
import { EventRouter } from "./routing/registry.js";
import type { Settings } from "./settings.js";
import type { ConsumerDeps } from "./queue/consumer.js";
import { queueServiceFor, StorageDeliveryQueue } from "./queue/storage-queue.js";
import { queueCallTimeoutMs, queuePipelineOptions, tableClientOptions } from "./storage-limits.js";

export interface RuntimeOverrides {
  /** Credential for app-only tokens and the identity-based table endpoint (default DefaultAzureCredential). */
  credential?: TokenCredential;
  /** fetch used for downstream calls and OIDC discovery. */
  fetch?: FetchLike;
  store?: IdempotencyStore;
  retry?: RetryPolicy;
  downstreamTimeoutMs?: number;
  logSink?: WebhookDeps["logSink"];
  inFlightWaitMs?: number;
  /** A delivery queue instance (overrides the settings' queue). */
  queue?: StorageDeliveryQueue;
}

/** `clientOptions`: the table client's pipeline (default: the settings' bounded timeout and retries). */
export function createStore(
  settings: Settings,
  credential: () => TokenCredential,
  clientOptions?: TableServiceClientOptions,
): IdempotencyStore {
  const s = settings.idempotency;
  if (s.kind === "memory") return new MemoryIdempotencyStore();
  const options = clientOptions ?? tableClientOptions(settings.storage);
  if (s.connectionString !== undefined)
    return new TableIdempotencyStore({
      connectionString: s.connectionString,
      tableName: s.tableName,
      clientOptions: options,
    });
  return new TableIdempotencyStore({
    endpoint: s.endpoint,
    tableName: s.tableName,
    credential: credential(),
    clientOptions: options,
  });
}

/** `pipelineOptions`: the queue client's retries (default: the settings' bounded ones); each call is bounded too. */
export function createQueue(
  settings: Settings,
  credential: () => TokenCredential,
  pipelineOptions?: StoragePipelineOptions,
): StorageDeliveryQueue | undefined {
  const p = settings.processing;
  if (p.kind !== "queue") return undefined;
  const service = queueServiceFor(
    "connectionString" in p.target ? p.target : { queueServiceUri: p.target.queueServiceUri, credential: credential() },
    pipelineOptions ?? queuePipelineOptions(settings.storage),
  );
  return new StorageDeliveryQueue(service, p.queueName, queueCallTimeoutMs(settings.storage));
}

export type RuntimeDeps = WebhookDeps & { consumer: ConsumerDeps; queue?: StorageDeliveryQueue };

/** The HTTP function's dependencies and, sharing the store and clients, the queue consumer's. */
export function buildWebhookDeps(settings: Settings, o: RuntimeOverrides = {}): RuntimeDeps {
  let credential = o.credential;
  const getCredential = () => (credential ??= new DefaultAzureCredential());
  // Lazily: a dry run or a connection-string store never touches Azure identity.
  const tokens = createAppTokenProvider({ getToken: (scopes, options) => getCredential().getToken(scopes, options) });
  const cases: CaseCreator = settings.processApi
    ? createProcessApiClient({
        ...settings.processApi,
        tokens,
        fetch: o.fetch,
        timeoutMs: o.downstreamTimeoutMs,
        retry: o.retry,
      })
    : createDryRunCaseCreator();
  const projects = settings.projectLookup
    ? createProjectLookupClient({
        ...settings.projectLookup,
        tokens,
        fetch: o.fetch,
        timeoutMs: o.downstreamTimeoutMs,
        retry: o.retry,
      })
    : createUnconfiguredProjectLookup();
  const store = o.store ?? createStore(settings, getCredential);
  const router = new EventRouter(eventHandlers);
  const services = { cases, projects };
  const queue = o.queue ?? createQueue(settings, getCredential);
  const deps: RuntimeDeps = {
    store,
    router,
    services,
    logSink: o.logSink,
    inFlightWaitMs: o.inFlightWaitMs,
    requireTenantOrigin: settings.requireTenantOrigin,
    consumer: {
      store,
      router,
      services,
      maxDequeueCount: settings.processing.kind === "queue" ? settings.processing.maxDequeueCount : 1,
    },
  };
  if (queue) deps.queue = queue;
  if (settings.jwt.validate) deps.jwt = createJwtValidator({ ...settings.jwt, fetch: o.fetch });
  return deps;
}

/** Start-up lines describing what this configuration does (dev server and host start-up log). */
export function describeRuntime(settings: Settings): string[] {
  const lines = [
    `idempotency store: ${settings.idempotency.kind}${settings.idempotency.kind === "table" ? ` (table ${settings.idempotency.tableName})` : ""}`,
    settings.processing.kind === "queue"
      ? `processing: queued (queue ${settings.processing.queueName}, poison ${settings.processing.queueName}-poison, maxDequeueCount ${settings.processing.maxDequeueCount}, visibility timeout ${settings.processing.visibilityTimeoutMs / 1000} s)`
      : "processing: inline (no queue configured: deliveries are processed before the answer; local only)",
    `retention: idempotency records kept ${settings.retentionDays} days`,
    settings.processApi
      ? `process API: ${settings.processApi.baseUrl} (token scope ${settings.processApi.appIdUri}/.default)`
      : "process API: not configured (PROCESS_API_BASE_URL unset): create-case requests are logged, not sent",
    settings.projectLookup
      ? `project lookup: ${settings.projectLookup.baseUrl}`
      : "project lookup: not configured (PROJECT_LOOKUP_BASE_URL unset): Project/Created deliveries fail with 503",
    settings.jwt.validate
      ? `JWT validation: on (identity server ${settings.jwt.identityUrl}, audience ${settings.jwt.audience}, scope ${settings.jwt.requiredScope})`
      : "JWT validation: off (the gateway validates the provider's JWT)",
  ];
  return lines;
}
