// Each step of the HTTP pipeline on its own (webhook/src/pipeline/): what it passes, and the refusal (status,
// problem type, headers) it returns otherwise. The composed handler is tested in http-function.test.ts.
import { describe, expect, it } from "vitest";
import { RetryableDownstreamError } from "../../../webhook/src/downstream/errors.js";
import { claimMessageId, type ClaimOutcome } from "../../../webhook/src/idempotency/claim.js";
import { MemoryIdempotencyStore } from "../../../webhook/src/idempotency/memory-store.js";
import { IdempotencyStoreError } from "../../../webhook/src/idempotency/store.js";
import { createLogger } from "../../../webhook/src/log.js";
import { enqueueDelivery, processInline } from "../../../webhook/src/pipeline/accept.js";
import { buildDeliveryMessage, MESSAGE_VERSION, type DeliveryMessage } from "../../../webhook/src/delivery/message.js";
import { claimVerdict } from "../../../webhook/src/pipeline/claim.js";
import { parseDelivery } from "../../../webhook/src/pipeline/parse-delivery.js";
import { Rejection } from "../../../webhook/src/pipeline/rejection.js";
import {
  checkDeclaredSize,
  checkMediaType,
  checkMethod,
  checkBodySize,
  checkRequest,
  MAX_BODY_BYTES,
} from "../../../webhook/src/pipeline/request-checks.js";
import { routeDelivery, validateForHandler } from "../../../webhook/src/pipeline/route.js";
import { releaseClaim, settleClaim } from "../../../webhook/src/pipeline/settle.js";
import { runEventHandler } from "../../../webhook/src/processing/run-event-handler.js";
import { PROBLEM_TYPES } from "../../../webhook/src/problem.js";
import { projectCreated } from "../../../webhook/src/events/project-created.js";
import { EventRouter, type EventContext, type EventHandler } from "../../../webhook/src/routing/registry.js";
import { captureLogs } from "../support/stubs.js";

const headers = (h: Record<string, string>) => new Headers(h);
const bytes = (s: string) => new TextEncoder().encode(s);
const services = {
  cases: { dryRun: true, createCase: async () => ({ outcome: "logged" as const }) },
  projects: { projectName: async () => "x" },
};
const delivery = { messageId: "m-1", bodyHash: "h1", kind: "Note/Created" };
const ack = { received: true as const, messageId: "m-1", orgId: 7 };

function refusal(r: unknown): [number, string] | undefined {
  return r instanceof Rejection ? [r.status, r.type] : undefined;
}

describe("request checks", () => {
  it.each([
    ["POST", undefined],
    ["GET", [405, PROBLEM_TYPES.methodNotAllowed]],
    ["PUT", [405, PROBLEM_TYPES.methodNotAllowed]],
  ])("method %s", (method, expected) => {
    expect(refusal(checkMethod(method))).toEqual(expected);
  });

  it("a 405 says which method to use (Allow: POST)", () => {
    expect(checkMethod("DELETE")?.options.headers).toEqual({ allow: "POST" });
  });

  it.each([
    [null, undefined],
    ["application/json", undefined],
    ["application/cloudevents+json; charset=utf-8", undefined],
    ["text/plain", [415, PROBLEM_TYPES.unsupportedMediaType]],
    ["application/json; charset=latin1", [415, PROBLEM_TYPES.unsupportedMediaType]],
  ])("media type %s", (contentType, expected) => {
    expect(refusal(checkMediaType(contentType))).toEqual(expected);
  });

  it.each([
    [null, undefined],
    [String(MAX_BODY_BYTES), undefined],
    [String(MAX_BODY_BYTES + 1), [413, PROBLEM_TYPES.payloadTooLarge]],
    ["not a number", undefined],
  ])("declared Content-Length %s", (length, expected) => {
    expect(refusal(checkDeclaredSize(length))).toEqual(expected);
  });

  it("checks in the documented order: the method before the media type", async () => {
    const request = {
      method: "GET",
      url: "http://x/api/webhooks",
      headers: headers({ "content-type": "text/plain" }),
      arrayBuffer: async () => new ArrayBuffer(0),
    };
    expect(refusal(await checkRequest(request))).toEqual([405, PROBLEM_TYPES.methodNotAllowed]);
  });

  it("refuses a body over the limit whatever Content-Length said", () => {
    expect(refusal(checkBodySize(new Uint8Array(MAX_BODY_BYTES + 1)))).toEqual([413, PROBLEM_TYPES.payloadTooLarge]);
    expect(checkBodySize(new Uint8Array(MAX_BODY_BYTES))).toBeUndefined();
  });

  it("waits for nothing unless a JWT is validated", () => {
    const request = {
      method: "POST",
      url: "http://x/",
      headers: headers({}),
      arrayBuffer: async () => new ArrayBuffer(0),
    };
    expect(checkRequest(request)).toBeUndefined();
  });
});

