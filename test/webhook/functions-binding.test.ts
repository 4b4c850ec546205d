// The Azure Functions binding (webhook/src/functions-binding.ts): what it takes from the host's InvocationContext
// for the core (invocation id, the host's trace context, log levels), the queue trigger's dequeueCount, and the
// three functions over one set of dependencies built once from the settings the entry point loaded.
import { describe, expect, it } from "vitest";
import type { HttpRequest, InvocationContext as InvocationContextType, LogLevel, Timer } from "@azure/functions";
import { InvocationContext } from "../../webhook/src/functions.js";
import { createFunctionsApp, invocationOf, queueInvocationOf } from "../../webhook/src/functions-binding.js";
import { MemoryIdempotencyStore } from "../../webhook/src/idempotency/memory-store.js";
import { requestIdOf, RequestCorrelation } from "../../webhook/src/request-context.js";
import { loadSettings } from "../../webhook/src/settings.js";
import { delivery } from "./support/stubs.js";

const HOST_TRACE = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

function context(init: { id?: string; traceParent?: string; dequeueCount?: number } = {}) {
  const lines: string[] = [];
  const ctx = new InvocationContext({
    invocationId: init.id ?? "inv-7",
    functionName: "webhooks",
    logHandler: (level: LogLevel, ...args: unknown[]) => lines.push(`${level}:${args.join(" ")}`),
    ...(init.traceParent ? { traceContext: { traceParent: init.traceParent, attributes: {} } } : {}),
    ...(init.dequeueCount ? { triggerMetadata: { dequeueCount: init.dequeueCount } } : {}),
  });
  return { ctx, lines };
}

describe("invocationOf: InvocationContext -> the core's Invocation", () => {
  it("takes the host's invocation id as the request id, and makes one when the host says unknown", () => {
    expect(requestIdOf(invocationOf(context({ id: "inv-7" }).ctx))).toBe("inv-7");
    expect(requestIdOf(invocationOf(context({ id: "unknown" }).ctx))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("uses the host's traceparent when the request carries none", () => {
    const { ctx } = context({ traceParent: HOST_TRACE });
    const corr = new RequestCorrelation(delivery(), invocationOf(ctx), "r");
    expect(corr.traceId).toBe(HOST_TRACE);
    expect(invocationOf(context().ctx).traceparent).toBeUndefined();
  });

  it("writes each log level through the context method the host forwards at that level", () => {
    const { ctx, lines } = context();
    const { logSink } = invocationOf(ctx);
    logSink("debug", "a");
    logSink("info", "b");
    logSink("warn", "c");
    logSink("error", "d");
    expect(lines).toEqual(["debug:a", "information:b", "warning:c", "error:d"]);
  });
});

describe("queueInvocationOf", () => {
  it("reads the trigger's dequeueCount, 1 when the host gives none", () => {
    expect(queueInvocationOf(context({ dequeueCount: 4 }).ctx)).toMatchObject({
      dequeueCount: 4,
      invocationId: "inv-7",
    });
    expect(queueInvocationOf(context().ctx).dequeueCount).toBe(1);
  });
});

describe("createFunctionsApp", () => {
  const settings = loadSettings({});

  it("answers a delivery with the host's invocation id as the request id, logging through the context", async () => {
    const { ctx, lines } = context({ id: "inv-app" });
    const app = createFunctionsApp(settings, { store: new MemoryIdempotencyStore() });
    const res = await app.handleWebhook(
      delivery({ body: "{", headers: { "x-fv-messageid": "m" } }) as HttpRequest,
      ctx,
    );
    expect(res).toMatchObject({ status: 400, jsonBody: { requestId: "inv-app" } });
    expect(lines.some((l) => l.startsWith("warning:") && l.includes('"msg":"delivery rejected"'))).toBe(true);
  });

  it("shares one store between the HTTP function and the retention timer", async () => {
    const store = new MemoryIdempotencyStore();
    const app = createFunctionsApp(settings, { store });
    const body = { Object: "Project", Event: "Updated", OrgId: 1, ProjectId: 2 };
    const ctx = context().ctx as InvocationContextType;
    await app.handleWebhook(delivery({ body, headers: { "x-fv-messageid": "kept" } }) as HttpRequest, ctx);
    expect(await store.get("kept")).toBeDefined();
    const { ctx: timerCtx, lines } = context();
    const result = await app.purgeExpiredDeliveries({ isPastDue: false } as Timer, timerCtx);
    expect(result).toMatchObject({ deleted: 0 });
    expect(await store.get("kept")).toBeDefined();
    expect(lines).toEqual([expect.stringContaining('"msg":"idempotency retention run"')]);
  });
});
