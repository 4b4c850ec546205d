// Idempotency on Azure Table Storage (Azurite): the atomic insert as the claim, ETag-conditional completion and
// release, lease takeover; and the receiver through the local adapter with the table store and a stub process API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAzurite, type Azurite } from "../../../local/azurite.js";
import { startDevServer, type DevServer } from "../../../local/webhook/dev-server.js";
import type { SettledDelivery } from "../../../webhook/src/idempotency/store.js";
import type { WebhookAck } from "../../../webhook/src/payload/contract.js";
import { recordOf, TableIdempotencyStore } from "../../../webhook/src/idempotency/table-store.js";
import { FakeCredential, startDownstreamStub, type DownstreamStub } from "../support/stubs.js";

let azurite: Azurite;
let stub: DownstreamStub;
let server: DevServer;

beforeAll(async () => {
  [azurite, stub] = await Promise.all([startAzurite({ blob: false, table: true }), startDownstreamStub()]);
  server = await startDevServer({
    port: 0,
    quiet: true,
    env: {
      IDEMPOTENCY_STORE: "table",
      IDEMPOTENCY_TABLE_CONNECTION_STRING: azurite.connectionString,
      IDEMPOTENCY_TABLE_NAME: "webhookdeliveriestest",
      PROCESS_API_BASE_URL: stub.url,
      PROCESS_API_APP_ID_URI: "api://process-cases",
      PROJECT_LOOKUP_BASE_URL: stub.url,
    },
    overrides: {
      credential: new FakeCredential(),
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 },
      inFlightWaitMs: 10_000,
    },
  });
});
afterAll(async () => {
  await server?.close();
  await stub?.close();
  await azurite?.close();
});

const ack = { received: true as const, messageId: "x", orgId: 1 };
const settled = (response: WebhookAck): SettledDelivery => ({
  state: "received",
  response,
  bodyHash: "h",
  kind: "Note/Created",
});

describe("table idempotency store (Azurite)", () => {
  const store = () => new TableIdempotencyStore({ connectionString: azurite.connectionString, tableName: "storeunit" });

  it("claims once, reports busy while processing, and answers done with the stored body", async () => {
    const s = store();
    const first = await s.claim("m/1#?\\", 60_000);
    expect(first.kind).toBe("claimed");
    expect((await s.claim("m/1#?\\", 60_000)).kind).toBe("busy");
    await s.settle("m/1#?\\", (first as { token: string }).token, settled(ack));
    expect(await s.claim("m/1#?\\", 60_000)).toMatchObject({
      kind: "done",
      response: ack,
      bodyHash: "h",
      recordKind: "Note/Created",
    });
  });

  it("release lets the next delivery claim", async () => {
    const s = store();
    const first = await s.claim("rel-1", 60_000);
    await s.release("rel-1", (first as { token: string }).token);
    expect((await s.claim("rel-1", 60_000)).kind).toBe("claimed");
  });

  it("N concurrent claims of one id: exactly one wins", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => store().claim("race-1", 60_000)));
    expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "busy")).toHaveLength(11);
  });

  it("an expired lease can be taken over, and the old owner can no longer complete", async () => {
    const s = store();
    const old = await s.claim("lease-1", 1);
    await new Promise((r) => setTimeout(r, 20));
    const taken = await s.claim("lease-1", 60_000);
    expect(taken.kind).toBe("claimed");
    await expect(s.settle("lease-1", (old as { token: string }).token, settled(ack))).rejects.toThrow(/HTTP 412/);
    await s.settle("lease-1", (taken as { token: string }).token, settled(ack));
    expect((await s.claim("lease-1", 60_000)).kind).toBe("done");
  });

  it("a claim carries the answer; a consumer outcome recorded before the 'received' mark wins over it", async () => {
    const s = store();
    const { state: _, ...details } = settled({ ...ack, messageId: "race-mark" });
    const c = await s.claim("race-mark", 60_000, details);
    expect(await s.get("race-mark")).toMatchObject({ state: "processing", response: details.response, bodyHash: "h" });
    await s.recordOutcome("race-mark", { state: "processed", attempts: 1 });
    // The mark after the answer is conditional on the claim's ETag: it no longer applies.
    await expect(s.settle("race-mark", (c as { token: string }).token, settled(ack))).rejects.toThrow(/HTTP 412/);
    expect(await s.get("race-mark")).toMatchObject({
      state: "processed",
      response: details.response,
      kind: "Note/Created",
    });
    expect(await s.claim("race-mark", 60_000)).toMatchObject({
      kind: "done",
      response: details.response,
      bodyHash: "h",
    });
  });
});

