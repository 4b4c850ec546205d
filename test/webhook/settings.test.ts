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
      WEBSITE_INSTANCE_ID: "abc",
    });
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

  it("refuses local-only defaults in Azure (memory store, dry run)", () => {
    const p = problems({ WEBSITE_INSTANCE_ID: "abc" });
    expect(p.some((l) => l.startsWith("PROCESS_API_BASE_URL: required in Azure"))).toBe(true);
    expect(p.some((l) => l.startsWith('IDEMPOTENCY_STORE: "table" in Azure'))).toBe(true);
  });
});
