// The delivery operations' rules (src/deliveries/deliveries.ts) on in-memory ports: what a replay refuses, what it
// takes from the poison queue, what it leaves there, and that a dry run changes nothing.
import { describe, expect, it } from "vitest";
import { listDeliveries, replayAllPoison, replayOne } from "../../src/deliveries/deliveries.js";
import type { DeliveryQueue, OpsTarget, QueueItem } from "../../src/deliveries/ports.js";
import { encodeMessage, type DeliveryMessage } from "../../webhook/src/delivery/message.js";
import { MemoryIdempotencyStore } from "../../webhook/src/idempotency/memory-store.js";
import { NOTE_CREATED } from "../webhook/support/stubs.js";

/** A queue in memory: visible messages, messages held by a reader, and what was sent. */
function memoryQueue(name: string, texts: string[] = []) {
  let next = 0;
  const visible: QueueItem[] = texts.map((messageText) => ({ messageId: `q${next++}`, popReceipt: "r", messageText }));
  const held: QueueItem[] = [];
  const sent: string[] = [];
  const queue: DeliveryQueue = {
    name,
    exists: async () => true,
    approximateCount: async () => visible.length,
    receive: async (count) => {
      const items = visible.splice(0, count);
      held.push(...items);
      return items;
    },
    release: async (item) => {
      held.splice(held.indexOf(item), 1);
      visible.push(item);
    },
    send: async (text) => {
      sent.push(text);
    },
    delete: async (item) => {
      held.splice(held.indexOf(item), 1);
    },
  };
  return { queue, visible, held, sent };
}

const message = (messageId: string): DeliveryMessage => ({
  v: 1,
  messageId,
  receivedAt: "2026-11-27T10:00:00Z",
  payload: NOTE_CREATED as unknown as DeliveryMessage["payload"],
  forward: {},
  traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
  requestId: "req-1",
});

function target(poisonTexts: string[]) {
  const queue = memoryQueue("webhook-deliveries");
  const poison = memoryQueue("webhook-deliveries-poison", poisonTexts);
  const store = new MemoryIdempotencyStore();
  const t: OpsTarget = { store, queue: queue.queue, poison: poison.queue };
  return { t, store, queue, poison };
}

describe("replayAllPoison", () => {
  it("requeues every readable poison message, deletes its poison copy and leaves unreadable ones there", async () => {
    const { t, queue, poison } = target([
      encodeMessage(message("m-1")),
      "not base64 json",
      encodeMessage(message("m-2")),
    ]);
    const r = await replayAllPoison(t, true);
    expect(r.outcome).toBe("replayed");
    expect(r.messages.map((m) => [m.messageId, m.kind])).toEqual([
      ["m-1", "Note/Created"],
      ["m-2", "Note/Created"],
    ]);
    expect(r.unreadable).toHaveLength(1);
    expect(queue.sent).toHaveLength(2);
    expect(poison.visible.map((i) => i.messageText)).toEqual(["not base64 json"]);
    expect(poison.held).toEqual([]);
  });

  it("as a dry run sends nothing and puts every message back", async () => {
    const { t, queue, poison } = target([encodeMessage(message("m-1"))]);
    const r = await replayAllPoison(t, false);
    expect(r.outcome).toBe("would-replay");
    expect(queue.sent).toEqual([]);
    expect(poison.visible).toHaveLength(1);
    expect(poison.held).toEqual([]);
  });
});

describe("replayOne", () => {
  it("refuses a delivery that was processed (its handler would run twice)", async () => {
    const { t, store, queue } = target([encodeMessage(message("m-1"))]);
    const claim = await store.claim("m-1", 60_000);
    if (claim.kind !== "claimed") throw new Error("expected a claim");
    await store.recordOutcome("m-1", { state: "processed", attempts: 1, poisoned: false });
    const r = await replayOne(t, "m-1", true);
    expect(r).toMatchObject({ outcome: "refused", messageId: "m-1" });
    expect(queue.sent).toEqual([]);
  });

  it("takes the one poison message with that id, releases the others, and marks the record received", async () => {
    const { t, store, queue, poison } = target([encodeMessage(message("m-1")), encodeMessage(message("m-2"))]);
    const r = await replayOne(t, "m-2", true);
    expect(r).toMatchObject({ outcome: "replayed", source: "poison queue", kind: "Note/Created" });
    expect(queue.sent).toHaveLength(1);
    expect(poison.visible).toHaveLength(1);
    expect((await store.get("m-2"))?.state).toBe("received");
  });

  it("says not found when neither a record nor a poison message has the id", async () => {
    const { t } = target([]);
    expect(await replayOne(t, "nope", true)).toMatchObject({ outcome: "not-found" });
  });
});

describe("listDeliveries", () => {
  it("counts both queues", async () => {
    const { t } = target([encodeMessage(message("m-1"))]);
    const listing = await listDeliveries(t);
    expect(listing.queue).toEqual({ name: "webhook-deliveries", approximateMessages: 0 });
    expect(listing.poison).toEqual({ name: "webhook-deliveries-poison", approximateMessages: 1 });
  });
});
