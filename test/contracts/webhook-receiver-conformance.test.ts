// Contract test: the receiver's actual responses (status codes, content types, bodies, headers) conform to
// the committed OpenAPI v1. The handler is called in-process the way the Functions host calls it
// (new HttpRequest / new InvocationContext); bodies are validated with ajv against the document's schemas, and
// each problem's `type` must be one the declared response's description names.
import { HttpRequest, InvocationContext } from "@azure/functions";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPENAPI_V1_FILE } from "../../contracts/webhook/src/build.js";
import { AZURITE_ACCOUNT_KEY, AZURITE_ACCOUNT_NAME } from "../../local/azurite.js";
import { DownstreamRejectedError, RetryableDownstreamError } from "../../webhook/src/downstream/errors.js";
import { invocationOf } from "../../webhook/src/functions-binding.js";
import { createWebhookHandler, type WebhookDeps } from "../../webhook/src/http-function.js";
import { MAX_BODY_BYTES } from "../../webhook/src/pipeline/request-checks.js";
import type { WebhookResponse } from "../../webhook/src/pipeline/respond.js";
import { MemoryIdempotencyStore } from "../../webhook/src/idempotency/memory-store.js";
import { PROBLEM_TYPES } from "../../webhook/src/problem.js";
import type { DeliveryMessage } from "../../webhook/src/delivery/message.js";
import { queueServiceFor, StorageDeliveryQueue, type DeliveryQueue } from "../../webhook/src/queue/storage-queue.js";
import { EventRouter, type EventHandler } from "../../webhook/src/routing/registry.js";
import { NOTE_CREATED } from "../webhook/support/stubs.js";
import { createSchemaValidator } from "./openapi-schema.js";

interface ResponseSpec {
  description?: string;
  headers?: Record<string, { required?: boolean; schema: object }>;
  content?: Record<string, { schema: object }>;
}
const doc = JSON.parse(readFileSync(OPENAPI_V1_FILE, "utf8")) as {
  paths: { "/api/webhooks": { post: { responses: Record<string, ResponseSpec> } } };
  components: { schemas: Record<string, object> };
};
const responses = doc.paths["/api/webhooks"].post.responses;
const schemas = createSchemaValidator(doc);

