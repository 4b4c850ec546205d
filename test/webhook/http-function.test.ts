// The handler called the way the Functions host calls it: new HttpRequest(...) / new InvocationContext(...).
import { describe, expect, it } from "vitest";
import type { CaseCreator } from "../../webhook/src/downstream/process-api.js";
import { RetryableDownstreamError } from "../../webhook/src/downstream/errors.js";
import { createWebhookHandler, type WebhookDeps } from "../../webhook/src/http-function.js";
import { MAX_BODY_BYTES } from "../../webhook/src/pipeline/request-checks.js";
import { MemoryIdempotencyStore } from "../../webhook/src/idempotency/memory-store.js";
import type { IdempotencyStore } from "../../webhook/src/idempotency/store.js";
import { projectCreated } from "../../webhook/src/events/project-created.js";
import { EventRouter, type EventHandler } from "../../webhook/src/routing/registry.js";
import { captureLogs, delivery, invocation, NOTE_CREATED, TRACEPARENT } from "./support/stubs.js";

function setup(
  opts: { handlers?: EventHandler[]; store?: IdempotencyStore; cases?: CaseCreator; inFlightWaitMs?: number } = {},
) {
  const logs = captureLogs();
  const created: unknown[] = [];
  const deps: WebhookDeps = {
    store: opts.store ?? new MemoryIdempotencyStore(),
    router: new EventRouter(opts.handlers ?? [projectCreated]),
    services: {
      cases: opts.cases ?? {
        dryRun: false,
        createCase: async (body) => (created.push(body), { outcome: "created", status: 201 }),
      },
      projects: { projectName: async (id) => `Project ${id}` },
    },
    logSink: logs.sink,
    inFlightWaitMs: opts.inFlightWaitMs ?? 2_000,
  };
  return { handle: createWebhookHandler(deps), logs, created, deps };
}

function counting(object: string, event: string, behaviour: (n: number) => Promise<void> = async () => {}) {
  const h = { object, event, calls: 0, handle: async () => behaviour(++h.calls) };
  return h;
}

describe("webhook handler: success", () => {
  it("acknowledges with every field the delivery carries", async () => {
    const { handle } = setup();
    const res = await handle(
      delivery({
        body: NOTE_CREATED,
        headers: { "x-fv-messageid": "m-1", "x-fv-timestamp": "2026-11-23T09:44:50.123Z" },
      }),
      invocation(),
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.jsonBody).toEqual({
      received: true,
      messageId: "m-1",
      objectType: "Note",
      eventType: "Created",
      timestamp: "2026-11-23T09:44:50.123Z",
      noteId: 9,
      projectId: 42,
      orgId: 7,
    });
  });

  it("omits what the delivery does not carry, and warns when there is no message id", async () => {
    const { handle, logs } = setup();
    const res = await handle(delivery({ body: { orgid: 1 } }), invocation());
    expect(res.jsonBody).toEqual({ received: true, orgId: 1 });
    expect(
      logs.lines.find((l) => l.level === "warn" && String(l.record.msg).includes("without x-fv-messageid")),
    ).toBeDefined();
  });

  it("acknowledges and logs kinds without a handler", async () => {
    const { handle, logs } = setup();
    const res = await handle(
      delivery({ body: { Object: "Invoice", Event: "Archived", OrgId: 1 }, headers: { "x-fv-messageid": "m-2" } }),
      invocation(),
    );
    expect(res.status).toBe(200);
    expect(logs.find("no handler")).toMatchObject({ kind: "Invoice/Archived", handler: null, messageId: "m-2" });
  });

  it("routes case-insensitively to the handler for (Object, Event)", async () => {
    const h = counting("Project", "Created");
    const { handle } = setup({ handlers: [h] });
    await handle(delivery({ body: { object: "PROJECT", event: "created", OrgId: 1, ProjectId: 2 } }), invocation());
    expect(h.calls).toBe(1);
  });

  it("sends the create-case request for Project/Created with the project id as string and the looked-up name", async () => {
    const { handle, created } = setup();
    const res = await handle(
      delivery({ body: { Object: "Project", Event: "Created", OrgId: 1, ProjectId: 314 } }),
      invocation(),
    );
    expect(res.status).toBe(200);
    expect(created).toEqual([{ ExternalId: "314", Name: "Project 314" }]);
  });
});

