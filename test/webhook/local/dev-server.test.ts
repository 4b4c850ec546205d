// The local host (local/webhook/dev-server.ts) as the core sees it: what it hands the registered handler (the
// request with its body, a local invocation with a new id, the request's traceparent and the dev server's log),
// and what it answers itself as the Functions host would (404 for no route, 405 for methods never handed to a
// function, no body for GET and HEAD, an oversized body cut after the limit and the connection closed).
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "../../../local/webhook/dev-server.js";
import type { WebhookHandler } from "../../../webhook/src/http-function.js";
import { MAX_BODY_BYTES } from "../../../webhook/src/pipeline/request-checks.js";
import type { Invocation, WebhookRequest } from "../../../webhook/src/request-context.js";

const TP = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

interface Seen {
  method: string;
  url: string;
  body: number;
  invocation: Invocation;
}

const seen: Seen[] = [];
const logLines: string[] = [];
const recording: WebhookHandler = async (request: WebhookRequest, invocation: Invocation) => {
  const bytes = await request.bytes!();
  seen.push({ method: request.method, url: request.url, body: bytes.byteLength, invocation });
  invocation.logSink("info", "seen");
  return { status: 200, headers: { "x-seen": String(seen.length) }, jsonBody: { received: true } };
};

let server: DevServer;
beforeAll(async () => {
  server = await startDevServer({
    port: 0,
    env: {},
    logSink: (_level, line) => logLines.push(line),
    register: (target) =>
      target.http("webhooks", {
        route: "webhooks",
        methods: ["GET", "HEAD", "POST", "TRACE"],
        authLevel: "anonymous",
        handler: recording,
      }),
  });
});
afterAll(() => server.close());

/** A raw request (fetch refuses TRACE and reads no HEAD body). */
function send(method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const length = body ? { "content-length": String(body.byteLength) } : {};
    const req = httpRequest(`${server.origin}${path}`, { method, headers: { ...length, ...headers } }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("the local host", () => {
  it("hands the core the request and a local invocation: new id, the request's traceparent, the dev server's log", async () => {
    seen.length = 0;
    const a = await send("POST", "/api/webhooks?x=1", Buffer.from("{}"), { traceparent: TP });
    const b = await send("POST", "/API/Webhooks/", Buffer.from("{}"));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(JSON.parse(a.text)).toEqual({ received: true });
    expect(a.headers["content-type"]).toBe("application/json");
    expect(seen.map((s) => [s.method, s.body])).toEqual([
      ["POST", 2],
      ["POST", 2],
    ]);
    expect(seen[0]!.url).toBe(`${server.origin}/api/webhooks?x=1`);
    expect(seen[0]!.invocation.traceparent).toBe(TP);
    expect(seen[1]!.invocation.traceparent).toBeUndefined();
    expect(seen[0]!.invocation.invocationId).not.toBe(seen[1]!.invocation.invocationId);
    expect(logLines.filter((l) => l === "seen")).toHaveLength(2);
  });

  it("hands GET and HEAD no body, and answers HEAD without one", async () => {
    seen.length = 0;
    const get = await send("GET", "/api/webhooks", Buffer.from("ignored"));
    const head = await send("HEAD", "/api/webhooks");
    expect([get.status, head.status]).toEqual([200, 200]);
    expect(head.text).toBe("");
    expect(seen.map((s) => [s.method, s.body])).toEqual([
      ["GET", 0],
      ["HEAD", 0],
    ]);
  });

  it("answers 404 itself for a route or a method no function registered, and 405 for TRACE", async () => {
    seen.length = 0;
    const noRoute = await send("POST", "/api/other", Buffer.from("{}"));
    const noMethod = await send("PUT", "/api/webhooks", Buffer.from("{}"));
    const trace = await send("TRACE", "/api/webhooks");
    expect([noRoute.status, noMethod.status, trace.status]).toEqual([404, 404, 405]);
    expect(JSON.parse(noRoute.text)).toMatchObject({ status: 404, instance: "/api/other" });
    expect(trace.headers.allow).toBe("POST");
    expect(seen).toEqual([]);
    expect(logLines.some((l) => l.includes('"msg":"delivery rejected"') && l.includes('"status":404'))).toBe(true);
  });

  it("cuts an oversized body one byte past the limit (the core answers 413) and closes the connection", async () => {
    seen.length = 0;
    const res = await send("POST", "/api/webhooks", Buffer.alloc(MAX_BODY_BYTES + 10_000, 0x20));
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe("close");
    expect(seen.map((s) => s.body)).toEqual([MAX_BODY_BYTES + 1]);
  });
});
