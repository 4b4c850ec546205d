// Property-based bad input: whatever arrives (methods, content types, headers, arbitrary or hostile bodies,
// random bytes), the receiver never answers 5xx, every non-200 is a problem+json body, and nothing is polluted.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../local/webhook/dev-server.js";
import { createWebhookHandler } from "../../webhook/src/http-function.js";
import { MemoryIdempotencyStore } from "../../webhook/src/idempotency/memory-store.js";
import { eventHandlers } from "../../webhook/src/routing/event-handlers.js";
import { EventRouter } from "../../webhook/src/routing/registry.js";
import type { HandlerServices } from "../../webhook/src/routing/registry.js";
import { delivery, invocation } from "./support/stubs.js";

const services: HandlerServices = {
  cases: { dryRun: false, createCase: async () => ({ outcome: "created", status: 201 }) },
  projects: { projectName: async (id) => `Project ${id}` },
};

const KNOWN = [
  "Object",
  "Event",
  "Timestamp",
  "OrgId",
  "ProjectId",
  "UserId",
  "UserType",
  "ObjectId",
  "NoteId",
  "DocumentId",
  "ContactId",
  "__proto__",
  "constructor",
  "prototype",
];

/** A property name: a known one in random letter case, or anything. */
const key = fc.oneof(
  fc
    .constantFrom(...KNOWN)
    .chain((k) =>
      fc
        .array(fc.boolean(), { minLength: k.length, maxLength: k.length })
        .map((up) => [...k].map((c, i) => (up[i] ? c.toUpperCase() : c.toLowerCase())).join("")),
    ),
  fc.string({ maxLength: 8 }),
);
const scalar = fc.oneof(
  fc.integer(),
  fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
  fc.double(),
  fc.constantFrom(2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e21, 0, -0),
  fc.string({ maxLength: 20 }),
  fc.constantFrom("Note", "Project", "Created", "Deleted", "Employee"),
  fc.boolean(),
  fc.constant(null),
);
const { value: jsonish } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, tie("value"), { maxKeys: 6 }),
  ),
}));
const payloadLike = fc.dictionary(key, jsonish, { maxKeys: 10 }).map((o) => JSON.stringify(o));

const rawText = fc.oneof(
  payloadLike,
  jsonish.map((v) => JSON.stringify(v) ?? "null"),
  payloadLike.chain((t) => fc.nat({ max: Math.max(0, t.length) }).map((n) => t.slice(0, n))), // truncated
  fc.nat({ max: 200 }).map((n) => `{"OrgId":1,"x":${"[".repeat(n)}${"]".repeat(n)}}`), // deep nesting
  fc.constantFrom(
    '{"OrgId":1e999}',
    '{"OrgId":123456789012345678901234567890}',
    '{"OrgId":1,"orgid":2}',
    '{"__proto__":{"OrgId":1}}',
    '{"constructor":{"prototype":{"x":1}},"OrgId":1}',
    '\uFEFF{"OrgId":1}',
    "",
    "null",
  ),
  fc.string({ maxLength: 60 }),
);
const body = fc.oneof({ weight: 5, arbitrary: rawText }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) });

const headerValue = fc.stringMatching(/^[\x21-\x7e]{0,40}$/);
const request = fc.record({
  method: fc.oneof(
    { weight: 8, arbitrary: fc.constant("POST") },
    { weight: 1, arbitrary: fc.constantFrom("GET", "PUT", "PATCH", "DELETE", "OPTIONS") },
  ),
  contentType: fc.option(
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/xml",
      "application/json; charset=latin1",
      "application/vnd.x+json",
      "*/*",
    ),
    { nil: undefined },
  ),
  messageId: fc.option(fc.oneof(fc.constantFrom("dup-a", "dup-b"), headerValue), { nil: undefined }),
  timestamp: fc.option(
    fc.oneof(
      fc.constant("2026-11-23T09:44:50.123Z"),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      headerValue,
    ),
    { nil: undefined },
  ),
  traceparent: fc.option(headerValue, { nil: undefined }),
  body,
});
type Gen = typeof request extends fc.Arbitrary<infer T> ? T : never;

function headersOf(r: Gen): Record<string, string> {
  const h: Record<string, string> = {};
  if (r.contentType !== undefined) h["content-type"] = r.contentType;
  if (r.messageId !== undefined) h["x-fv-messageid"] = r.messageId;
  if (r.timestamp !== undefined) h["x-fv-timestamp"] = r.timestamp;
  if (r.traceparent !== undefined) h.traceparent = r.traceparent;
  return h;
}

function checkAnswer(status: number, contentType: string | null | undefined, json: Record<string, unknown>) {
  expect(status).toBeLessThan(500);
  if (status === 200) expect(json.received).toBe(true);
  else {
    expect(contentType).toBe("application/problem+json");
    expect(json).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status,
      detail: expect.any(String),
      instance: "/api/webhooks",
      requestId: expect.any(String),
      traceId: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/),
    });
  }
}

describe("property: bad input never yields 5xx", () => {
  it("through the handler (1,000 generated requests)", async () => {
    const handle = createWebhookHandler({
      store: new MemoryIdempotencyStore(),
      router: new EventRouter(eventHandlers),
      services,
      logSink: () => {},
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const res = await handle(
          delivery({ method: r.method, body: r.method === "GET" ? undefined : r.body, headers: headersOf(r) }),
          invocation(`p-${Math.random()}`),
        );
        checkAnswer(res.status, res.headers["content-type"], res.jsonBody as unknown as Record<string, unknown>);
      }),
      { numRuns: 1_000 },
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("OrgId");
  });

  describe("through the local adapter over HTTP", () => {
    let server: DevServer;
    beforeAll(async () => {
      server = await startDevServer({ port: 0, env: {}, quiet: true });
    });
    afterAll(async () => server?.close());

    it("300 generated requests", async () => {
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const res = await fetch(server.url, {
            method: r.method,
            headers: headersOf(r),
            body: r.method === "GET" ? undefined : typeof r.body === "string" ? r.body : Buffer.from(r.body),
          });
          checkAnswer(
            res.status,
            res.headers.get("content-type")?.split(";")[0] === "application/json"
              ? "application/json"
              : res.headers.get("content-type"),
            (await res.json()) as Record<string, unknown>,
          );
        }),
        { numRuns: 300 },
      );
    });
  });
});