describe("webhook handler: problem+json errors", () => {
  const problemShape = (body: unknown, status: number) =>
    expect(body).toMatchObject({
      type: expect.stringMatching(/^\/problems\/webhooks\//),
      title: expect.any(String),
      status,
      detail: expect.any(String),
      instance: "/api/webhooks",
      requestId: "inv-1",
      traceId: expect.stringMatching(TRACEPARENT),
    });

  it("400 names every bad value in one answer: type errors and the event's missing fields together", async () => {
    // Not the type errors first (OrgId, UserId) and the missing ProjectId only on the next delivery.
    const { handle } = setup();
    const body = { Object: "Project", Event: "Created", OrgId: "x", UserId: "u" };
    const res = await handle(delivery({ body, headers: { "x-fv-messageid": "bad-3" } }), invocation("inv-1"));
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    problemShape(res.jsonBody, 400);
    expect(res.jsonBody).toMatchObject({
      type: "/problems/webhooks/validation",
      detail: "The webhook payload is invalid: OrgId, UserId, ProjectId.",
      errors: [
        { key: "OrgId", values: ["must be an integer, got a string"] },
        { key: "UserId", values: ["must be an integer, got a string"] },
        { key: "ProjectId", values: ["is required for Project/Created events"] },
      ],
    });
    // A ProjectId of the wrong type is reported once, as the type error.
    const wrongType = await handle(delivery({ body: { ...body, ProjectId: "p" } }), invocation("inv-1"));
    expect((wrongType.jsonBody as { errors: { key: string }[] }).errors.map((e) => e.key)).toEqual([
      "OrgId",
      "ProjectId",
      "UserId",
    ]);
    // A bad header and a missing field: both.
    const header = await handle(
      delivery({
        body: { Object: "Project", Event: "Created", OrgId: 1 },
        headers: { "x-fv-timestamp": "yesterday" },
      }),
      invocation("inv-1"),
    );
    expect((header.jsonBody as { errors: { key: string }[] }).errors.map((e) => e.key)).toEqual([
      "x-fv-timestamp",
      "ProjectId",
    ]);
  });

  it("405 for other methods, with Allow: POST", async () => {
    const { handle } = setup();
    for (const method of ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const res = await handle(delivery({ method, body: method === "GET" ? undefined : "{}" }), invocation());
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe("POST");
      expect(res.headers["content-type"]).toBe("application/problem+json");
      problemShape(res.jsonBody, 405);
    }
  });

  it("415 for a non-JSON content type", async () => {
    const { handle } = setup();
    const res = await handle(
      delivery({ body: "OrgId=1", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      invocation(),
    );
    expect(res.status).toBe(415);
    problemShape(res.jsonBody, 415);
  });

  it("413 for a body over 1 MiB (declared or actual)", async () => {
    const { handle } = setup();
    const big = JSON.stringify({ OrgId: 1, pad: "x".repeat(MAX_BODY_BYTES) });
    const res = await handle(delivery({ body: big }), invocation());
    expect(res.status).toBe(413);
    problemShape(res.jsonBody, 413);
    const declared = await handle(
      delivery({ body: "{}", headers: { "content-length": String(MAX_BODY_BYTES + 1) } }),
      invocation(),
    );
    expect(declared.status).toBe(413);
    const exact = JSON.stringify({ OrgId: 1, pad: "" }).length;
    const fits = await handle(
      delivery({ body: JSON.stringify({ OrgId: 1, pad: "x".repeat(MAX_BODY_BYTES - exact) }) }),
      invocation(),
    );
    expect(fits.status).toBe(200);
  });

  it("400 invalid-json for malformed JSON or bad UTF-8", async () => {
    const { handle } = setup();
    const res = await handle(delivery({ body: '{"OrgId": 1,' }), invocation());
    expect(res.status).toBe(400);
    problemShape(res.jsonBody, 400);
    expect(res.jsonBody).toMatchObject({
      type: "/problems/webhooks/invalid-json",
      errors: [{ key: "body", values: [expect.any(String)] }],
    });
    const utf = await handle(delivery({ body: new Uint8Array([0x7b, 0xff, 0x7d]) }), invocation());
    expect(utf.status).toBe(400);
    expect(utf.jsonBody).toMatchObject({
      detail: "The body is not valid UTF-8 text.",
      errors: [{ key: "body", values: ["is not valid UTF-8"] }],
    });
  });

  it("reads a body that starts with a UTF-8 byte-order mark", async () => {
    const { handle } = setup();
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(JSON.stringify(NOTE_CREATED))]);
    const res = await handle(delivery({ body: bom }), invocation());
    expect(res.status).toBe(200);
    expect(res.jsonBody).toMatchObject({ received: true, orgId: 7, noteId: 9 });
  });

  it("400 validation with {key, values} per failing field, headers included", async () => {
    const { handle } = setup();
    const res = await handle(
      delivery({ body: { ProjectId: "x" }, headers: { "x-fv-timestamp": "yesterday" } }),
      invocation(),
    );
    expect(res.status).toBe(400);
    expect(res.jsonBody).toMatchObject({
      type: "/problems/webhooks/validation",
      errors: [
        { key: "x-fv-timestamp", values: [expect.any(String)] },
        { key: "OrgId", values: ["is required"] },
        { key: "ProjectId", values: [expect.stringMatching(/integer/)] },
      ],
    });
  });

  it("400 for Project/Created without ProjectId, and the claim is released", async () => {
    const { handle, deps } = setup();
    const res = await handle(
      delivery({ body: { Object: "Project", Event: "Created", OrgId: 1 }, headers: { "x-fv-messageid": "p-0" } }),
      invocation(),
    );
    expect(res.status).toBe(400);
    expect(res.jsonBody).toMatchObject({ errors: [{ key: "ProjectId" }] });
    expect(await deps.store.claim("p-0", 1000)).toMatchObject({ kind: "claimed" });
  });

  it("echoes a valid incoming traceparent as traceId", async () => {
    const { handle } = setup();
    const tp = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const res = await handle(delivery({ body: "nope", headers: { traceparent: tp } }), invocation());
    expect(res.jsonBody).toMatchObject({ traceId: tp });
  });

  it("an unexpected handler failure is a 500 problem and releases the claim", async () => {
    const h = counting("Note", "Created", async (n) => {
      if (n === 1) throw new TypeError("bug");
    });
    const { handle } = setup({ handlers: [h] });
    const first = await handle(delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "m-bug" } }), invocation());
    expect(first.status).toBe(500);
    expect(first.headers["content-type"]).toBe("application/problem+json");
    const second = await handle(delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "m-bug" } }), invocation());
    expect(second.status).toBe(200);
    expect(h.calls).toBe(2);
  });

  it("a store outage is a 503 with Retry-After, not a 4xx", async () => {
    const broken: IdempotencyStore = {
      kind: "table",
      claim: async () => Promise.reject(new Error("ECONNREFUSED")),
      settle: async () => {},
      release: async () => {},
      get: async () => undefined,
      recordOutcome: async () => {},
      list: async () => [],
      purgeOlderThan: async () => 0,
    };
    const { handle } = setup({ store: broken });
    const res = await handle(delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "m-s" } }), invocation());
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("30");
  });
});

