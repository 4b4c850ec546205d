import { describe, expect, it } from "vitest";
import { buildDeliveryMessage } from "../../../webhook/src/delivery/message.js";
import { readWebhookPayload } from "../../../webhook/src/payload/parse.js";
import { runEventHandler } from "../../../webhook/src/processing/run-event-handler.js";
import type { EventContext, EventHandler, HandlerServices } from "../../../webhook/src/routing/registry.js";
import type { Logger } from "../../../webhook/src/log.js";

const read = readWebhookPayload({ Object: "Note", Event: "Created", OrgId: 1, ObjectId: { NoteId: 5 } });
if (!read.ok) throw new Error(read.detail);
const services = {} as HandlerServices;
const log = {} as Logger;

function capture(): { handler: EventHandler; seen: EventContext[] } {
  const seen: EventContext[] = [];
  return { seen, handler: { object: "Note", event: "Created", handle: async (ctx) => void seen.push(ctx) } };
}

describe("running an event's handler for a delivery message", () => {
  it("hands the handler the message's payload, forwarded headers and trace, correlated by the message id", async () => {
    const { handler, seen } = capture();
    const m = buildDeliveryMessage(
      { messageId: "m-9" },
      read.payload,
      { "x-forward-tenant-origin": "corp" },
      { traceId: "tp", requestId: "req-9" },
      new Date(0),
    );
    await runEventHandler(handler, m, services, log);
    expect(seen).toEqual([
      {
        payload: read.payload,
        messageId: "m-9",
        services,
        log,
        traceparent: "tp",
        correlationId: "m-9",
        forwardHeaders: { "x-forward-tenant-origin": "corp" },
      },
    ]);
  });

  it("correlates a delivery without a message id by the invocation that accepted it", async () => {
    const { handler, seen } = capture();
    const m = buildDeliveryMessage({}, read.payload, {}, { traceId: "tp", requestId: "req-10" }, new Date(0));
    await runEventHandler(handler, m, services, log);
    expect(seen[0]?.correlationId).toBe("req-10");
    expect(seen[0]?.messageId).toBeUndefined();
  });

  it("leaves a handler's failure to the caller", async () => {
    const failing: EventHandler = { object: "Note", event: "Created", handle: () => Promise.reject(new Error("no")) };
    const m = buildDeliveryMessage({}, read.payload, {}, { traceId: "tp", requestId: "r" }, new Date(0));
    await expect(runEventHandler(failing, m, services, log)).rejects.toThrow("no");
  });
});
