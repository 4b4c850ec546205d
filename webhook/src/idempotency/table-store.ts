// Durable idempotency store on Azure Table Storage (Azurite locally). The claim is an atomic insert (a second
// insert of the same row gets 409); completion and release are conditional on the claim's ETag, so a worker
// whose lease was taken over can no longer overwrite the new owner's row. Rows are spread over 256 partitions by
// a hash of the message id (the id itself may hold characters that are not allowed in keys).
import { createHash } from "node:crypto";
import { odata, TableClient, type TableEntity, type TableServiceClientOptions } from "@azure/data-tables";
import type { TokenCredential } from "@azure/identity";
import type { DeliveryMessage } from "../delivery/message.js";
import {
  IdempotencyStoreError,
  type ClaimDetails,
  type ClaimResult,
  type DeliveryRecord,
  type DeliveryState,
  type IdempotencyStore,
  type ListOptions,
  type ProcessingOutcome,
  type SettledDelivery,
} from "./store.js";
import type { WebhookAck } from "../payload/contract.js";
import { tableClientOptions } from "../storage-limits.js";

/** A row. `State` "done" is what rows written before the queue existed hold: read as "processed". */
interface DeliveryRow {
  MessageId: string;
  State: DeliveryState | "done";
  LeaseUntil: Date;
  Response?: string;
  BodyHash?: string;
  Kind?: string;
  Delivery?: string;
  Attempts?: number;
  LastError?: string;
  Poisoned?: boolean;
  ReceivedAt?: Date;
  UpdatedAt: Date;
}

/** Longest LastError kept (a table string property holds up to 32 K characters). */
const MAX_ERROR_CHARS = 2_000;

function parseJson<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** Pure: a table row -> a record. */
export function recordOf(row: Partial<DeliveryRow>): DeliveryRecord {
  const state: DeliveryState = row.State === "done" ? "processed" : (row.State ?? "processing");
  const r: DeliveryRecord = {
    messageId: row.MessageId ?? "",
    state,
    attempts: Number(row.Attempts ?? 0),
    updatedAt: new Date(row.UpdatedAt ?? 0),
  };
  const response = parseJson<WebhookAck>(row.Response);
  if (response) r.response = response;
  if (row.BodyHash) r.bodyHash = row.BodyHash;
  if (row.Kind) r.kind = row.Kind;
  const delivery = parseJson<DeliveryMessage>(row.Delivery);
  if (delivery) r.delivery = delivery;
  if (row.LastError) r.lastError = row.LastError;
  if (row.Poisoned) r.poisoned = true;
  if (row.ReceivedAt) r.receivedAt = new Date(row.ReceivedAt);
  return r;
}

/** The columns a claim or a settled record carries about the delivery itself. */
function detailColumns(d: ClaimDetails): Pick<DeliveryRow, "Response" | "BodyHash" | "Kind" | "Delivery"> {
  const columns: Pick<DeliveryRow, "Response" | "BodyHash" | "Kind" | "Delivery"> = {
    Response: JSON.stringify(d.response),
    BodyHash: d.bodyHash,
    Kind: d.kind,
  };
  if (d.delivery) columns.Delivery = JSON.stringify(d.delivery);
  return columns;
}

function rowKeysFor(messageId: string): { partitionKey: string; rowKey: string } {
  const hash = createHash("sha256").update(messageId, "utf8").digest("hex");
  return { partitionKey: hash.slice(0, 2), rowKey: hash };
}

function statusOf(err: unknown): number | undefined {
  return typeof err === "object" && err !== null && "statusCode" in err
    ? (err as { statusCode?: number }).statusCode
    : undefined;
}

export type TableStoreTarget = (
  { endpoint: string; tableName: string; credential: TokenCredential } | { connectionString: string; tableName: string }
) & {
  /** The client's pipeline (default: the app's bounded timeout and retries; the operations CLI brings its own). */
  clientOptions?: TableServiceClientOptions;
};

export class TableIdempotencyStore implements IdempotencyStore {
  readonly kind = "table" as const;
  readonly #client: TableClient;
  #ready: Promise<void> | undefined;

  constructor(
    target: TableStoreTarget,
    private readonly now: () => number = Date.now,
  ) {
    const clientOptions = target.clientOptions ?? tableClientOptions();
    this.#client =
      "connectionString" in target
        ? // Azurite speaks plain http on loopback (settings refuse other connection strings).
          TableClient.fromConnectionString(target.connectionString, target.tableName, {
            allowInsecureConnection: true,
            ...clientOptions,
          })
        : new TableClient(target.endpoint, target.tableName, target.credential, clientOptions);
  }

