// The delivery queue on Azure Storage queues (Azurite locally): the HTTP function sends, the operations CLI and
// the local host emulation read. Identity-based in Azure (the app's identity needs Storage Queue Data
// Contributor on the account); a connection string only for Azurite (settings refuse any other).
import type { TokenCredential } from "@azure/identity";
import { type QueueClient, QueueServiceClient, type StoragePipelineOptions } from "@azure/storage-queue";
import { encodeMessage, type DeliveryMessage } from "../delivery/message.js";

export type QueueTarget = { queueServiceUri: string; credential: TokenCredential } | { connectionString: string };

/** Where the Functions host moves a message after maxDequeueCount failed attempts. */
export const poisonQueueName = (queueName: string) => `${queueName}-poison`;

/** A sent message lives as long as the queue allows (-1: no expiry), as the host's poison copies do. */
const NEVER_EXPIRES = -1;

// Bounded: the HTTP function answers within the sender's timeout even when the queue is unreachable.
const PIPELINE: StoragePipelineOptions = { retryOptions: { maxTries: 3, tryTimeoutInMs: 3_000, retryDelayInMs: 100 } };

/** `options` replaces the receiver's bounded retries (the operations CLI brings its own timeouts). */
export function queueServiceFor(target: QueueTarget, options: StoragePipelineOptions = PIPELINE): QueueServiceClient {
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

  constructor(
    service: QueueServiceClient,
    readonly name: string,
  ) {
    this.client = service.getQueueClient(name);
    this.poison = service.getQueueClient(poisonQueueName(name));
  }

  /** Creates both queues once per process (they may exist already, created by the infrastructure stack). */
  ensureQueues(): Promise<void> {
    this.#ready ??= Promise.all([this.client.createIfNotExists(), this.poison.createIfNotExists()]).then(
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
    await this.client.sendMessage(encodeMessage(message), { messageTimeToLive: NEVER_EXPIRES });
  }
}
