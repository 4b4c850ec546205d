// The in-process idempotency store: claim/settle/release semantics and its memory bound.
import { describe, expect, it } from "vitest";
import { MemoryIdempotencyStore } from "../../../webhook/src/idempotency/memory-store.js";
import type { SettledDelivery } from "../../../webhook/src/idempotency/store.js";
import type { WebhookAck } from "../../../webhook/src/payload/contract.js";

const ack = (id: string) => ({ received: true as const, messageId: id, orgId: 1 });
const settled = (response: WebhookAck): SettledDelivery => ({
  state: "received",
  response,
  bodyHash: "h",
  kind: "Note/Created",
});

describe("MemoryIdempotencyStore", () => {
  it("claims once, answers a redelivery from the completed result, and frees a released claim", async () => {
    const store = new MemoryIdempotencyStore();
    const first = await store.claim("m1", 60_000);
    expect(first.kind).toBe("claimed");
    expect((await store.claim("m1", 60_000)).kind).toBe("busy");
    await store.release("m1", first.kind === "claimed" ? first.token : "");
    const again = await store.claim("m1", 60_000);
    expect(again.kind).toBe("claimed");
    await store.settle("m1", again.kind === "claimed" ? again.token : "", settled(ack("m1")));
    expect(await store.claim("m1", 60_000)).toMatchObject({ kind: "done", response: ack("m1"), bodyHash: "h" });
  });

  it("ignores settle/release with another claim's token", async () => {
    const store = new MemoryIdempotencyStore();
    const claim = await store.claim("m1", 60_000);
    await store.settle("m1", "not-the-token", settled(ack("m1")));
    await store.release("m1", "not-the-token");
    expect((await store.claim("m1", 60_000)).kind).toBe("busy");
    expect(claim.kind).toBe("claimed");
  });

  it("lets a claim whose lease expired be taken over", async () => {
    let now = 1_000;
    const store = new MemoryIdempotencyStore(100, () => now);
    await store.claim("m1", 500);
    now = 1_600;
    expect((await store.claim("m1", 500)).kind).toBe("claimed");
  });

  it("stays within its bound by forgetting the oldest completed ids, never one in progress", async () => {
    const store = new MemoryIdempotencyStore(10);
    const inProgress = await store.claim("busy-0", 60_000);
    for (let i = 0; i < 50; i++) {
      const c = await store.claim(`m${i}`, 60_000);
      if (c.kind === "claimed") await store.settle(`m${i}`, c.token, settled(ack(`m${i}`)));
    }
    expect(store.size).toBeLessThanOrEqual(10);
    expect(inProgress.kind).toBe("claimed");
    expect((await store.claim("busy-0", 60_000)).kind).toBe("busy");
    expect((await store.claim("m49", 60_000)).kind).toBe("done");
    expect((await store.claim("m0", 60_000)).kind).toBe("claimed");
  });

  it("records the consumer's outcome and lists and purges records", async () => {
    let now = 10_000;
    const store = new MemoryIdempotencyStore(100, () => now);
    const c = await store.claim("m1", 60_000);
    await store.settle("m1", (c as { token: string }).token, settled(ack("m1")));
    expect(await store.get("m1")).toMatchObject({ state: "received", attempts: 0, bodyHash: "h" });
    await store.recordOutcome("m1", { state: "failed", attempts: 2, lastError: "process API: HTTP 503" });
    expect(await store.get("m1")).toMatchObject({ state: "failed", attempts: 2, lastError: "process API: HTTP 503" });
    expect((await store.list({ states: ["failed"] })).map((r) => r.messageId)).toEqual(["m1"]);
    expect(await store.list({ states: ["processed"] })).toEqual([]);
    now = 20_000;
    expect(await store.purgeOlderThan(new Date(15_000), 10)).toBe(1);
    expect(await store.get("m1")).toBeUndefined();
  });
});
