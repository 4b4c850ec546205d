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

export interface ClaimedDelivery {
  messageId: string;
  bodyHash: string;
  kind: string;
  /** The acknowledgement this delivery would get: its ids, compared with the first delivery's to say what differs. */
  response?: WebhookAck;
}

/** The acknowledgement fields that identify what a delivery is about (messageId and timestamp come from headers). */
const IDENTIFYING: readonly (keyof WebhookAck)[] = ["objectType", "eventType", "orgId", "projectId", "noteId"];

/** What differs between the first accepted delivery and this one, as `field first → this` pairs. */
function ackDifferences(
  first: WebhookAck | undefined,
  current: WebhookAck | undefined,
): { field: string; first: unknown; this: unknown }[] {
  if (!first || !current) return [];
  return IDENTIFYING.filter((f) => first[f] !== current[f]).map((f) => ({
    field: f,
    first: first[f] ?? null,
    this: current[f] ?? null,
  }));
}

/** 409 for a different body under an accepted id, naming what differs (never the same kind twice as if it did). */
function conflictRejection(delivery: ClaimedDelivery, firstKind: string | undefined, first: WebhookAck): Rejection {
  const differences = ackDifferences(first, delivery.response);
  const what =
    firstKind !== undefined && firstKind !== delivery.kind
      ? `first accepted as ${firstKind}; this one is ${delivery.kind}`
      : differences.length > 0
        ? `both ${delivery.kind}, but ${differences.map((d) => `${d.field} ${String(d.first)} → ${String(d.this)}`).join(", ")}`
        : `both ${delivery.kind} with the same ids; the payload differs in another property`;
  return new Rejection(
    409,
    PROBLEM_TYPES.messageIdConflict,
    `x-fv-messageid ${delivery.messageId} was first accepted with a different payload (${what}); this one is refused. Send a new event under a new message id.`,
    { fields: { firstKind: firstKind ?? null, kind: delivery.kind, differences } },
  );
}

/** Pure: a claim's outcome -> what the HTTP function does with it. */
export function claimVerdict(outcome: ClaimOutcome, delivery: ClaimedDelivery, storeKind: string): ClaimStep {
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
      return conflictRejection(delivery, outcome.recordKind, outcome.response);
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