describe("table store records for operations", () => {
  it("keeps the outcome, the hash and the delivery; reads old rows' 'done' as processed; purges by age", async () => {
    let now = Date.parse("2026-11-01T00:00:00Z");
    const s = new TableIdempotencyStore(
      { connectionString: azurite.connectionString, tableName: "storeops" },
      () => now,
    );
    const c = await s.claim("ops-1", 60_000);
    await s.settle("ops-1", (c as { token: string }).token, settled(ack));
    await s.recordOutcome("ops-1", {
      state: "failed",
      attempts: 3,
      lastError: "process API: HTTP 503",
      poisoned: true,
    });
    expect(await s.get("ops-1")).toMatchObject({
      messageId: "ops-1",
      state: "failed",
      attempts: 3,
      lastError: "process API: HTTP 503",
      poisoned: true,
      bodyHash: "h",
      kind: "Note/Created",
      response: ack,
    });
    expect((await s.list({ states: ["failed"] })).map((r) => r.messageId)).toEqual(["ops-1"]);
    await s.recordOutcome("ops-1", { state: "processed", attempts: 4 });
    const processed = await s.get("ops-1");
    expect(processed).toMatchObject({ state: "processed", attempts: 4 });
    expect([processed?.poisoned, processed?.lastError]).toEqual([undefined, undefined]);
    expect(recordOf({ MessageId: "old", State: "done", UpdatedAt: new Date(0) }).state).toBe("processed");

    now += 8 * 86_400_000;
    const fresh = await s.claim("ops-2", 60_000);
    await s.settle("ops-2", (fresh as { token: string }).token, settled(ack));
    expect(await s.purgeOlderThan(new Date(now - 7 * 86_400_000), 10)).toBe(1);
    expect(await s.get("ops-1")).toBeUndefined();
    expect(await s.get("ops-2")).toBeDefined();
  });
});

describe("receiver through the local adapter with the table store (inline processing)", () => {
  const post = async (projectId: number, messageId: string) => {
    const res = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-fv-messageid": messageId },
      body: JSON.stringify({ object: "Project", event: "Created", orgId: 3, projectId }),
    });
    return { status: res.status, body: await res.json() };
  };

  it("a redelivery returns the same 200 body and creates no second case", async () => {
    stub.projects.set(1, "First");
    const a = await post(1, "tbl-1");
    const b = await post(1, "tbl-1");
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
    expect(stub.cases().filter((c) => JSON.parse(c.body).ExternalId === "1")).toHaveLength(1);
  });

  it("N concurrent deliveries of one id create one case", async () => {
    stub.projects.set(2, "Second");
    const results = await Promise.all(Array.from({ length: 10 }, () => post(2, "tbl-conc")));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(stub.cases().filter((c) => JSON.parse(c.body).ExternalId === "2")).toHaveLength(1);
  });

  it("a failed delivery releases its claim; the redelivery processes", async () => {
    stub.projects.set(3, "Third");
    stub.caseAnswers.push({ status: 500 }, { status: 500 }, { status: 201 });
    expect((await post(3, "tbl-fail")).status).toBe(503);
    expect((await post(3, "tbl-fail")).status).toBe(200);
    expect((await post(3, "tbl-fail")).status).toBe(200);
    expect(stub.cases().filter((c) => JSON.parse(c.body).ExternalId === "3")).toHaveLength(3);
  });
});
