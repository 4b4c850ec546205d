// In-process idempotency store for local runs, tests and benchmarks. Not durable and not shared between
// instances: Azure deployments use the table store (settings refuse "memory" there).
import type { ClaimResult, IdempotencyStore, WebhookAck } from "./store.js";

/** A message id being processed. A completed id maps to its acknowledgement itself (one object less to keep). */
class Claim {
  constructor(
    readonly token: string,
    readonly leaseUntil: number,
  ) {}
}

type Entry = Claim | WebhookAck;

export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly kind = "memory" as const;
  readonly #entries = new Map<string, Entry>();
  // Claim tokens only need to be unique within this process.
  #nextToken = 0;

  /** `maxEntries` bounds memory: the oldest completed ids are forgotten first. */
  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async claim(messageId: string, leaseMs: number): Promise<ClaimResult> {
    const existing = this.#entries.get(messageId);
    if (existing !== undefined) {
      if (!(existing instanceof Claim)) return { kind: "done", response: existing };
      if (existing.leaseUntil > this.now()) return { kind: "busy", leaseUntil: new Date(existing.leaseUntil) };
      this.#entries.delete(messageId);
    }
    const token = String(++this.#nextToken);
    this.#entries.set(messageId, new Claim(token, this.now() + leaseMs));
    this.#evict();
    return { kind: "claimed", token };
  }

  async complete(messageId: string, token: string, response: WebhookAck): Promise<void> {
    const e = this.#entries.get(messageId);
    if (e instanceof Claim && e.token === token) this.#entries.set(messageId, response);
  }

  async release(messageId: string, token: string): Promise<void> {
    const e = this.#entries.get(messageId);
    if (e instanceof Claim && e.token === token) this.#entries.delete(messageId);
  }

  get size(): number {
    return this.#entries.size;
  }

  // Evicts in batches of a tenth: deleting one entry per claim would rescan the Map's deleted slots from the
  // start on every call (V8 compacts them only when the table grows), which is quadratic under steady load.
  #evict(): void {
    if (this.#entries.size <= this.maxEntries) return;
    const target = Math.floor(this.maxEntries * 0.9);
    for (const [key, e] of this.#entries) {
      if (this.#entries.size <= target) break;
      if (!(e instanceof Claim)) this.#entries.delete(key);
    }
  }
}