describe("parse", () => {
  it("reads the known payload fields and the delivery headers", () => {
    const parsed = parseDelivery(bytes('{"orgid":7,"Object":"Note","Extra":1}'), headers({ "x-fv-messageid": "m-1" }));
    expect(parsed).toEqual({ payload: { orgId: 7, object: "Note" }, headers: { messageId: "m-1" } });
  });

  it.each([
    ["invalid UTF-8", new Uint8Array([0xff, 0xfe, 0x7b]), {}, [400, PROBLEM_TYPES.invalidJson]],
    ["invalid JSON", bytes("{"), {}, [400, PROBLEM_TYPES.invalidJson]],
    ["OrgId missing", bytes("{}"), {}, [400, PROBLEM_TYPES.validation]],
    ["bad x-fv-timestamp", bytes('{"OrgId":1}'), { "x-fv-timestamp": "yesterday" }, [400, PROBLEM_TYPES.validation]],
  ])("%s is a 400", (_name, body, h, expected) => {
    expect(refusal(parseDelivery(body, headers(h)))).toEqual(expected);
  });

  it("names every failing field: the headers' and the payload's", () => {
    const r = parseDelivery(bytes("{}"), headers({ "x-fv-timestamp": "yesterday" }));
    expect((r as Rejection).options.errors?.map((e) => e.key)).toEqual(["x-fv-timestamp", "OrgId"]);
  });
});

describe("route and validate", () => {
  const router = new EventRouter([projectCreated]);
  it("finds the handler by kind, case-insensitively; no handler for an unknown kind", () => {
    expect(routeDelivery(router, { orgId: 1, object: "project", event: "CREATED" })).toBe(projectCreated);
    expect(routeDelivery(router, { orgId: 1, object: "Note", event: "Created" })).toBeUndefined();
  });

  it("refuses what the handler requires (Project/Created without ProjectId) before anything is accepted", () => {
    const r = validateForHandler(projectCreated, { orgId: 1, object: "Project", event: "Created" });
    expect(refusal(r)).toEqual([400, PROBLEM_TYPES.validation]);
    expect(r?.options.errors?.[0]?.key).toBe("ProjectId");
    expect(validateForHandler(projectCreated, { orgId: 1, projectId: 5 })).toBeUndefined();
    expect(validateForHandler(undefined, { orgId: 1 })).toBeUndefined();
  });
});

describe("claim", () => {
  it.each<[string, ClaimOutcome, unknown]>([
    ["claimed", { kind: "claimed", token: "t" }, { kind: "claimed", token: "t" }],
    ["same body", { kind: "done", response: ack, bodyHash: "h1" }, { kind: "redelivery", response: ack }],
    ["a record without a hash", { kind: "done", response: ack }, { kind: "redelivery", response: ack }],
  ])("%s: goes on", (_name, outcome, expected) => {
    expect(claimVerdict(outcome, delivery, "memory")).toEqual(expected);
  });

  it.each<[string, ClaimOutcome, [number, string], Record<string, string> | undefined]>([
    [
      "another body",
      { kind: "done", response: ack, bodyHash: "h2", recordKind: "Project/Created" },
      [409, PROBLEM_TYPES.messageIdConflict],
      undefined,
    ],
    [
      "busy",
      { kind: "busy", leaseUntil: new Date(), retryAfterSeconds: 7 },
      [409, PROBLEM_TYPES.deliveryInProgress],
      { "retry-after": "7" },
    ],
    [
      "store down",
      { kind: "unavailable", error: new IdempotencyStoreError("down") },
      [503, PROBLEM_TYPES.downstreamUnavailable],
      { "retry-after": "30" },
    ],
  ])("%s: refused", (_name, outcome, expected, retryAfter) => {
    const r = claimVerdict(outcome, delivery, "table");
    expect(refusal(r)).toEqual(expected);
    expect((r as Rejection).options.headers).toEqual(retryAfter);
  });

  it("claims in the store; the second delivery of the id is a redelivery", async () => {
    const store = new MemoryIdempotencyStore();
    const options = { leaseMs: 60_000, waitMs: 0, maxRetryAfterSeconds: 30 };
    const claimDelivery = async () => claimVerdict(await claimMessageId(store, "m-1", options), delivery, store.kind);
    const first = await claimDelivery();
    expect(first).toMatchObject({ kind: "claimed" });
    await store.settle("m-1", (first as { token: string }).token, {
      state: "processed",
      response: ack,
      bodyHash: "h1",
      kind: "Note/Created",
    });
    expect(await claimDelivery()).toEqual({ kind: "redelivery", response: ack });
  });
});

