// docs-index preflight end to end: the data plane against Azurite (which serves Get/Set Blob Service
// Properties), the management plane (versioning) from recorded ARM responses.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createHttpHeaders, type HttpClient, type PipelineRequest } from "@azure/core-rest-pipeline";
import { BlobServiceClient } from "@azure/storage-blob";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startAzurite, type Azurite } from "../../local/azurite.js";
import { createContext } from "../../src/cli/context.js";
import { runDocsIndex, textSink as sink } from "../../src/cli/docs-index/in-process.js";
import { runPreflight } from "../../src/cli/docs-index/commands/preflight.js";
import { createOutput } from "../../src/cli/output.js";
import { DEFAULT_SERVICE_OPTIONS } from "../../src/search/io/service-options.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { ARM_STORAGE_API_VERSION } from "../../src/search/io/arm-blob-service.js";

// The local config: Azurite's account (the dev config names an Azure account).
const VARS_FILE = path.join(repoRoot, "config", "local", "vars.yml");
const ACCOUNT_ID =
  "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-docs-dev/providers/Microsoft.Storage/storageAccounts/devstoreaccount1";
const recorded = (name: string) => readFileSync(path.join(repoRoot, "test", "fixtures", "preflight", name), "utf8");

let azurite: Azurite;
let blobService: BlobServiceClient;
beforeAll(async () => {
  azurite = await startAzurite();
  blobService = BlobServiceClient.fromConnectionString(azurite.connectionString);
});
afterAll(async () => {
  await azurite.close();
});

async function cli(...args: string[]) {
  return runDocsIndex(args, { VARS_FILE, DOCS_STORAGE_CONNECTION_STRING: azurite.connectionString });
}

describe("docs-index preflight against Azurite", () => {
  beforeEach(async () => {
    await blobService.setProperties({ deleteRetentionPolicy: { enabled: false } });
  });

  it("fails (exit 1) while soft delete is off", async () => {
    const r = await cli("preflight");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/NOT ready/);
    expect(r.stdout).toMatch(/FAIL soft-delete: off/);
  });

  it("fails with 3 days of retention", async () => {
    await blobService.setProperties({ deleteRetentionPolicy: { enabled: true, days: 3 } });
    const r = await cli("--json", "preflight");
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.findings.find((f: any) => f.check === "soft-delete-retention")).toMatchObject({
      ok: false,
      observed: "3 days",
    });
  });

  it("passes (exit 0) with soft delete on for 7 days; versioning is off by the emulator", async () => {
    await blobService.setProperties({ deleteRetentionPolicy: { enabled: true, days: 7 } });
    const r = await cli("--json", "preflight");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ ok: true, account: "devstoreaccount1" });
    expect(report.findings.map((f: any) => [f.check, f.ok, f.source])).toEqual([
      ["soft-delete", true, "data plane (Azurite)"],
      ["soft-delete-retention", true, "data plane (Azurite)"],
      ["versioning", true, "emulator (Azurite has no blob versioning)"],
    ]);
  });
});

describe("preflight's management-plane route (recorded ARM responses)", () => {
  const requests: PipelineRequest[] = [];
  const recordedClient = (status: number, body: string): HttpClient => ({
    async sendRequest(request) {
      requests.push(request);
      return { request, status, headers: createHttpHeaders({ "content-type": "application/json" }), bodyAsText: body };
    },
  });
  const credential = {
    getToken: async () => ({ token: "recorded-token", expiresOnTimestamp: Date.now() + 3_600_000 }),
  };

  /** An Azure-mode context (no connection string) whose data plane is Azurite's blob service. */
  function azureContext(json = false) {
    const out = sink();
    const ctx = createContext(
      createOutput(json, { stdout: out.stream, stderr: sink().stream }),
      { VARS_FILE },
      {},
      {
        ...DEFAULT_SERVICE_OPTIONS,
        maxRetries: 0,
      },
    );
    return { ctx: { ...ctx, blobService: async () => blobService }, out };
  }

  beforeEach(async () => {
    requests.length = 0;
    await blobService.setProperties({ deleteRetentionPolicy: { enabled: true, days: 7 } });
  });

  it("reads isVersioningEnabled from blobServices/default with a bearer token and passes when it is off", async () => {
    const { ctx } = azureContext();
    const report = await runPreflight(ctx, {
      credential,
      httpClient: recordedClient(200, recorded("arm-blob-service-ready.json")),
    });
    expect(report.ok).toBe(true);
    expect(report.findings[2]).toMatchObject({
      check: "versioning",
      ok: true,
      observed: "off",
      source: expect.stringMatching(/management plane/),
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(
      `https://management.azure.com${ACCOUNT_ID}/blobServices/default?api-version=${ARM_STORAGE_API_VERSION}`,
    );
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer recorded-token");
  });

  it("fails when the management plane says versioning is on", async () => {
    const { ctx } = azureContext();
    const report = await runPreflight(ctx, {
      credential,
      httpClient: recordedClient(200, recorded("arm-blob-service-versioning-on.json")),
    });
    expect(report.ok).toBe(false);
    expect(report.findings.filter((f) => !f.ok).map((f) => f.check)).toEqual(["versioning"]);
  });

  it("turns a 403 from the management API into a RestError the CLI maps to exit 3", async () => {
    const { ctx } = azureContext();
    const body = JSON.stringify({ error: { code: "AuthorizationFailed", message: "no access" } });
    await expect(runPreflight(ctx, { credential, httpClient: recordedClient(403, body) })).rejects.toMatchObject({
      name: "RestError",
      statusCode: 403,
      message: expect.stringMatching(/AuthorizationFailed/),
    });
  });
});
