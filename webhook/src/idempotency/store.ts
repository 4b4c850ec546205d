// The idempotency store: one record per message id. The first delivery claims the id with an atomic insert (for a
// queued delivery the claim already holds the answer, the body hash and the message); the claim is then either
// settled (marked "received" or "processed", so a redelivery gets the same answer and a payload that differs under
// the same id is recognised) or released after a failure to store or process (so a later redelivery is handled).
// The queue consumer writes the processing outcome into the same record (processed / failed, attempt count, last
// error): operators read it with `npm run webhook-deliveries`. A claim carries a lease: a worker that died
// mid-claim leaves a claim that a redelivery may take over once the lease has expired.
import type { DeliveryMessage } from "../delivery/message.js";
// The 200 body returned for a delivery: the contract's WebhookResponse.
import type { WebhookAck } from "../payload/contract.js";

/**
 * Where a delivery stands:
 * - `processing`: claimed by an HTTP invocation that has not stored it yet (short-lived);
 * - `received`: acknowledged and queued; the queue consumer has not finished it yet;
 * - `processed`: its event handler succeeded (or it had none);
 * - `failed`: the last processing attempt failed (`poisoned` once the host moved it to the poison queue).
 */
export type DeliveryState = "processing" | "received" | "processed" | "failed";

/** What a settled claim holds: the answer, the body hash and, when queued, the message (for replays). */
export interface SettledDelivery {
  state: "received" | "processed";
  response: WebhookAck;
  /** SHA-256 (hex) of the body as received. */
  bodyHash: string;
  /** `Object/Event` as the provider spelled them. */
  kind: string;
  /** The queue message as sent (absent when processed inline). */
  delivery?: DeliveryMessage;
}

/** What the claim itself records (everything but the state): a record stays answerable and replayable even when
 * the update after the queue write is lost or overtaken by the consumer's outcome. */
export type ClaimDetails = Omit<SettledDelivery, "state">;

export interface DeliveryRecord {
  messageId: string;
  state: DeliveryState;
  response?: WebhookAck;
  bodyHash?: string;
  kind?: string;
  delivery?: DeliveryMessage;
  /** Processing attempts made by the queue consumer so far. */
  attempts: number;
  lastError?: string;
  /** True once the message went to the poison queue (attempts reached maxDequeueCount). */
  poisoned?: boolean;
  receivedAt?: Date;
  updatedAt: Date;
}

/** The consumer's outcome of one processing attempt ("received" again when an operator replays it). */
export interface ProcessingOutcome {
  state: "received" | "processed" | "failed";
  attempts: number;
  lastError?: string;
  poisoned?: boolean;
}

export type ClaimResult =
  /** This caller owns the message id and must settle or release it. `token` proves ownership. */
  | { kind: "claimed"; token: string }
  /** Already accepted: answer with the stored body (after comparing body hashes). */
  | { kind: "done"; response: WebhookAck; bodyHash?: string; recordKind?: string }
  /** Another delivery of the same id is being stored and its lease has not expired. */
  | { kind: "busy"; leaseUntil: Date };

export interface ListOptions {
  /** Only records in these states. */
  states?: readonly DeliveryState[];
  /** At most this many (newest first is not guaranteed by Table Storage; the CLI sorts). */
  limit?: number;
}

export interface IdempotencyStore {
  readonly kind: "memory" | "table";
  /** `details` (the answer, body hash, kind and queued message) are written with the claim when given. */
  claim(messageId: string, leaseMs: number, details?: ClaimDetails): Promise<ClaimResult>;
  /** Turns a claim into a settled record (conditional on the claim's token). */
  settle(messageId: string, token: string, settled: SettledDelivery): Promise<void>;
  release(messageId: string, token: string): Promise<void>;
  /** The record of a message id, or undefined. */
  get(messageId: string): Promise<DeliveryRecord | undefined>;
  /** Records the queue consumer's outcome (creates the record when retention already removed it). */
  recordOutcome(messageId: string, outcome: ProcessingOutcome): Promise<void>;
  /** Records for the operations CLI. */
  list(options?: ListOptions): Promise<DeliveryRecord[]>;
  /** Deletes up to `batchSize` records last updated before `cutoff`; returns how many it deleted. */
  purgeOlderThan(cutoff: Date, batchSize: number): Promise<number>;
  close?(): Promise<void>;
}

/** Raised when the store itself cannot be reached or answers unexpectedly (a retryable 503, never a 4xx). */
export class IdempotencyStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "IdempotencyStoreError";
  }
}

/** How long a claim stays exclusive (longer than the worst case of storing a delivery or processing it inline). */
export const CLAIM_LEASE_MS = 120_000;
