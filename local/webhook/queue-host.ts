// The Functions host's queue listener, emulated for local runs and tests (Core Tools cannot be installed here),
// over a real queue (Azurite). It does what the host does for a queue trigger (QueueListener/QueueProcessor in
// Microsoft.Azure.WebJobs.Extensions.Storage.Queues; learn.microsoft.com/azure/azure-functions/
// functions-bindings-storage-queue-trigger#poison-messages and #host-json):
//   - fetches up to batchSize messages per poll, invisible for 10 minutes while they are processed, and runs them
//     in parallel; an empty poll backs off exponentially up to maxPollingInterval;
//   - success: deletes the message;
//   - failure with dequeueCount < maxDequeueCount: makes it visible again after visibilityTimeout (the retry);
//   - failure with dequeueCount >= maxDequeueCount: copies it to `<queue>-poison` and deletes it;
//   - a message already dequeued more than maxDequeueCount times (a worker died mid-run) goes to the poison
//     queue without running.
import { randomUUID } from "node:crypto";
import type { DequeuedMessageItem, QueueClient } from "@azure/storage-queue";
import type { LogSink } from "../../webhook/src/log.js";
import type { DeliveryConsumer } from "../../webhook/src/queue/consumer.js";

/** How long a fetched message stays invisible while it runs (the host's default). */
const PROCESSING_VISIBILITY_SECONDS = 600;
const MIN_POLL_MS = 50;

export interface LocalQueueHostOptions {
  queue: QueueClient;
  poison: QueueClient;
  consume: DeliveryConsumer;
  maxDequeueCount: number;
  visibilityTimeoutMs: number;
  batchSize?: number;
  maxPollingIntervalMs?: number;
  logSink: LogSink;
}

export interface LocalQueueHost {
  /** Messages run so far, by result. */
  readonly counts: { processed: number; failed: number; poisoned: number };
  /**
   * Resolves once the queue has been seen empty with nothing running (tests, `npm run local`), or rejects at the
   * deadline.
   */
  idle(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function startLocalQueueHost(o: LocalQueueHostOptions): LocalQueueHost {
  const batchSize = o.batchSize ?? 16;
  const maxPollMs = o.maxPollingIntervalMs ?? 2_000;
  const counts = { processed: 0, failed: 0, poisoned: 0 };
  let stopped = false;
  let emptyPolls = 0;
  let wake: (() => void) | undefined;
  const note = (level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown>) =>
    o.logSink(level, JSON.stringify({ level, msg, queue: o.queue.name, ...fields }));

  async function toPoison(messageId: string, popReceipt: string, text: string, dequeueCount: number): Promise<void> {
    await o.poison.sendMessage(text, { messageTimeToLive: -1 });
    await o.queue.deleteMessage(messageId, popReceipt);
    counts.poisoned++;
    note("warn", "message moved to the poison queue", { poisonQueue: o.poison.name, dequeueCount });
  }

  async function runOne(m: { messageId: string; popReceipt: string; messageText: string; dequeueCount: number }) {
    if (m.dequeueCount > o.maxDequeueCount) return toPoison(m.messageId, m.popReceipt, m.messageText, m.dequeueCount);
    try {
      await o.consume(m.messageText, { dequeueCount: m.dequeueCount, invocationId: randomUUID(), logSink: o.logSink });
    } catch {
      counts.failed++;
      if (m.dequeueCount >= o.maxDequeueCount)
        return toPoison(m.messageId, m.popReceipt, m.messageText, m.dequeueCount);
      await o.queue.updateMessage(m.messageId, m.popReceipt, undefined, Math.ceil(o.visibilityTimeoutMs / 1000));
      return;
    }
    counts.processed++;
    await o.queue.deleteMessage(m.messageId, m.popReceipt);
  }

  const loop = (async () => {
    while (!stopped) {
      let messages: DequeuedMessageItem[];
      try {
        const res = await o.queue.receiveMessages({
          numberOfMessages: batchSize,
          visibilityTimeout: PROCESSING_VISIBILITY_SECONDS,
        });
        messages = res.receivedMessageItems;
      } catch (err) {
        note("error", "queue poll failed; retrying", { error: (err as Error).message });
        messages = [];
      }
      if (messages.length === 0) {
        emptyPolls++;
        const delay = Math.min(maxPollMs, MIN_POLL_MS * 2 ** Math.min(emptyPolls, 10));
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, delay);
          wake = () => (clearTimeout(t), resolve());
        });
        wake = undefined;
        continue;
      }
      emptyPolls = 0;
      const results = await Promise.allSettled(messages.map(runOne));
      for (const r of results)
        if (r.status === "rejected") note("error", "queue message handling failed", { error: String(r.reason) });
    }
  })();

  return {
    counts,
    async idle(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const props = await o.queue.getProperties();
        if ((props.approximateMessagesCount ?? 0) === 0 && emptyPolls > 0) return;
        await sleep(50);
      }
      throw new Error(`queue ${o.queue.name} still had messages after ${timeoutMs} ms`);
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
