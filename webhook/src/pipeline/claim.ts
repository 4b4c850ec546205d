// What the claim of a delivery's message id (idempotency/claim.ts: the store's atomic claim, waiting for a
// concurrent delivery of the same id) means for the answer: claimed (go on), a redelivery of the same body (answer
// with the stored acknowledgement), or a refusal (409 conflict or busy, 503 store unavailable). Pure.
import { sameBody, type ClaimOutcome } from "../idempotency/claim.js";
import { IdempotencyStoreError } from "../idempotency/store.js";
import type { WebhookAck } from "../payload/contract.js";
import { PROBLEM_TYPES } from "../problem.js";
import { Rejection, RETRY_LATER } from "./rejection.js";

export type ClaimStep =
  /** This delivery owns the id: accept it, then settle or release the claim with `token`. */
  | { kind: "claimed"; token: string }
  /** Accepted earlier with the same body: answer with the stored acknowledgement; nothing is processed again. */
  | { kind: "redelivery"; response: WebhookAck }
  | Rejection;

/** Pure: a claim's outcome -> what the HTTP function does with it. */
export function claimVerdict(
  outcome: ClaimOutcome,
  delivery: { messageId: string; bodyHash: string; kind: string },
  storeKind: string,
): ClaimStep {
  switch (outcome.kind) {
    case "claimed":
      return outcome;
    case "unavailable": {
      const detail =
        outcome.error instanceof IdempotencyStoreError
          ? "The idempotency store is unavailable."
          : "The idempotency store failed.";
      return new Rejection(503, PROBLEM_TYPES.downstreamUnavailable, `${detail} Redeliver later.`, {
        headers: RETRY_LATER,
        fields: { store: storeKind, error: (outcome.error as Error)?.message },
      });
    }
    case "done":
      if (sameBody(outcome.bodyHash, delivery.bodyHash)) return { kind: "redelivery", response: outcome.response };
      return new Rejection(
        409,
        PROBLEM_TYPES.messageIdConflict,
        `x-fv-messageid ${delivery.messageId} was first accepted with a different payload (${outcome.recordKind ?? "unknown kind"}); this one (${delivery.kind}) is refused. Send a new event under a new message id.`,
        { fields: { firstKind: outcome.recordKind ?? null, kind: delivery.kind } },
      );
    case "busy":
      return new Rejection(
        409,
        PROBLEM_TYPES.deliveryInProgress,
        "A delivery with this x-fv-messageid is still being processed; redeliver later.",
        {
          headers: { "retry-after": String(outcome.retryAfterSeconds) },
          fields: { leaseUntil: outcome.leaseUntil.toISOString() },
        },
      );
  }
}
