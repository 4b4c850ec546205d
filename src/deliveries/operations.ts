// The delivery operations as use cases: (the target's ports, a typed request) -> what came of it. The shell
// (src/cli/webhook-deliveries/) parses the request, calls runDeliveryOperation, renders the result through
// src/cli/webhook-deliveries/deliveries-text.ts and maps it to an outcome; nothing here prints or knows exit codes.
import type { DeliveryMessage } from "../../webhook/src/delivery/message.js";
import type { DeliveryRecord, DeliveryState } from "../../webhook/src/idempotency/store.js";
import {
  listDeliveries,
  replayAllPoison,
  replayOne,
  summarize,
  type DeliverySummary,
  type Listing,
  type PoisonReplay,
  type ReplayVerdict,
} from "./deliveries.js";
import type { OpsTarget } from "./ports.js";

export type DeliveryRequest =
  | { op: "list"; states?: DeliveryState[]; poisoned: boolean; limit?: number }
  | { op: "show"; messageId: string }
  | { op: "replay"; messageId: string; apply: boolean }
  | { op: "replay-all"; apply: boolean };

/** One delivery in full: its summary, the answer it was acknowledged with and the message kept for replays. */
interface DeliveryDetail extends DeliverySummary {
  bodyHash: string | undefined;
  response: DeliveryRecord["response"];
  queued: DeliveryMessage | undefined;
}

export type DeliveryResult =
  | { op: "list"; listing: Listing }
  | { op: "show"; messageId: string; detail: DeliveryDetail | undefined; poisonQueue: string }
  | { op: "replay"; verdict: ReplayVerdict }
  | { op: "replay-all"; replay: PoisonReplay; apply: boolean };

export async function runDeliveryOperation(t: OpsTarget, request: DeliveryRequest): Promise<DeliveryResult> {
  switch (request.op) {
    case "list": {
      const { states, poisoned, limit } = request;
      return { op: "list", listing: await listDeliveries(t, { states, poisoned, limit }) };
    }
    case "show":
      return {
        op: "show",
        messageId: request.messageId,
        detail: await detailOf(t, request.messageId),
        poisonQueue: t.poison.name,
      };
    case "replay":
      return { op: "replay", verdict: await replayOne(t, request.messageId, request.apply) };
    case "replay-all":
      return { op: "replay-all", replay: await replayAllPoison(t, request.apply), apply: request.apply };
  }
}

async function detailOf(t: OpsTarget, messageId: string): Promise<DeliveryDetail | undefined> {
  const record = await t.store.get(messageId);
  if (!record) return undefined;
  const { delivery, response, bodyHash } = record;
  return { ...summarize(record), bodyHash, response, queued: delivery };
}

/** What a result comes to: a delivery that is not there, nothing to replay, a refusal, or done. */
export function resultVerdict(r: DeliveryResult): "done" | "not-found" | "nothing-to-replay" | "refused" {
  if (r.op === "show") return r.detail ? "done" : "not-found";
  if (r.op === "replay")
    return r.verdict.outcome === "refused"
      ? "refused"
      : r.verdict.outcome === "not-found"
        ? "nothing-to-replay"
        : "done";
  if (r.op === "replay-all")
    return r.replay.unreadable.length > 0 || r.replay.messages.length === 0 ? "nothing-to-replay" : "done";
  return "done";
}
