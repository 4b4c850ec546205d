// Wiring: settings -> store, clients, router, JWT validator -> the handler. `handleWebhook` is the handler the
// Functions host calls; it builds its dependencies from process.env once, on first use.
import type { HttpRequest, InvocationContext } from "@azure/functions";
import { DefaultAzureCredential, type TokenCredential } from "@azure/identity";
import { createJwtValidator } from "./auth/validate-jwt.js";
import { createDryRunCaseCreator, createProcessApiClient, type CaseCreator } from "./downstream/process-api.js";
import { createProjectLookupClient, createUnconfiguredProjectLookup } from "./downstream/project-lookup.js";
import type { RetryPolicy } from "./downstream/retry.js";
import { createAppTokenProvider, type FetchLike } from "./downstream/token.js";
import { createWebhookHandler, type WebhookDeps, type WebhookHandler, type WebhookResponse } from "./handler.js";
import { MemoryIdempotencyStore } from "./idempotency/memory-store.js";
import type { IdempotencyStore } from "./idempotency/store.js";
import { TableIdempotencyStore } from "./idempotency/table-store.js";
import { eventHandlers } from "./routing/handlers.js";
import { EventRouter } from "./routing/registry.js";
import { loadSettings, type Settings } from "./settings.js";

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
}

export function createStore(settings: Settings, credential: () => TokenCredential): IdempotencyStore {
  const s = settings.idempotency;
  if (s.kind === "memory") return new MemoryIdempotencyStore();
  if (s.connectionString !== undefined)
    return new TableIdempotencyStore({ connectionString: s.connectionString, tableName: s.tableName });
  return new TableIdempotencyStore({ endpoint: s.endpoint, tableName: s.tableName, credential: credential() });
}

export function buildWebhookDeps(settings: Settings, o: RuntimeOverrides = {}): WebhookDeps {
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
  const deps: WebhookDeps = {
    store: o.store ?? createStore(settings, getCredential),
    router: new EventRouter(eventHandlers),
    services: { cases, projects },
    logSink: o.logSink,
    inFlightWaitMs: o.inFlightWaitMs,
  };
  if (settings.jwt.validate) deps.jwt = createJwtValidator({ ...settings.jwt, fetch: o.fetch });
  return deps;
}

/** Start-up lines describing what this configuration does (dev server and host start-up log). */
export function describeRuntime(settings: Settings): string[] {
  const lines = [
    `idempotency store: ${settings.idempotency.kind}${settings.idempotency.kind === "table" ? ` (table ${settings.idempotency.tableName})` : ""}`,
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

let defaultHandler: WebhookHandler | undefined;

/** The handler registered with the Functions host: settings from process.env, built on first use. */
export async function handleWebhook(request: HttpRequest, context: InvocationContext): Promise<WebhookResponse> {
  defaultHandler ??= createWebhookHandler(buildWebhookDeps(loadSettings(process.env)));
  return defaultHandler(request, context);
}
