import { describe, expect, it } from "vitest";
import { loadSettings, SettingsError } from "../../webhook/src/settings.js";

function problems(env: Record<string, string>): string[] {
  try {
    loadSettings(env);
  } catch (err) {
    if (err instanceof SettingsError) return err.problems.map((p) => `${p.variable}: ${p.expected}`);
    throw err;
  }
  return [];
}

describe("webhook settings", () => {
  it("runs locally with no settings: memory store, dry run, no JWT validation, spec defaults", () => {
    const s = loadSettings({});
    expect(s.idempotency).toEqual({ kind: "memory" });
    expect(s.processApi).toBeUndefined();
    expect(s.jwt).toEqual({ validate: false });
    const v = loadSettings({ WEBHOOK_VALIDATE_JWT: "true", WEBHOOK_IDENTITY_URL: "https://identity.example.com/" });
    expect(v.jwt).toEqual({
      validate: true,
      identityUrl: "https://identity.example.com",
      audience: "provider-v2-webhooks",
      requiredScope: "provider-v2-webhooks-access",
      scopeClaim: "scope",
    });
  });

  it("reads the infrastructure stack's settings (identity-based table endpoint)", () => {
    const s = loadSettings({
      PROCESS_API_BASE_URL: "https://apim.example.net/prc-cases/",
      PROCESS_API_APP_ID_URI: "api://prc-cases-dev",
      PROJECT_LOOKUP_BASE_URL: "https://apim.example.net/projects",
      IDEMPOTENCY_STORE: "table",
      IDEMPOTENCY_TABLE_NAME: "webhookdeliveries",
      IDEMPOTENCY_TABLE_ENDPOINT: "https://stfunc.table.core.windows.net",
      WEBHOOK_PROVIDER_NAME: "casepro",
      WEBHOOK_VALIDATE_JWT: "false",
      WEBHOOK_QUEUE__queueServiceUri: "https://stfunc.queue.core.windows.net",
      WEBSITE_INSTANCE_ID: "abc",
    });
    expect(s.processing).toEqual({
      kind: "queue",
      queueName: "webhook-deliveries",
      target: { queueServiceUri: "https://stfunc.queue.core.windows.net" },
      maxDequeueCount: 5,
      visibilityTimeoutMs: 30_000,
    });
    expect(s.requireTenantOrigin).toBe(true);
    expect(s.retentionDays).toBe(7);
    expect(s.processApi).toEqual({ baseUrl: "https://apim.example.net/prc-cases", appIdUri: "api://prc-cases-dev" });
    expect(s.idempotency).toEqual({
      kind: "table",
      tableName: "webhookdeliveries",
      endpoint: "https://stfunc.table.core.windows.net",
    });
    expect(s.inAzure).toBe(true);
  });

  it("names the variable and the expectation for bad values", () => {
    expect(problems({ IDEMPOTENCY_STORE: "redis" })).toEqual(['IDEMPOTENCY_STORE: expected "memory" or "table"']);
    expect(problems({ WEBHOOK_VALIDATE_JWT: "yes" })[0]).toMatch(/^WEBHOOK_VALIDATE_JWT: expected "true" or "false"/);
    expect(problems({ PROCESS_API_BASE_URL: "http://apim.example.net" })[0]).toMatch(
      /^PROCESS_API_BASE_URL: expected https/,
    );
    expect(problems({ PROCESS_API_BASE_URL: "https://apim.example.net" })[0]).toMatch(
      /^PROCESS_API_APP_ID_URI: required/,
    );
    expect(problems({ IDEMPOTENCY_STORE: "table" })[0]).toMatch(/^IDEMPOTENCY_TABLE_ENDPOINT: required/);
    expect(problems({ WEBHOOK_VALIDATE_JWT: "true" })[0]).toMatch(/^WEBHOOK_IDENTITY_URL: required/);
    expect(problems({ IDEMPOTENCY_TABLE_NAME: "1bad" })[0]).toMatch(/^IDEMPOTENCY_TABLE_NAME:/);
  });

  it("accepts a table connection string only for a loopback endpoint (Azurite)", () => {
    const azurite =
      "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=a2V5;TableEndpoint=http://127.0.0.1:10002/devstoreaccount1;";
    expect(loadSettings({ IDEMPOTENCY_TABLE_CONNECTION_STRING: azurite }).idempotency).toMatchObject({
      kind: "table",
      connectionString: azurite,
    });
    expect(
      problems({
        IDEMPOTENCY_TABLE_CONNECTION_STRING:
          "DefaultEndpointsProtocol=https;AccountName=prod;AccountKey=a2V5;TableEndpoint=https://prod.table.core.windows.net/",
      })[0],
    ).toMatch(/^IDEMPOTENCY_TABLE_CONNECTION_STRING: for Azurite only/);
  });

  it("reads the queue's host settings, retention and the Azurite queue connection", () => {
    const azurite =
      "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=a2V5;QueueEndpoint=http://127.0.0.1:10001/devstoreaccount1;";
    const s = loadSettings({
      WEBHOOK_QUEUE: azurite,
      WEBHOOK_QUEUE_NAME: "deliveries-dev",
      AzureFunctionsJobHost__extensions__queues__maxDequeueCount: "8",
      AzureFunctionsJobHost__extensions__queues__visibilityTimeout: "00:02:00",
      IDEMPOTENCY_RETENTION_DAYS: "10",
    });
    expect(s.processing).toMatchObject({
      kind: "queue",
      queueName: "deliveries-dev",
      target: { connectionString: azurite },
      maxDequeueCount: 8,
      visibilityTimeoutMs: 120_000,
    });
    expect(s.retentionDays).toBe(10);
    expect(loadSettings({}).processing).toEqual({ kind: "inline" });
    expect(
      problems({
        WEBHOOK_QUEUE:
          "DefaultEndpointsProtocol=https;AccountName=p;AccountKey=a2V5;QueueEndpoint=https://p.queue.core.windows.net/",
      })[0],
    ).toMatch(/^WEBHOOK_QUEUE: for Azurite only/);
    expect(problems({ DELIVERY_PROCESSING: "queue" })[0]).toMatch(/^WEBHOOK_QUEUE__queueServiceUri: required/);
    expect(problems({ AzureFunctionsJobHost__extensions__queues__visibilityTimeout: "30s" })[0]).toMatch(/hh:mm:ss/);
    expect(problems({ AzureFunctionsJobHost__extensions__queues__maxDequeueCount: "0" })[0]).toMatch(/at least 1/);
    expect(problems({ IDEMPOTENCY_RETENTION_DAYS: "0" })[0]).toMatch(
      /^IDEMPOTENCY_RETENTION_DAYS: expected at least 1 day/,
    );
    expect(problems({ WEBHOOK_QUEUE_NAME: "Bad_Name" })[0]).toMatch(/^WEBHOOK_QUEUE_NAME:/);
  });

  it("the storage clients' timeout and retries: bounded defaults, settable, out-of-range values named", () => {
    expect(loadSettings({}).storage).toEqual({ requestTimeoutMs: 1_500, maxRetries: 1 });
    expect(
      loadSettings({ WEBHOOK_STORAGE_REQUEST_TIMEOUT_MS: "800", WEBHOOK_STORAGE_MAX_RETRIES: "0" }).storage,
    ).toEqual({ requestTimeoutMs: 800, maxRetries: 0 });
    expect(problems({ WEBHOOK_STORAGE_REQUEST_TIMEOUT_MS: "0" })[0]).toMatch(
      /^WEBHOOK_STORAGE_REQUEST_TIMEOUT_MS: expected at least 100 ms/,
    );
    expect(problems({ WEBHOOK_STORAGE_REQUEST_TIMEOUT_MS: "60000" })[0]).toMatch(/expected at most 30000 ms/);
    expect(problems({ WEBHOOK_STORAGE_MAX_RETRIES: "many" })[0]).toMatch(/^WEBHOOK_STORAGE_MAX_RETRIES: expected/);
    expect(problems({ WEBHOOK_STORAGE_MAX_RETRIES: "9" })[0]).toMatch(/expected at most 5/);
  });

  it("host.json's queue settings are the defaults the consumer assumes", async () => {
    const { readFileSync } = await import("node:fs");
    const host = JSON.parse(readFileSync(new URL("../../webhook/host.json", import.meta.url), "utf8"));
    const d = await import("../../webhook/src/queue/host-settings.js");
    expect(host.extensions.queues).toMatchObject({
      maxDequeueCount: d.DEFAULT_MAX_DEQUEUE_COUNT,
      visibilityTimeout: d.DEFAULT_VISIBILITY_TIMEOUT,
      batchSize: d.DEFAULT_BATCH_SIZE,
      maxPollingInterval: d.DEFAULT_MAX_POLLING_INTERVAL,
      messageEncoding: "base64",
    });
    expect(d.timeSpanMs("1.00:00:01.5")).toBe(86_401_500);
    expect(d.timeSpanMs("00:61:00")).toBeUndefined();
  });

  it("refuses local-only defaults in Azure (memory store, dry run, inline processing)", () => {
    const p = problems({ WEBSITE_INSTANCE_ID: "abc" });
    expect(p.some((l) => l.startsWith('DELIVERY_PROCESSING: "queue" in Azure'))).toBe(true);
    expect(p.some((l) => l.startsWith("PROCESS_API_BASE_URL: required in Azure"))).toBe(true);
    expect(p.some((l) => l.startsWith('IDEMPOTENCY_STORE: "table" in Azure'))).toBe(true);
  });
});
