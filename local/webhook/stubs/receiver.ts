// The receiver wired for local runs (`npm run local`, `npm run webhook:dev`, tests, benchmarks): idempotency table
// and delivery queue on Azurite, the process API and project lookup on the local stubs, and a local credential
// (the stubs check no token; nothing here talks to Azure).
import type { AccessToken, TokenCredential } from "@azure/identity";
import type { Azurite } from "../../azurite.js";

/** A credential for the stubs: a fixed opaque token, never sent beyond loopback. */
export const localCredential: TokenCredential = {
  async getToken(): Promise<AccessToken> {
    return { token: "local-stub-token", expiresOnTimestamp: Date.now() + 3_600_000 };
  },
};

export interface LocalReceiverOptions {
  /** Attempts before the poison queue (default 2 locally, so a failure is visible within seconds). */
  maxDequeueCount?: number;
  /** Seconds before a failed message is retried (default 1 locally). */
  visibilityTimeoutSeconds?: number;
  tableName?: string;
  queueName?: string;
}

/** The receiver's settings (app settings names) for Azurite and the stubs. */
export function localReceiverEnv(
  azurite: Pick<Azurite, "connectionString">,
  stubsUrl: string,
  o: LocalReceiverOptions = {},
): Record<string, string> {
  const vt = o.visibilityTimeoutSeconds ?? 1;
  return {
    IDEMPOTENCY_STORE: "table",
    IDEMPOTENCY_TABLE_NAME: o.tableName ?? "webhookdeliveries",
    IDEMPOTENCY_TABLE_CONNECTION_STRING: azurite.connectionString,
    DELIVERY_PROCESSING: "queue",
    WEBHOOK_QUEUE: azurite.connectionString,
    WEBHOOK_QUEUE_NAME: o.queueName ?? "webhook-deliveries",
    AzureFunctionsJobHost__extensions__queues__maxDequeueCount: String(o.maxDequeueCount ?? 2),
    AzureFunctionsJobHost__extensions__queues__visibilityTimeout: `00:${String(Math.floor(vt / 60)).padStart(2, "0")}:${String(vt % 60).padStart(2, "0")}`,
    PROCESS_API_BASE_URL: stubsUrl,
    PROCESS_API_APP_ID_URI: "api://process-cases-local",
    PROJECT_LOOKUP_BASE_URL: stubsUrl,
    WEBHOOK_VALIDATE_JWT: "false",
  };
}
