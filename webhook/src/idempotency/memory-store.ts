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

/** A settled id: the settle argument as given (no copy on the hot path) and the consumer's outcome. */
class Settled {
  state: DeliveryRecord["state"];
  attempts = 0;
  lastError: string | undefined;
  poisoned: boolean | undefined;
  constructor(
    readonly messageId: string,
    readonly d: Partial<SettledDelivery>,
    readonly receivedAt: number,
    public updatedAt: number,
  ) {
    this.state = d.state ?? "processing";
  }
  record(): DeliveryRecord {
    const r: DeliveryRecord = {
      messageId: this.messageId,
      state: this.state,
      attempts: this.attempts,
      receivedAt: new Date(this.receivedAt),
      updatedAt: new Date(this.updatedAt),
    };
    if (this.d.response) r.response = this.d.response;
    if (this.d.bodyHash) r.bodyHash = this.d.bodyHash;
    if (this.d.kind) r.kind = this.d.kind;
    if (this.d.delivery) r.delivery = this.d.delivery;
    if (this.lastError) r.lastError = this.lastError;
    if (this.poisoned !== undefined) r.poisoned = this.poisoned;
    return r;
  }
}

type Entry = Claim | Settled;

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
      if (existing instanceof Settled)
        return {
          kind: "done",
          response: existing.d.response ?? { received: true },
          bodyHash: existing.d.bodyHash,
          recordKind: existing.d.kind,
        };
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
    const now = this.now();
    this.#entries.set(messageId, new Settled(messageId, s, now, now));
  }

  async release(messageId: string, token: string): Promise<void> {
    const e = this.#entries.get(messageId);
    if (e instanceof Claim && e.token === token) this.#entries.delete(messageId);
  }

  async get(messageId: string): Promise<DeliveryRecord | undefined> {
    const e = this.#entries.get(messageId);
    if (e === undefined) return undefined;
    if (e instanceof Claim) return { messageId, state: "processing", attempts: 0, updatedAt: new Date(e.leaseUntil) };
    return e.record();
  }

  async recordOutcome(messageId: string, o: ProcessingOutcome): Promise<void> {
    let e = this.#entries.get(messageId);
    if (!(e instanceof Settled)) {
      e = new Settled(messageId, {}, this.now(), this.now());
      this.#entries.set(messageId, e);
    }
    e.state = o.state;
    e.attempts = o.attempts;
    e.lastError = o.lastError;
    e.poisoned = o.poisoned;
    e.updatedAt = this.now();
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
      const updated = e instanceof Claim ? e.leaseUntil : e.updatedAt;
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
      if (e instanceof Settled) this.#entries.delete(key);
    }
  }
}
