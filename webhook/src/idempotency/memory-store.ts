// In-process idempotency store for local runs, tests and benchmarks. Not durable and not shared between
// instances: Azure deployments use the table store (settings refuse "memory" there).
import type {
  ClaimResult,
  DeliveryRecord,
  IdempotencyStore,
  ListOptions,
  ProcessingOutcome,
  SettledDelivery,
} from "./store.js";

/** A message id being claimed. A settled id maps to its record (the hot path allocates nothing more). */
class Claim {
  constructor(
    readonly token: string,
    readonly leaseUntil: number,
  ) {}
}

type Entry = Claim | DeliveryRecord;

export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly kind = "memory" as const;
  readonly #entries = new Map<string, Entry>();
  // Claim tokens only need to be unique within this process.
  #nextToken = 0;

  /** `maxEntries` bounds memory: the oldest settled ids are forgotten first. */
  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async claim(messageId: string, leaseMs: number): Promise<ClaimResult> {
    const existing = this.#entries.get(messageId);
    if (existing !== undefined) {
      if (!(existing instanceof Claim))
        return { kind: "done", response: existing.response!, bodyHash: existing.bodyHash, recordKind: existing.kind };
      if (existing.leaseUntil > this.now()) return { kind: "busy", leaseUntil: new Date(existing.leaseUntil) };
      this.#entries.delete(messageId);
    }
    const token = String(++this.#nextToken);
    this.#entries.set(messageId, new Claim(token, this.now() + leaseMs));
    this.#evict();
    return { kind: "claimed", token };
  }

  async settle(messageId: string, token: string, s: SettledDelivery): Promise<void> {
    const e = this.#entries.get(messageId);
    if (!(e instanceof Claim) || e.token !== token) return;
    const at = new Date(this.now());
    this.#entries.set(messageId, {
      messageId,
      state: s.state,
      response: s.response,
      bodyHash: s.bodyHash,
      kind: s.kind,
      delivery: s.delivery,
      attempts: 0,
      receivedAt: at,
      updatedAt: at,
    });
  }

  async release(messageId: string, token: string): Promise<void> {
    const e = this.#entries.get(messageId);
    if (e instanceof Claim && e.token === token) this.#entries.delete(messageId);
  }

  async get(messageId: string): Promise<DeliveryRecord | undefined> {
    const e = this.#entries.get(messageId);
    if (e === undefined) return undefined;
    if (e instanceof Claim) return { messageId, state: "processing", attempts: 0, updatedAt: new Date(e.leaseUntil) };
    return { ...e };
  }

  async recordOutcome(messageId: string, o: ProcessingOutcome): Promise<void> {
    const e = this.#entries.get(messageId);
    const base: DeliveryRecord =
      e && !(e instanceof Claim) ? e : { messageId, state: o.state, attempts: 0, updatedAt: new Date() };
    this.#entries.set(messageId, {
      ...base,
      state: o.state,
      attempts: o.attempts,
      lastError: o.lastError,
      poisoned: o.poisoned,
      updatedAt: new Date(this.now()),
    });
  }

  async list(options: ListOptions = {}): Promise<DeliveryRecord[]> {
    const out: DeliveryRecord[] = [];
    for (const id of this.#entries.keys()) {
      const r = (await this.get(id))!;
      if (options.states && !options.states.includes(r.state)) continue;
      out.push(r);
      if (options.limit !== undefined && out.length >= options.limit) break;
    }
    return out;
  }

  async purgeOlderThan(cutoff: Date, batchSize: number): Promise<number> {
    let deleted = 0;
    for (const [id, e] of this.#entries) {
      if (deleted >= batchSize) break;
      const updated = e instanceof Claim ? e.leaseUntil : e.updatedAt.getTime();
      if (updated < cutoff.getTime()) {
        this.#entries.delete(id);
        deleted++;
      }
    }
    return deleted;
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