describe("accept", () => {
  const message = buildDeliveryMessage(
    { messageId: "m-1", timestamp: "2026-11-23T09:44:50.123Z" },
    { orgId: 7 },
    { "x-forward-tenant-origin": "corp" },
    { traceId: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", requestId: "req-1" },
    new Date("2026-11-23T09:44:51Z"),
  );

  it("builds the queue message from the delivery", () => {
    expect(message).toEqual({
      v: 1,
      messageId: "m-1",
      timestamp: "2026-11-23T09:44:50.123Z",
      receivedAt: "2026-11-23T09:44:51.000Z",
      payload: { orgId: 7 },
      forward: { "x-forward-tenant-origin": "corp" },
      traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      requestId: "req-1",
    });
  });

  it("a queue write that fails is a 503 with Retry-After naming the queue in the log fields", async () => {
    const sent: unknown[] = [];
    const ok = { name: "q", send: async (m: unknown) => void sent.push(m) };
    const down = { name: "q", send: async () => Promise.reject(new Error("ECONNREFUSED")) };
    expect(await enqueueDelivery(ok, message)).toBeUndefined();
    expect(sent).toEqual([message]);
    const r = await enqueueDelivery(down, message);
    expect(refusal(r)).toEqual([503, PROBLEM_TYPES.queueUnavailable]);
    expect(r?.options).toMatchObject({
      headers: { "retry-after": "30" },
      fields: { queue: "q", error: "ECONNREFUSED" },
    });
  });

  it("inline: a handler failing temporarily is a 503 with Retry-After, logged once", async () => {
    const logs = captureLogs();
    const failing: EventHandler = {
      object: "Project",
      event: "Created",
      handle: async () => Promise.reject(new RetryableDownstreamError("process API", "503")),
    };
    const r = await processInline(failing, message, services, createLogger(logs.sink));
    expect(refusal(r)).toEqual([503, PROBLEM_TYPES.downstreamUnavailable]);
    expect(logs.find("processing failed temporarily")).toBeDefined();
  });
});

describe("runEventHandler (the inline path and the queue consumer)", () => {
  it("hands the handler the payload, forwarded headers, trace and the message id as correlation", async () => {
    const seen: EventContext[] = [];
    const handler: EventHandler = { object: "A", event: "B", handle: async (ctx) => void seen.push(ctx) };
    const log = createLogger(() => {});
    await runEventHandler(handler, { ...buildMessage(), messageId: "m-9" }, services, log);
    await runEventHandler(handler, { ...buildMessage(), messageId: undefined }, services, log);
    expect(seen.map((c) => [c.messageId, c.correlationId, c.forwardHeaders, c.traceparent])).toEqual([
      ["m-9", "m-9", { "x-forward-tenant-origin": "corp" }, "tp"],
      [undefined, "req-1", { "x-forward-tenant-origin": "corp" }, "tp"],
    ]);
  });

  function buildMessage(): DeliveryMessage {
    return {
      v: MESSAGE_VERSION,
      receivedAt: "2026-11-23T09:44:50.123Z",
      payload: { orgId: 1 },
      forward: { "x-forward-tenant-origin": "corp" },
      traceparent: "tp",
      requestId: "req-1",
    };
  }
});

describe("settle and release", () => {
  it("never reject: a failed settle or release is logged, the answer stands", async () => {
    const logs = captureLogs();
    const log = createLogger(logs.sink);
    const broken = new MemoryIdempotencyStore();
    broken.settle = async () => Promise.reject(new Error("table down"));
    broken.release = async () => Promise.reject(new Error("table down"));
    await expect(
      settleClaim(broken, "m-1", "t", { state: "received", response: ack, bodyHash: "h", kind: "k" }, log),
    ).resolves.toBeUndefined();
    await expect(releaseClaim(broken, "m-1", "t", log)).resolves.toBeUndefined();
    expect(logs.find("could not be marked")).toMatchObject({ error: "table down" });
    expect(logs.find("could not release the claim")).toMatchObject({ error: "table down" });
  });
});