  /** Creates the table once per process (it may already exist, e.g. created by the infrastructure stack). */
  #ensureTable(): Promise<void> {
    this.#ready ??= this.#client.createTable().catch((err: unknown) => {
      if (statusOf(err) === 409) return;
      this.#ready = undefined;
      throw new IdempotencyStoreError(
        `cannot create or open table ${this.#client.tableName}: ${(err as Error).message}`,
        { cause: err },
      );
    });
    return this.#ready;
  }

  async claim(messageId: string, leaseMs: number, details?: ClaimDetails): Promise<ClaimResult> {
    await this.#ensureTable();
    const keys = rowKeysFor(messageId);
    // A few rounds cover the races (row released or taken over between our insert and read).
    for (let attempt = 0; attempt < 4; attempt++) {
      const row: TableEntity<DeliveryRow> = {
        ...keys,
        MessageId: messageId,
        State: "processing",
        LeaseUntil: new Date(this.now() + leaseMs),
        UpdatedAt: new Date(this.now()),
        ...(details && detailColumns(details)),
      };
      try {
        const created = await this.#client.createEntity(row);
        return { kind: "claimed", token: created.etag ?? "" };
      } catch (err) {
        if (statusOf(err) !== 409) throw this.#wrap("claim", err);
      }
      let existing: Partial<DeliveryRow> & { etag: string };
      try {
        existing = await this.#client.getEntity<DeliveryRow>(keys.partitionKey, keys.rowKey);
      } catch (err) {
        if (statusOf(err) === 404) continue; // released meanwhile: try the insert again
        throw this.#wrap("read claim", err);
      }
      if (existing.State !== "processing") {
        const r = recordOf(existing as Partial<DeliveryRow>);
        return { kind: "done", response: r.response ?? { received: true }, bodyHash: r.bodyHash, recordKind: r.kind };
      }
      const leaseUntil = new Date(existing.LeaseUntil ?? 0);
      if (leaseUntil.getTime() > this.now()) return { kind: "busy", leaseUntil };
      // The previous owner's lease expired (it crashed or timed out): take the claim over, conditionally.
      try {
        const taken = await this.#client.updateEntity(row, "Replace", { etag: existing.etag });
        return { kind: "claimed", token: taken.etag ?? "" };
      } catch (err) {
        const status = statusOf(err);
        if (status !== 412 && status !== 404) throw this.#wrap("take over claim", err);
      }
    }
    return { kind: "busy", leaseUntil: new Date(this.now() + 1000) };
  }

  async settle(messageId: string, token: string, d: SettledDelivery): Promise<void> {
    const keys = rowKeysFor(messageId);
    const now = new Date(this.now());
    const row: TableEntity<DeliveryRow> = {
      ...keys,
      MessageId: messageId,
      State: d.state,
      LeaseUntil: now,
      ...detailColumns(d),
      Attempts: 0,
      ReceivedAt: now,
      UpdatedAt: now,
    };
    try {
      await this.#client.updateEntity(row, "Replace", { etag: token });
    } catch (err) {
      throw this.#wrap("settle claim", err);
    }
  }

  async get(messageId: string): Promise<DeliveryRecord | undefined> {
    await this.#ensureTable();
    const keys = rowKeysFor(messageId);
    try {
      return recordOf(await this.#client.getEntity<DeliveryRow>(keys.partitionKey, keys.rowKey));
    } catch (err) {
      if (statusOf(err) === 404) return undefined;
      throw this.#wrap("read record", err);
    }
  }

  async recordOutcome(messageId: string, o: ProcessingOutcome): Promise<void> {
    await this.#ensureTable();
    const keys = rowKeysFor(messageId);
    // Merge: the answer, hash and delivery stay; a record removed by retention is recreated with the outcome.
    const row: TableEntity<Partial<DeliveryRow>> = {
      ...keys,
      MessageId: messageId,
      State: o.state,
      Attempts: o.attempts,
      LastError: o.lastError === undefined ? "" : o.lastError.slice(0, MAX_ERROR_CHARS),
      Poisoned: o.poisoned ?? false,
      UpdatedAt: new Date(this.now()),
    };
    try {
      await this.#client.upsertEntity(row, "Merge");
    } catch (err) {
      throw this.#wrap("record outcome", err);
    }
  }

  async list(options: ListOptions = {}): Promise<DeliveryRecord[]> {
    await this.#ensureTable();
    const states = options.states?.flatMap((s) => (s === "processed" ? ["processed", "done"] : [s]));
    const filter = states ? states.map((s) => odata`State eq ${s}`).join(" or ") : undefined;
    const out: DeliveryRecord[] = [];
    try {
      for await (const row of this.#client.listEntities<DeliveryRow>({ queryOptions: { filter } })) {
        out.push(recordOf(row));
        if (options.limit !== undefined && out.length >= options.limit) break;
      }
    } catch (err) {
      throw this.#wrap("list records", err);
    }
    return out;
  }

  async purgeOlderThan(cutoff: Date, batchSize: number): Promise<number> {
    await this.#ensureTable();
    const filter = odata`UpdatedAt lt ${cutoff}`;
    const victims: { partitionKey: string; rowKey: string; etag: string }[] = [];
    try {
      const pages = this.#client
        .listEntities<DeliveryRow>({ queryOptions: { filter, select: ["PartitionKey", "RowKey"] } })
        .byPage({ maxPageSize: batchSize });
      for await (const page of pages) {
        for (const row of page) victims.push({ partitionKey: row.partitionKey!, rowKey: row.rowKey!, etag: row.etag });
        break; // one page: a small batch per call
      }
    } catch (err) {
      throw this.#wrap("list expired records", err);
    }
    let deleted = 0;
    for (const v of victims.slice(0, batchSize)) {
      try {
        // Conditional: a record updated since it was listed is kept.
        await this.#client.deleteEntity(v.partitionKey, v.rowKey, { etag: v.etag });
        deleted++;
      } catch (err) {
        const status = statusOf(err);
        if (status !== 404 && status !== 412) throw this.#wrap("delete expired record", err);
      }
    }
    return deleted;
  }

  async release(messageId: string, token: string): Promise<void> {
    const keys = rowKeysFor(messageId);
    try {
      await this.#client.deleteEntity(keys.partitionKey, keys.rowKey, { etag: token });
    } catch (err) {
      const status = statusOf(err);
      if (status === 404 || status === 412) return; // gone or no longer ours: nothing to release
      throw this.#wrap("release claim", err);
    }
  }

  #wrap(action: string, err: unknown): IdempotencyStoreError {
    const status = statusOf(err);
    return new IdempotencyStoreError(
      `idempotency table ${this.#client.tableName}: ${action} failed${status ? ` (HTTP ${status})` : ""}: ${(err as Error)?.message ?? String(err)}`,
      { cause: err },
    );
  }
}