describe("webhook handler: idempotency", () => {
  it("a redelivery returns the same 200 body without processing again", async () => {
    const h = counting("Note", "Created");
    const { handle, logs } = setup({ handlers: [h] });
    const headers = { "x-fv-messageid": "dup-1", "x-fv-timestamp": "2026-11-23T09:44:50.123Z" };
    const first = await handle(delivery({ body: NOTE_CREATED, headers }), invocation("a"));
    const again = await handle(
      delivery({ body: NOTE_CREATED, headers: { ...headers, "x-fv-timestamp": "2026-11-23T10:00:00.000Z" } }),
      invocation("b"),
    );
    expect(again.status).toBe(200);
    expect(again.jsonBody).toEqual(first.jsonBody);
    expect(h.calls).toBe(1);
    expect(logs.find("redelivery answered")).toMatchObject({ messageId: "dup-1", requestId: "b" });
  });

  it("a different payload under an accepted message id is a 409 naming the conflict, logged with both kinds", async () => {
    const { handle, logs } = setup({ handlers: [counting("Note", "Created"), counting("Note", "Deleted")] });
    const headers = { "x-fv-messageid": "dup-2" };
    expect((await handle(delivery({ body: NOTE_CREATED, headers }), invocation("a"))).status).toBe(200);
    const other = await handle(delivery({ body: { ...NOTE_CREATED, Event: "Deleted" }, headers }), invocation("b"));
    expect(other.status).toBe(409);
    expect(other.headers["content-type"]).toBe("application/problem+json");
    expect(other.jsonBody).toMatchObject({ type: "/problems/webhooks/message-id-conflict", status: 409 });
    expect((other.jsonBody as { detail: string }).detail).toContain(
      "first accepted with a different payload (first accepted as Note/Created; this one is Note/Deleted)",
    );
    expect(logs.find("delivery rejected")).toMatchObject({
      status: 409,
      firstKind: "Note/Created",
      kind: "Note/Deleted",
      messageId: "dup-2",
      requestId: "b",
    });
  });

  it("a 409 under the same kind says what differs, not the kind twice", async () => {
    // Not "first accepted with a different payload (Note/Created); this one (Note/Created) is refused".
    const { handle, logs } = setup({ handlers: [counting("Note", "Created")] });
    const headers = { "x-fv-messageid": "dup-3" };
    expect((await handle(delivery({ body: NOTE_CREATED, headers }), invocation("a"))).status).toBe(200);
    const otherNote = { ...NOTE_CREATED, ObjectId: { NoteId: NOTE_CREATED.ObjectId.NoteId + 1 } };
    const other = await handle(delivery({ body: otherNote, headers }), invocation("b"));
    expect(other.status).toBe(409);
    const detail = (other.jsonBody as { detail: string }).detail;
    expect(detail).toContain(
      `(both Note/Created, but noteId ${NOTE_CREATED.ObjectId.NoteId} → ${NOTE_CREATED.ObjectId.NoteId + 1})`,
    );
    expect(detail.match(/Note\/Created/g)).toHaveLength(1);
    expect(logs.find("delivery rejected")).toMatchObject({
      differences: [{ field: "noteId", first: NOTE_CREATED.ObjectId.NoteId, this: NOTE_CREATED.ObjectId.NoteId + 1 }],
    });
    // Same ids, another property changed: says so rather than naming a difference it cannot see.
    const sameIds = await handle(delivery({ body: { ...NOTE_CREATED, UserId: 99 }, headers }), invocation("c"));
    expect((sameIds.jsonBody as { detail: string }).detail).toContain(
      "(both Note/Created with the same ids; the payload differs in another property)",
    );
  });

  it("N concurrent deliveries of one id process once and all get the same body", async () => {
    const h = counting("Note", "Created", () => new Promise((r) => setTimeout(r, 50)));
    const { handle } = setup({ handlers: [h] });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        handle(delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "conc-1" } }), invocation(`i${i}`)),
      ),
    );
    expect(h.calls).toBe(1);
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => JSON.stringify(r.jsonBody))).size).toBe(1);
  });

  it("answers 409 with Retry-After when the same id is still processing after the wait", async () => {
    let finish!: () => void;
    const h = counting("Note", "Created", () => new Promise<void>((r) => (finish = r)));
    const { handle } = setup({ handlers: [h], inFlightWaitMs: 100 });
    const first = handle(delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "slow" } }), invocation("a"));
    await new Promise((r) => setTimeout(r, 10));
    const second = await handle(
      delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "slow" } }),
      invocation("b"),
    );
    expect(second.status).toBe(409);
    expect(Number(second.headers["retry-after"])).toBeGreaterThan(0);
    finish();
    expect((await first).status).toBe(200);
  });

  it("a processing failure releases the claim; a later redelivery processes", async () => {
    const h = counting("Note", "Created", async (n) => {
      if (n === 1) throw new RetryableDownstreamError("process API", "process API answered HTTP 503");
    });
    const { handle } = setup({ handlers: [h] });
    const first = await handle(delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "fail-1" } }), invocation());
    expect(first.status).toBe(503);
    expect(first.headers["retry-after"]).toBe("30");
    expect(first.headers["content-type"]).toBe("application/problem+json");
    const second = await handle(
      delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "fail-1" } }),
      invocation(),
    );
    expect(second.status).toBe(200);
    const third = await handle(delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "fail-1" } }), invocation());
    expect(third.status).toBe(200);
    expect(h.calls).toBe(2);
  });

  it("a delivery without a message id is processed every time", async () => {
    const h = counting("Note", "Created");
    const { handle } = setup({ handlers: [h] });
    await handle(delivery({ body: NOTE_CREATED }), invocation());
    await handle(delivery({ body: NOTE_CREATED }), invocation());
    expect(h.calls).toBe(2);
  });
});

