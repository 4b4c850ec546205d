// Project/Created end to end through the local adapter against a stub process API and project lookup:
// the create-case request, the app-only token, bounded retries, 503 + Retry-After with the claim released,
// and the 401/403 diagnosis.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../../local/webhook/dev-server.js";
import {
  captureLogs,
  FakeCredential,
  startDownstreamStub,
  type DownstreamStub,
  type LogCapture,
} from "../support/stubs.js";

let stub: DownstreamStub;
let server: DevServer;
let logs: LogCapture;
const credential = new FakeCredential();

async function post(body: unknown, messageId?: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", ...extra };
  if (messageId) headers["x-fv-messageid"] = messageId;
  const res = await fetch(server.url, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}
const projectCreated = (projectId: number) => ({ Object: "Project", Event: "Created", OrgId: 7, ProjectId: projectId });

beforeAll(async () => {
  stub = await startDownstreamStub();
  logs = captureLogs();
  server = await startDevServer({
    port: 0,
    env: {
      PROCESS_API_BASE_URL: stub.url,
      PROCESS_API_APP_ID_URI: "api://process-cases",
      PROJECT_LOOKUP_BASE_URL: stub.url,
    },
    logSink: logs.sink,
    overrides: { credential, retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 }, downstreamTimeoutMs: 300 },
  });
});
afterAll(async () => {
  await server?.close();
  await stub?.close();
});
beforeEach(() => {
  stub.requests.length = 0;
  stub.caseAnswers.length = 0;
  stub.lookupAnswers.length = 0;
  logs.lines.length = 0;
});

describe("Project/Created -> create case", () => {
  it("posts {ExternalId, Name} to the cases collection with an app-only token and the correlation headers", async () => {
    stub.projects.set(42, "Smith v. Jones");
    const tp = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const res = await post(projectCreated(42), "pc-1", { traceparent: tp });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      received: true,
      messageId: "pc-1",
      objectType: "Project",
      eventType: "Created",
      projectId: 42,
      orgId: 7,
    });
    expect(stub.lookups().map((r) => r.path)).toEqual(["/projects/42?orgId=7"]);
    const [c] = stub.cases();
    expect(JSON.parse(c!.body)).toEqual({ ExternalId: "42", Name: "Smith v. Jones" });
    expect(c!.headers.authorization).toMatch(/^Bearer ey/);
    expect(c!.headers["x-correlation-id"]).toBe("pc-1");
    expect(c!.headers.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    expect(credential.scopes).toContain("api://process-cases/.default");
  });

  it("treats 409 from the process API as an existing case", async () => {
    stub.projects.set(43, "Existing");
    stub.caseAnswers.push({ status: 409, body: { title: "Conflict" } });
    expect((await post(projectCreated(43), "pc-409")).status).toBe(200);
  });

  it("never creates a case without a name: lookup 404 or a nameless answer -> 503, no case request", async () => {
    const missing = await post(projectCreated(404), "pc-noname");
    expect(missing.status).toBe(503);
    expect(missing.headers.get("retry-after")).toBe("30");
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
    stub.lookupAnswers.push({ status: 200, body: { id: 44 } });
    expect((await post(projectCreated(44), "pc-noname-2")).status).toBe(503);
    expect(stub.cases()).toHaveLength(0);
  });

  it("retries 5xx a bounded number of times, then 503 with Retry-After; the claim is released so a redelivery creates the case", async () => {
    stub.projects.set(50, "Retry Matter");
    stub.caseAnswers.push({ status: 503 }, { status: 500 }, { status: 502 }, { status: 201, body: { id: "c50" } });
    const first = await post(projectCreated(50), "pc-retry");
    expect(first.status).toBe(503);
    expect(first.headers.get("retry-after")).toBe("30");
    expect(stub.cases()).toHaveLength(3);
    expect(logs.lines.filter((l) => String(l.record.msg).includes("retrying"))).toHaveLength(2);
    const redelivery = await post(projectCreated(50), "pc-retry");
    expect(redelivery.status).toBe(200);
    expect(stub.cases()).toHaveLength(4);
    expect((await post(projectCreated(50), "pc-retry")).status).toBe(200);
    expect(stub.cases()).toHaveLength(4);
  });

  it("a downstream timeout is retried and ends in a 503", async () => {
    stub.projects.set(51, "Slow Matter");
    stub.caseAnswers.push({ status: 201, delayMs: 1_000 });
    const res = await post(projectCreated(51), "pc-timeout");
    expect(res.status).toBe(503);
    expect(String(res.body.detail)).toMatch(/did not answer within 300 ms/);
  });

  it.each([403, 401])("%i from the process API -> 502 and a diagnostics log line without the token", async (status) => {
    stub.projects.set(60, "Forbidden Matter");
    stub.caseAnswers.push({ status, headers: { ErrorSource: "gateway", ErrorReason: "TenantOriginMissing" } });
    const res = await post(projectCreated(60), `pc-${status}`);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ status: 502, type: "/problems/webhooks/downstream-rejected" });
    expect(stub.cases()).toHaveLength(1); // not retried
    const line = logs.lines.find((l) => l.level === "error" && String(l.record.msg).includes(`HTTP ${status}`))!;
    expect(line.line).toContain("x-forward-tenant-origin: corp");
    expect(line.line).toContain("app role");
    expect(line.line).toContain("package version mismatch");
    expect(line.record.diagnostics).toMatchObject({
      callerIdentity: { roles: ["App.Read"], aud: "api://process-cases" },
      errorSource: "gateway",
      errorReason: "TenantOriginMissing",
    });
    expect(logs.text()).not.toMatch(/Bearer ey|eyJhbGciOiJub25l/);
    // The claim was released: once fixed, a redelivery creates the case.
    stub.caseAnswers.length = 0;
    expect((await post(projectCreated(60), `pc-${status}`)).status).toBe(200);
  });

  it("another 4xx from the process API -> 502, not retried", async () => {
    stub.projects.set(61, "Bad Matter");
    stub.caseAnswers.push({ status: 400, body: { title: "Bad Request" } });
    expect((await post(projectCreated(61), "pc-400")).status).toBe(502);
    expect(stub.cases()).toHaveLength(1);
  });
});

describe("dry run without PROCESS_API_BASE_URL", () => {
  it("logs the create-case request instead of sending it, and says so at start-up", async () => {
    const dryLogs = captureLogs();
    const dry = await startDevServer({ port: 0, env: { PROJECT_LOOKUP_BASE_URL: stub.url }, logSink: dryLogs.sink });
    try {
      expect(dry.description.join("\n")).toMatch(/create-case requests are logged, not sent/);
      stub.projects.set(70, "Dry Matter");
      const res = await fetch(dry.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(projectCreated(70)),
      });
      expect(res.status).toBe(200);
      expect(stub.cases()).toHaveLength(0);
      expect(dryLogs.find("dry run")).toMatchObject({
        request: {
          method: "POST",
          url: "<PROCESS_API_BASE_URL>/cases",
          body: { ExternalId: "70", Name: "Dry Matter" },
        },
      });
    } finally {
      await dry.close();
    }
  });
});
