// Where `webhook-deliveries` works: the receiver's own settings (the same variables as the function app) -> the
// idempotency table and the two queues, each client with the command's timeouts and deadline, and where each
// address came from, for the `waiting for` and `no answer from` lines.
import { DefaultAzureCredential } from "@azure/identity";
import { CliError } from "../exit-codes.js";
import { origin, type ServiceOptions } from "../../search/io/service-options.js";
import { createQueue, createStore } from "../../../webhook/src/runtime.js";
import { loadSettings, queueEndpointOf, tableEndpointOf, type Settings } from "../../../webhook/src/settings.js";
import type { OpsTarget, RequestGuard } from "../../deliveries/ports.js";
import { storageDeliveryQueue } from "../../deliveries/io/storage-queue.js";
import { patientAttempt, patientClientOptions, storageRetryOptions } from "../../search/io/patience-policy.js";

export interface Endpoint {
  url: string;
  /** The variable the address was read from. */
  source: string;
}

export interface DeliveriesTarget extends OpsTarget {
  table: Endpoint;
  queueService: Endpoint;
}

/** Pure: the table and queue endpoints the settings name, with the variable each came from. */
function endpointsOf(settings: Settings): { table?: Endpoint; queueService?: Endpoint } {
  const s = settings.idempotency;
  const p = settings.processing;
  return {
    table:
      s.kind !== "table"
        ? undefined
        : s.connectionString !== undefined
          ? { url: tableEndpointOf(s.connectionString) ?? "", source: "IDEMPOTENCY_TABLE_CONNECTION_STRING" }
          : { url: s.endpoint, source: "IDEMPOTENCY_TABLE_ENDPOINT" },
    queueService:
      p.kind !== "queue"
        ? undefined
        : "connectionString" in p.target
          ? { url: queueEndpointOf(p.target.connectionString) ?? "", source: "WEBHOOK_QUEUE" }
          : { url: p.target.queueServiceUri, source: "WEBHOOK_QUEUE__queueServiceUri" },
  };
}

/** `<origin> (from <variable>)` for a request URL, when it is one of the target's endpoints. */
export function describeUrl(url: string, endpoints: readonly Endpoint[]): string {
  const o = origin(url);
  const known = endpoints.find((e) => origin(e.url) === o);
  return known ? `${o} (from ${known.source})` : o;
}

/** The target from settings; a missing store or queue setting is a usage error naming the variables. */
export function targetFrom(env: NodeJS.ProcessEnv, service: ServiceOptions): DeliveriesTarget {
  const settings = loadSettings(env);
  const { table, queueService } = endpointsOf(settings);
  if (!table)
    throw new CliError(
      "the idempotency table is not configured: set IDEMPOTENCY_TABLE_ENDPOINT (Azure) or IDEMPOTENCY_TABLE_CONNECTION_STRING (Azurite)",
      "usage",
    );
  if (!queueService)
    throw new CliError(
      "the delivery queue is not configured: set WEBHOOK_QUEUE__queueServiceUri (Azure) or WEBHOOK_QUEUE (Azurite)",
      "usage",
    );
  let credential: DefaultAzureCredential | undefined;
  const getCredential = () => (credential ??= new DefaultAzureCredential());
  // The table client takes docs-index's patience policies (the retry budget, the deadline on every call, the
  // timeout on every attempt); the queue client's pipeline takes no policies, so each queue call runs through the
  // guard, with the same rules, and its retries are bounded by the request timeout.
  const queue = createQueue(settings, getCredential, { retryOptions: storageRetryOptions(service) })!;
  const guard: RequestGuard = (url, send) => patientAttempt(service, url, send);
  return {
    store: createStore(settings, getCredential, patientClientOptions(service)),
    queue: storageDeliveryQueue(queue.client, guard),
    poison: storageDeliveryQueue(queue.poison, guard),
    table,
    queueService,
  };
}
