// What the delivery operations need from the world: the receiver's idempotency store and its two queues (the
// delivery queue and the poison queue), as ports; the Storage adapter is io/storage-queue.ts.
import type { IdempotencyStore } from "../../webhook/src/idempotency/store.js";

/** Runs one request with an AbortSignal that ends it at its timeout or the command's deadline. */
export type RequestGuard = <T>(url: string, send: (abortSignal: AbortSignal) => Promise<T>) => Promise<T>;

/** A message read from a queue and hidden from other readers until released or deleted. */
export interface QueueItem {
  messageId: string;
  popReceipt: string;
  messageText: string;
}

export interface DeliveryQueue {
  readonly name: string;
  exists(): Promise<boolean>;
  /** The queue's approximate message count (the queue must exist). */
  approximateCount(): Promise<number>;
  /** Up to `count` visible messages, each hidden for `visibilitySeconds`. */
  receive(count: number, visibilitySeconds: number): Promise<QueueItem[]>;
  /** Makes a received message visible again at once. */
  release(item: QueueItem): Promise<void>;
  /** Adds a message that never expires. */
  send(text: string): Promise<void>;
  delete(item: QueueItem): Promise<void>;
}

export interface OpsTarget {
  store: IdempotencyStore;
  queue: DeliveryQueue;
  poison: DeliveryQueue;
}
