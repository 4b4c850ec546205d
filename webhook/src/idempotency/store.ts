// The idempotency store: the first delivery of a message id claims it with an atomic insert; the claim is either
// completed (the 200 body is kept so a redelivery gets the same answer without processing again) or released
// after a processing failure (so a later redelivery processes). A claim carries a lease: a worker that died
// mid-processing leaves a claim that a redelivery may take over once the lease has expired.

import type { WebhookAck } from "../payload/contract.js";

/** The 200 body returned for a delivery: the contract's WebhookResponse (webhook/src/payload/contract.ts). */
export type { WebhookAck };

export type ClaimResult =
  /** This caller owns the message id and must complete or release it. `token` proves ownership. */
  | { kind: "claimed"; token: string }
  /** Already processed: answer with the stored body. */
  | { kind: "done"; response: WebhookAck }
  /** Another delivery of the same id is processing and its lease has not expired. */
  | { kind: "busy"; leaseUntil: Date };

export interface IdempotencyStore {
  readonly kind: "memory" | "table";
  claim(messageId: string, leaseMs: number): Promise<ClaimResult>;
  complete(messageId: string, token: string, response: WebhookAck): Promise<void>;
  release(messageId: string, token: string): Promise<void>;
  close?(): Promise<void>;
}

/** Raised when the store itself cannot be reached or answers unexpectedly (a retryable 503, never a 4xx). */
export class IdempotencyStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "IdempotencyStoreError";
  }
}

/** How long a claim stays exclusive while processing (longer than the worst case of bounded downstream retries). */
export const CLAIM_LEASE_MS = 120_000;
