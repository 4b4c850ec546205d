// The queue-triggered and timer-triggered functions: what the entry point registers (queue name, identity-based
// connection WEBHOOK_QUEUE, retention schedule), and the timer's work over a store (small batches, bounded).
import { describe, expect, it } from "vitest";
import type { StorageQueueFunctionOptions, TimerFunctionOptions } from "@azure/functions";
import { mapBackgroundFunctions } from "../../webhook/src/endpoints.js";
import { MemoryIdempotencyStore } from "../../webhook/src/idempotency/memory-store.js";
import { purgeExpiredRecords, retentionCutoff, RETENTION_SCHEDULE } from "../../webhook/src/idempotency/retention.js";
import { loadSettings } from "../../webhook/src/settings.js";

const handlers = { queue: async () => {}, timer: async () => {} };

function registered(env: Record<string, string>) {
  const queues: [string, StorageQueueFunctionOptions][] = [];
  const timers: [string, TimerFunctionOptions][] = [];
  mapBackgroundFunctions(
    { storageQueue: (n, o) => queues.push([n, o]), timer: (n, o) => timers.push([n, o]) },
    loadSettings(env),
    handlers,
  );
  return { queues, timers };
}

describe("background functions", () => {
  it("registers the queue trigger on the configured queue with the WEBHOOK_QUEUE connection, and the retention timer", () => {
    const { queues, timers } = registered({
      WEBHOOK_QUEUE__queueServiceUri: "https://stfn.queue.core.windows.net",
      WEBHOOK_QUEUE_NAME: "deliveries-x",
    });
    expect(queues.map(([n, o]) => [n, o.queueName, o.connection, o.handler])).toEqual([
      ["webhook-deliveries", "deliveries-x", "WEBHOOK_QUEUE", handlers.queue],
    ]);
    expect(timers.map(([n, o]) => [n, o.schedule, o.handler])).toEqual([
      ["webhook-retention", RETENTION_SCHEDULE, handlers.timer],
    ]);
  });

  it("registers no queue trigger for inline processing (local only)", () => {
    expect(registered({}).queues).toEqual([]);
  });

  it("retention deletes in small batches up to a bound per run, and reports the rest", async () => {
    let now = 0;
    const store = new MemoryIdempotencyStore(10_000, () => now);
    for (let i = 0; i < 25; i++) {
      const c = await store.claim(`m${i}`, 1);
      await store.settle(`m${i}`, (c as { token: string }).token, {
        state: "received",
        response: { received: true },
        bodyHash: "h",
        kind: "k",
      });
    }
    now = 10 * 86_400_000;
    const fresh = await store.claim("fresh", 60_000);
    await store.settle("fresh", (fresh as { token: string }).token, {
      state: "received",
      response: { received: true },
      bodyHash: "h",
      kind: "k",
    });
    const at = new Date(now);
    expect(retentionCutoff(at, 7).getTime()).toBe(3 * 86_400_000);
    const first = await purgeExpiredRecords(store, { retentionDays: 7, batchSize: 10, maxBatches: 2, now: at });
    expect(first).toMatchObject({ deleted: 20, batches: 2, more: true });
    const second = await purgeExpiredRecords(store, { retentionDays: 7, batchSize: 10, maxBatches: 2, now: at });
    expect(second).toMatchObject({ deleted: 5, batches: 1, more: false });
    expect(await store.get("fresh")).toBeDefined();
  });
});
