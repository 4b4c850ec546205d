// In-process idempotency store for local runs, tests and benchmarks. Not durable and not shared between
// instances: Azure deployments use the table store (settings refuse "memory" there).
import { randomUUID } from "node:crypto";
import type { ClaimResult, IdempotencyStore, WebhookAck } from "./store.js";

type Entry = { state: "processing"; token: string; leaseUntil: number } | { state: "done"; response: WebhookAck };

export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly kind = "memory" as const;
  readonly #entries = new Map<string, Entry>();

  /** `maxEntries` bounds memory: the oldest completed ids are forgotten first. */
  constructor(private readonly maxEntries = 100_000, private readonly now: () => number = Date.now) {}

  async claim(messageId: string, leaseMs: number): Promise<ClaimResult> {
    const existing = this.#entries.get(messageId);
    if (existing?.state === "done") return { kind: "done", response: existing.response };
    if (existing?.state === "processing" && existing.leaseUntil > this.now()) return { kind: "busy", leaseUntil: new Date(existing.leaseUntil) };
    const token = randomUUID();
    this.#entries.delete(messageId);
    this.#entries.set(messageId, { state: "processing", token, leaseUntil: this.now() + leaseMs });
    this.#evict();
    return { kind: "claimed", token };
  }

  async complete(messageId: string, token: string, response: WebhookAck): Promise<void> {
    const e = this.#entries.get(messageId);
    if (e?.state === "processing" && e.token === token) this.#entries.set(messageId, { state: "done", response });
  }

  async release(messageId: string, token: string): Promise<void> {
    const e = this.#entries.get(messageId);
    if (e?.state === "processing" && e.token === token) this.#entries.delete(messageId);
  }

  get size(): number {
    return this.#entries.size;
  }

  #evict(): void {
    if (this.#entries.size <= this.maxEntries) return;
    for (const [key, e] of this.#entries) {
      if (this.#entries.size <= this.maxEntries) break;
      if (e.state === "done") this.#entries.delete(key);
    }
  }
}
