// Durable idempotency store on Azure Table Storage (Azurite locally). The claim is an atomic insert (a second
// insert of the same row gets 409); completion and release are conditional on the claim's ETag, so a worker
// whose lease was taken over can no longer overwrite the new owner's row. Rows are spread over 256 partitions by
// a hash of the message id (the id itself may hold characters that are not allowed in keys).
import { createHash } from "node:crypto";
import { TableClient, type TableEntity } from "@azure/data-tables";
import type { TokenCredential } from "@azure/identity";
import { IdempotencyStoreError, type ClaimResult, type IdempotencyStore, type WebhookAck } from "./store.js";

interface DeliveryRow {
  MessageId: string;
  State: "processing" | "done";
  LeaseUntil: Date;
  Response?: string;
  UpdatedAt: Date;
}

export function rowKeysFor(messageId: string): { partitionKey: string; rowKey: string } {
  const hash = createHash("sha256").update(messageId, "utf8").digest("hex");
  return { partitionKey: hash.slice(0, 2), rowKey: hash };
}

function statusOf(err: unknown): number | undefined {
  return typeof err === "object" && err !== null && "statusCode" in err
    ? (err as { statusCode?: number }).statusCode
    : undefined;
}

export type TableStoreTarget =
  | { endpoint: string; tableName: string; credential: TokenCredential }
  | { connectionString: string; tableName: string };

export class TableIdempotencyStore implements IdempotencyStore {
  readonly kind = "table" as const;
  readonly #client: TableClient;
  #ready: Promise<void> | undefined;

  constructor(
    target: TableStoreTarget,
    private readonly now: () => number = Date.now,
  ) {
    this.#client =
      "connectionString" in target
        ? // Azurite speaks plain http on loopback (settings refuse other connection strings).
          TableClient.fromConnectionString(target.connectionString, target.tableName, { allowInsecureConnection: true })
        : new TableClient(target.endpoint, target.tableName, target.credential);
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

  async claim(messageId: string, leaseMs: number): Promise<ClaimResult> {
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
      };
      try {
        const created = await this.#client.createEntity(row);
        return { kind: "claimed", token: created.etag ?? "" };
      } catch (err) {
        if (statusOf(err) !== 409) throw this.#wrap("claim", err);
      }
      let existing: { State?: string; LeaseUntil?: Date; Response?: string; etag: string };
      try {
        existing = await this.#client.getEntity<DeliveryRow>(keys.partitionKey, keys.rowKey);
      } catch (err) {
        if (statusOf(err) === 404) continue; // released meanwhile: try the insert again
        throw this.#wrap("read claim", err);
      }
      if (existing.State === "done") {
        return { kind: "done", response: JSON.parse(existing.Response ?? '{"received":true}') as WebhookAck };
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

  async complete(messageId: string, token: string, response: WebhookAck): Promise<void> {
    const keys = rowKeysFor(messageId);
    const row: TableEntity<DeliveryRow> = {
      ...keys,
      MessageId: messageId,
      State: "done",
      LeaseUntil: new Date(this.now()),
      Response: JSON.stringify(response),
      UpdatedAt: new Date(this.now()),
    };
    try {
      await this.#client.updateEntity(row, "Replace", { etag: token });
    } catch (err) {
      throw this.#wrap("complete claim", err);
    }
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