describe("webhook handler: logs", () => {
  it("carry the correlation ids and never the Authorization header or a token", async () => {
    const token = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlc2VjcmV0";
    const { handle, logs } = setup();
    await handle(
      delivery({
        body: { ...NOTE_CREATED, access_token: token, nested: { Authorization: `Bearer ${token}` } },
        headers: { authorization: `Bearer ${token}`, "x-fv-messageid": "log-1", cookie: "s=secret" },
      }),
      invocation("req-9"),
    );
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logs.text()).not.toContain(token);
    expect(logs.text()).not.toContain("s=secret");
    for (const l of logs.lines)
      expect(l.record).toMatchObject({
        requestId: "req-9",
        traceId: expect.stringMatching(TRACEPARENT),
        messageId: "log-1",
      });
    const received = logs.find("webhook received")!;
    expect(received.payload).toMatchObject({ orgId: 7, objectId: { noteId: 9 } });
    expect((received.headers as Record<string, string>).authorization).toBe("[redacted]");
  });
});

describe("webhook handler: rejections are logged, x-forward-tenant-origin", () => {
  it("logs every rejection with status, type, reason and correlation, never the token", async () => {
    const { handle, logs } = setup();
    await handle(delivery({ method: "GET", headers: { authorization: "Bearer eyJa.eyJb.c" } }), invocation("r1"));
    await handle(delivery({ body: NOTE_CREATED, headers: { "content-type": "text/plain" } }), invocation("r2"));
    await handle(
      delivery({ body: NOTE_CREATED, headers: { "content-length": String(MAX_BODY_BYTES + 1) } }),
      invocation("r3"),
    );
    const rejected = logs.lines.filter((l) => l.record.msg === "delivery rejected").map((l) => l.record);
    expect(rejected.map((r) => [r.status, r.requestId])).toEqual([
      [405, "r1"],
      [415, "r2"],
      [413, "r3"],
    ]);
    expect(rejected[0]).toMatchObject({ type: "/problems/webhooks/method-not-allowed", traceId: expect.any(String) });
    expect(logs.text()).not.toContain("eyJa");
  });

  it("warns when a delivery lacks x-forward-tenant-origin where the gateway validates tokens", async () => {
    const { handle, logs, deps } = setup();
    deps.requireTenantOrigin = true;
    const h = createWebhookHandler(deps);
    await h(delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "t-1" } }), invocation());
    expect(logs.find("without x-forward-tenant-origin")).toMatchObject({ level: "warn", messageId: "t-1" });
    expect(String(logs.find("without x-forward-tenant-origin")?.msg)).toContain("api_policy_type");
    const before = logs.lines.length;
    await h(
      delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "t-2", "x-forward-tenant-origin": "corp" } }),
      invocation(),
    );
    expect(logs.lines.slice(before).some((l) => String(l.record.msg).includes("x-forward-tenant-origin"))).toBe(false);
    void handle;
  });
});
