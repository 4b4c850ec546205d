// The queue consumer's core (no queue needed): message decoding, the outcome written to the record, the last
// attempt flagged as poisoned, a processed delivery skipped, forwarded headers handed to the handler.
import { describe, expect, it } from "vitest";
import { RetryableDownstreamError } from "../../../webhook/src/downstream/errors.js";
import { MemoryIdempotencyStore } from "../../../webhook/src/idempotency/memory-store.js";
import { createDeliveryConsumer, UnreadableMessageError } from "../../../webhook/src/queue/consumer.js";
import { decodeMessage, encodeMessage, type DeliveryMessage } from "../../../webhook/src/delivery/message.js";
import { EventRouter, type EventContext } from "../../../webhook/src/routing/registry.js";
import { captureLogs } from "../support/stubs.js";

const message = (messageId?: string): DeliveryMessage => ({
  v: 1,
  ...(messageId ? { messageId } : {}),
  receivedAt: "2026-11-23T09:44:50.123Z",
  payload: { object: "Project", event: "Created", orgId: 3, projectId: 42 },
  forward: { "x-forward-tenant-origin": "corp" },
  traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
  requestId: "req-1",
});

function setup(behaviour: (ctx: EventContext) => Promise<void>) {
  const store = new MemoryIdempotencyStore();
  const seen: EventContext[] = [];
  const consume = createDeliveryConsumer({
    store,
    router: new EventRouter([
      { object: "Project", event: "Created", handle: async (ctx) => (seen.push(ctx), behaviour(ctx)) },
    ]),
    services: {
      cases: { dryRun: true, createCase: async () => ({ outcome: "logged" }) },
      projects: { projectName: async () => "x" },
    },
    maxDequeueCount: 3,
  });
  const logs = captureLogs();
  const inv = (dequeueCount: number) => ({ dequeueCount, invocationId: `inv-${dequeueCount}`, logSink: logs.sink });
  return { store, consume, seen, logs, inv };
}

describe("delivery messages", () => {
  it("round-trip through base64 text, JSON text and the host's parsed object", () => {
    const m = message("m-1");
    expect(decodeMessage(encodeMessage(m))).toEqual({ ok: true, message: m });
    expect(decodeMessage(JSON.stringify(m))).toEqual({ ok: true, message: m });
    expect(decodeMessage(JSON.parse(JSON.stringify(m)))).toEqual({ ok: true, message: m });
  });

  it("refuse what is not a delivery message, saying why", () => {
    expect(decodeMessage("not base64 json")).toMatchObject({ ok: false });
    expect(decodeMessage({ v: 2 })).toMatchObject({ ok: false, error: expect.stringContaining("v") });
    expect(decodeMessage({ ...message(), payload: { OrgId: "x" } })).toMatchObject({
      ok: false,
      error: expect.stringContaining("payload"),
    });
  });
});

describe("queue consumer", () => {
  it("runs the handler with the forwarded headers and records processed", async () => {
    const { consume, store, seen, inv } = setup(async () => {});
    expect(await consume(encodeMessage(message("m-1")), inv(1))).toBe("processed");
    expect(seen[0]).toMatchObject({ forwardHeaders: { "x-forward-tenant-origin": "corp" }, correlationId: "m-1" });
    expect(await store.get("m-1")).toMatchObject({ state: "processed", attempts: 1 });
  });

  it("records each failure with its attempt and error, flags the last attempt as poisoned, and rethrows", async () => {
    const { consume, store, logs, inv } = setup(async () => {
      throw new RetryableDownstreamError("process API", "HTTP 503");
    });
    await expect(consume(encodeMessage(message("m-2")), inv(1))).rejects.toThrow("HTTP 503");
    expect(await store.get("m-2")).toMatchObject({ state: "failed", attempts: 1, poisoned: false });
    await expect(consume(encodeMessage(message("m-2")), inv(3))).rejects.toThrow();
    expect(await store.get("m-2")).toMatchObject({
      state: "failed",
      attempts: 3,
      poisoned: true,
      lastError: "process API: HTTP 503",
    });
    expect(logs.text()).toContain("attempt 3 of 3: the message goes to the poison queue");
  });

  it("skips a delivery already processed (a message queued twice creates one case)", async () => {
    const { consume, seen, inv } = setup(async () => {});
    await consume(encodeMessage(message("m-3")), inv(1));
    expect(await consume(encodeMessage(message("m-3")), inv(1))).toBe("skipped");
    expect(seen).toHaveLength(1);
  });

  it("throws on an unreadable message so that it ends in the poison queue", async () => {
    const { consume, inv, logs } = setup(async () => {});
    await expect(consume("{}", inv(1))).rejects.toThrow(UnreadableMessageError);
    expect(logs.find("unreadable queue message")).toBeDefined();
  });
});