/** The declared response for a status: the exact code, else its range (5XX), as OpenAPI resolves it. */
function declaredResponse(status: number): ResponseSpec | undefined {
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Asserts one actual response against the contract and returns the matched declaration. */
function expectConforms(res: WebhookResponse): void {
  const declared = declaredResponse(res.status);
  expect(declared, `status ${res.status} is not declared`).toBeDefined();
  const type = mediaType(res.headers["content-type"]);
  const content = declared!.content?.[type];
  expect(
    content,
    `status ${res.status}: content type ${type} not declared (declared: ${Object.keys(declared!.content ?? {}).join(", ")})`,
  ).toBeDefined();
  expect(schemas.errors(content!.schema, res.jsonBody), `status ${res.status} body`).toEqual([]);
  for (const [name, header] of Object.entries(declared!.headers ?? {})) {
    const actual = Object.entries(res.headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    if (actual === undefined) {
      expect(header.required ?? false, `required header ${name}`).toBe(false);
      continue;
    }
    const value = /^\d+$/.test(actual) ? Number(actual) : actual;
    expect(schemas.errors(header.schema, value), `header ${name}`).toEqual([]);
  }
  // The 5XX catch-all names no types; every declared status does.
  const problemType = (res.jsonBody as { type?: unknown }).type;
  if (typeof problemType === "string" && responses[String(res.status)] && PROBLEM_DESCRIBED.has(res.status))
    expect(declared!.description, `status ${res.status} description names ${problemType}`).toContain(
      `\`${problemType}\``,
    );
}

/** Statuses whose description lists the problem types the receiver answers with. */
const PROBLEM_DESCRIBED = new Set([409, 502, 503]);

/** A delivery queue that records what it stores (queued mode without Azurite). */
function recordingQueue(): DeliveryQueue & { sent: DeliveryMessage[] } {
  const sent: DeliveryMessage[] = [];
  return { name: "deliveries", sent, send: async (m) => void sent.push(m) };
}

/** The real Storage queue client against a port nothing listens on: every write fails (connection refused). */
const unreachableQueue = () =>
  new StorageDeliveryQueue(
    queueServiceFor({
      connectionString:
        `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT_NAME};AccountKey=${AZURITE_ACCOUNT_KEY};` +
        `QueueEndpoint=http://127.0.0.1:9/${AZURITE_ACCOUNT_NAME};`,
    }),
    "deliveries",
  );

function handlerWith(
  opts: {
    handlers?: EventHandler[];
    jwtStatus?: 401 | 403;
    inFlightWaitMs?: number;
    queue?: DeliveryQueue;
    store?: MemoryIdempotencyStore;
  } = {},
) {
  const deps: WebhookDeps = {
    store: opts.store ?? new MemoryIdempotencyStore(),
    router: new EventRouter(opts.handlers ?? []),
    services: {
      cases: { dryRun: true, createCase: async () => ({ outcome: "logged" }) },
      projects: { projectName: async (id) => `Project ${id}` },
    },
    logSink: () => {},
    inFlightWaitMs: opts.inFlightWaitMs ?? 50,
  };
  if (opts.queue) deps.queue = opts.queue;
  if (opts.jwtStatus) {
    const status = opts.jwtStatus;
    deps.jwt = {
      validate: async () => ({ ok: false, status, error: "invalid_token", description: "rejected by the test" }),
    };
  }
  return createWebhookHandler(deps);
}

function post(body: string | object | Uint8Array, headers: Record<string, string> = {}, method = "POST"): HttpRequest {
  const init =
    typeof body === "string"
      ? { string: body }
      : body instanceof Uint8Array
        ? { bytes: body }
        : { string: JSON.stringify(body) };
  return new HttpRequest({
    method,
    url: "http://localhost:7071/api/webhooks",
    headers: { "content-type": "application/json", ...headers },
    body: method === "GET" ? undefined : init,
  });
}

const ctx = () =>
  invocationOf(new InvocationContext({ invocationId: "inv-contract", functionName: "webhooks", logHandler: () => {} }));
const throwing = (error: Error): EventHandler => ({
  object: "Note",
  event: "Created",
  handle: async () => {
    throw error;
  },
});

describe("the receiver conforms to openapi.v1.json", () => {
  it("200: the acknowledgement with every field", async () => {
    const res = await handlerWith()(
      post(NOTE_CREATED, { "x-fv-messageid": "m-1", "x-fv-timestamp": "2026-11-23T09:44:50.123Z" }),
      ctx(),
    );
    expect(res.status).toBe(200);
    expectConforms(res);
    expect(res.jsonBody).toMatchObject({ received: true, messageId: "m-1", noteId: 9, projectId: 42, orgId: 7 });
  });

  it("200 in queued mode: stored for processing, x-forward-tenant-origin kept for the downstream calls", async () => {
    const queue = recordingQueue();
    const res = await handlerWith({ queue })(
      post(
        { Object: "Project", Event: "Created", OrgId: 7, ProjectId: 42 },
        {
          "x-fv-messageid": "m-queued",
          "x-forward-tenant-origin": "corp",
        },
      ),
      ctx(),
    );
    expect(res.status).toBe(200);
    expectConforms(res);
    expect(queue.sent).toHaveLength(1);
    expect(queue.sent[0]).toMatchObject({ messageId: "m-queued", forward: { "x-forward-tenant-origin": "corp" } });
  });

  it("200: case-insensitive payload names, minimal acknowledgement", async () => {
    const res = await handlerWith()(post({ orgid: 1, OBJECT: "Contact", event: "Deleted" }), ctx());
    expect(res.status).toBe(200);
    expectConforms(res);
  });

  it.each([
    ["invalid JSON", "{not json"],
    ["schema violation (OrgId missing)", { Object: "Note" }],
  ])("400: %s, as problem+json", async (_case, body) => {
    const res = await handlerWith()(post(body), ctx());
    expect(res.status).toBe(400);
    expectConforms(res);
  });

  it("400 schema violations carry errors[{key, values}]", async () => {
    const res = await handlerWith()(post({ OrgId: "seven" }), ctx());
    expect(res.status).toBe(400);
    expectConforms(res);
    expect((res.jsonBody as { errors?: unknown[] }).errors?.length).toBeGreaterThan(0);
  });

  it("401 and 403 from JWT validation", async () => {
    for (const status of [401, 403] as const) {
      const res = await handlerWith({ jwtStatus: status })(post(NOTE_CREATED), ctx());
      expect(res.status).toBe(status);
      expectConforms(res);
    }
  });

  it("409: the same message id still processing", async () => {
    let release!: () => void;
    const slow: EventHandler = {
      object: "Note",
      event: "Created",
      handle: () => new Promise<void>((r) => (release = r)),
    };
    const handle = handlerWith({ handlers: [slow], inFlightWaitMs: 20 });
    const first = handle(post(NOTE_CREATED, { "x-fv-messageid": "dup" }), ctx());
    await new Promise((r) => setTimeout(r, 10));
    const second = await handle(post(NOTE_CREATED, { "x-fv-messageid": "dup" }), ctx());
    release();
    await first;
    expect(second.status).toBe(409);
    expectConforms(second);
    expect(second.jsonBody).toMatchObject({ type: PROBLEM_TYPES.deliveryInProgress, title: "Conflict" });
    expect(Number(second.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("409: the same message id with a different payload, without Retry-After", async () => {
    const handle = handlerWith({ queue: recordingQueue() });
    const first = await handle(post(NOTE_CREATED, { "x-fv-messageid": "m-conflict" }), ctx());
    expect(first.status).toBe(200);
    const other = await handle(post({ ...NOTE_CREATED, Event: "Deleted" }, { "x-fv-messageid": "m-conflict" }), ctx());
    expect(other.status).toBe(409);
    expectConforms(other);
    expect(other.jsonBody).toMatchObject({ type: PROBLEM_TYPES.messageIdConflict, title: "Conflict", status: 409 });
    expect(other.headers["retry-after"]).toBeUndefined();
    // The same payload again is still the first acknowledgement.
    const again = await handle(post(NOTE_CREATED, { "x-fv-messageid": "m-conflict" }), ctx());
    expect(again.status).toBe(200);
    expect(again.jsonBody).toEqual(first.jsonBody);
  });

  it("413: a body over 1 MiB", async () => {
    const res = await handlerWith()(post(new Uint8Array(MAX_BODY_BYTES + 10).fill(32)), ctx());
    expect(res.status).toBe(413);
    expectConforms(res);
  });

  it("415: not JSON", async () => {
    const res = await handlerWith()(post("OrgId=1", { "content-type": "text/plain" }), ctx());
    expect(res.status).toBe(415);
    expectConforms(res);
  });

  it("502 (inline mode only): downstream refused", async () => {
    const res = await handlerWith({ handlers: [throwing(new DownstreamRejectedError("process API", 400, "bad"))] })(
      post(NOTE_CREATED),
      ctx(),
    );
    expect(res.status).toBe(502);
    expectConforms(res);
  });

  it("503 (inline mode only): downstream unavailable, with Retry-After", async () => {
    const res = await handlerWith({ handlers: [throwing(new RetryableDownstreamError("process API", "HTTP 503"))] })(
      post(NOTE_CREATED),
      ctx(),
    );
    expect(res.status).toBe(503);
    expectConforms(res);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("503: the queue cannot be written (queue-unavailable), with Retry-After: 30", async () => {
    const store = new MemoryIdempotencyStore();
    const handle = handlerWith({ queue: unreachableQueue(), store });
    const res = await handle(post(NOTE_CREATED, { "x-fv-messageid": "m-no-queue" }), ctx());
    expect(res.status).toBe(503);
    expectConforms(res);
    expect(res.jsonBody).toMatchObject({ type: PROBLEM_TYPES.queueUnavailable, title: "Service Unavailable" });
    expect(res.headers["retry-after"]).toBe("30");
    // Nothing acknowledged and the claim released: a redelivery once the queue is back is accepted.
    const retried = await handlerWith({ queue: recordingQueue(), store })(
      post(NOTE_CREATED, { "x-fv-messageid": "m-no-queue" }),
      ctx(),
    );
    expect(retried.status).toBe(200);
  }, 30_000);

  it("500: an unexpected failure falls under 5XX", async () => {
    const res = await handlerWith({ handlers: [throwing(new Error("boom"))] })(post(NOTE_CREATED), ctx());
    expect(res.status).toBe(500);
    expectConforms(res);
  });

  it("405 for other methods is a Problem Details body (not declared: OpenAPI describes only POST)", async () => {
    const res = await handlerWith()(post("", {}, "GET"), ctx());
    expect(res.status).toBe(405);
    expect(mediaType(res.headers["content-type"])).toBe("application/problem+json");
    expect(schemas.errors({ $ref: "#/components/schemas/Platform.ProblemDetails" }, res.jsonBody)).toEqual([]);
  });

  it("the validator rejects a body that breaks the contract", () => {
    expect(schemas.errors({ $ref: "#/components/schemas/WebhookResponse" }, { received: "yes" })).not.toEqual([]);
    expect(schemas.errors({ $ref: "#/components/schemas/Platform.ProblemDetails" }, { title: "x" })).not.toEqual([]);
  });
});
