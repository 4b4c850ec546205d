// Claiming a message id for one delivery: an atomic claim in the store; a concurrent delivery of the same id waits
// briefly (polling with a growing interval) for the first one to settle, then is told to come back later.
import { hash } from "node:crypto";
import type { ClaimResult, IdempotencyStore } from "./store.js";

export type ClaimOutcome =
  | Exclude<ClaimResult, { kind: "busy" }>
  /** Still claimed by another delivery after the wait: answer 409 with this Retry-After. */
  | { kind: "busy"; leaseUntil: Date; retryAfterSeconds: number }
  /** The store failed (answer 503). */
  | { kind: "unavailable"; error: unknown };

export interface ClaimOptions {
  leaseMs: number;
  /** How long to wait for a concurrent delivery of the same id. */
  waitMs: number;
  /** Upper bound of the Retry-After for a busy id. */
  maxRetryAfterSeconds: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function claimMessageId(
  store: IdempotencyStore,
  messageId: string,
  o: ClaimOptions,
): Promise<ClaimOutcome> {
  const deadline = Date.now() + o.waitMs;
  for (let pollMs = 25; ; pollMs = Math.min(pollMs * 2, 250)) {
    let claim: ClaimResult;
    try {
      claim = await store.claim(messageId, o.leaseMs);
    } catch (error) {
      return { kind: "unavailable", error };
    }
    if (claim.kind !== "busy") return claim;
    if (Date.now() >= deadline) {
      const seconds = Math.max(1, Math.ceil((claim.leaseUntil.getTime() - Date.now()) / 1000));
      return { ...claim, retryAfterSeconds: Math.min(seconds, o.maxRetryAfterSeconds) };
    }
    await sleep(pollMs);
  }
}

/** SHA-256 (hex) of a delivery's body as received: the stored hash tells a redelivery from a different payload. */
export function bodyHashOf(bytes: Uint8Array): string {
  // One-shot crypto.hash: about half the cost of createHash().update().digest() for a small body.
  return hash("sha256", bytes, "hex");
}

/** Pure: whether a redelivery carries the body the message id was first accepted with (records without a hash,
 * written before hashes were stored, match anything). */
export function sameBody(storedHash: string | undefined, hash: string): boolean {
  return storedHash === undefined || storedHash === hash;
}
