// The delivery queue on Azure Storage queues (Azurite locally): the HTTP function sends, the operations CLI and
// the local host emulation read. Identity-based in Azure (the app's identity needs Storage Queue Data
// Contributor on the account); a connection string only for Azurite (settings refuse any other).
import type { TokenCredential } from "@azure/identity";
import { type QueueClient, QueueServiceClient, type StoragePipelineOptions } from "@azure/storage-queue";
import { encodeMessage, type DeliveryMessage } from "../delivery/message.js";
import { queueCallTimeoutMs, queuePipelineOptions } from "../storage-limits.js";

export type QueueTarget = { queueServiceUri: string; credential: TokenCredential } | { connectionString: string };

/** Where the Functions host moves a message after maxDequeueCount failed attempts. */
const poisonQueueName = (queueName: string) => `${queueName}-poison`;

/** A sent message lives as long as the queue allows (-1: no expiry), as the host's poison copies do. */
const NEVER_EXPIRES = -1;

/** `options` replaces the receiver's bounded retries (the operations CLI brings its own timeouts). */
export function queueServiceFor(
  target: QueueTarget,
  options: StoragePipelineOptions = queuePipelineOptions(),
): QueueServiceClient {
  return "connectionString" in target
    ? QueueServiceClient.fromConnectionString(target.connectionString, options)
    : new QueueServiceClient(target.queueServiceUri, target.credential, options);
}

export interface DeliveryQueue {
  readonly name: string;
  /** Writes the message durably; throws when the queue cannot be written. */
  send(message: DeliveryMessage): Promise<void>;
}

export class StorageDeliveryQueue implements DeliveryQueue {
  readonly client: QueueClient;
  readonly poison: QueueClient;
  #ready: Promise<void> | undefined;

  /** `callTimeoutMs`: the longest one call may take, its retries included (storage-limits.ts). */
  constructor(
    service: QueueServiceClient,
    readonly name: string,
    private readonly callTimeoutMs: number = queueCallTimeoutMs(),
  ) {
    this.client = service.getQueueClient(name);
    this.poison = service.getQueueClient(poisonQueueName(name));
  }

  /** One queue call, ended after callTimeoutMs: the SDK sets no client-side timeout (a silent service would hang). */
  async #bounded<T>(call: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const abortSignal = AbortSignal.timeout(this.callTimeoutMs);
    try {
      return await call(abortSignal);
    } catch (err) {
      if (abortSignal.aborted)
        throw new Error(`queue ${this.name}: no answer within ${this.callTimeoutMs} ms (${this.client.url})`, {
          cause: err,
        });
      throw err;
    }
  }

  /** Creates both queues once per process (they may exist already, created by the infrastructure stack). */
  ensureQueues(): Promise<void> {
    this.#ready ??= Promise.all([
      this.#bounded((abortSignal) => this.client.createIfNotExists({ abortSignal })),
      this.#bounded((abortSignal) => this.poison.createIfNotExists({ abortSignal })),
    ]).then(
      () => undefined,
      (err: unknown) => {
        this.#ready = undefined;
        throw err;
      },
    );
    return this.#ready;
  }

  async send(message: DeliveryMessage): Promise<void> {
    await this.ensureQueues();
    await this.#bounded((abortSignal) =>
      this.client.sendMessage(encodeMessage(message), { messageTimeToLive: NEVER_EXPIRES, abortSignal }),
    );
  }
}
