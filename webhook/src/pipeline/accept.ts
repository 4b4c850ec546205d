// Accepting a delivery once it is claimed (or has no message id): queued, the delivery message is written to the
// queue (a failure is a 503 and nothing is acknowledged); inline (no queue, local only), the event's handler runs
// before the answer (a failure is the answer processing/failure.ts gives it).
import { MESSAGE_VERSION, type DeliveryMessage } from "../delivery/message.js";
import type { Logger } from "../log.js";
import type { DeliveryHeaders } from "../payload/headers.js";
import type { WebhookPayload } from "../payload/parse.js";
import { PROBLEM_TYPES } from "../problem.js";
import { classifyFailure } from "../processing/failure.js";
import { runEventHandler, type HandlerInput } from "../processing/run-event-handler.js";
import type { DeliveryQueue } from "../queue/storage-queue.js";
import type { EventHandler, HandlerServices } from "../routing/registry.js";
import { Rejection, RETRY_LATER } from "./rejection.js";

/** Pure: the queue message for an accepted delivery. */
export function buildDeliveryMessage(
  headers: DeliveryHeaders,
  payload: WebhookPayload,
  forward: Record<string, string>,
  correlation: { traceId: string; requestId: string },
  receivedAt: Date,
): DeliveryMessage {
  const m: DeliveryMessage = {
    v: MESSAGE_VERSION,
    receivedAt: receivedAt.toISOString(),
    payload,
    forward,
    traceparent: correlation.traceId,
    requestId: correlation.requestId,
  };
  if (headers.messageId) m.messageId = headers.messageId;
  if (headers.timestamp) m.timestamp = headers.timestamp;
  return m;
}

/** Queued: writes the message durably, or refuses with 503 (the sender redelivers later). */
export async function enqueueDelivery(queue: DeliveryQueue, message: DeliveryMessage): Promise<Rejection | undefined> {
  try {
    await queue.send(message);
    return undefined;
  } catch (err) {
    return new Rejection(
      503,
      PROBLEM_TYPES.queueUnavailable,
      "The delivery could not be stored for processing; nothing was acknowledged. Redeliver later.",
      { headers: RETRY_LATER, fields: { queue: queue.name, error: (err as Error).message } },
    );
  }
}

/** Inline: runs the event's handler before the answer; a failure is logged and becomes the answer. */
export async function processInline(
  handler: EventHandler,
  delivery: HandlerInput,
  services: HandlerServices,
  log: Logger,
): Promise<Rejection | undefined> {
  try {
    await runEventHandler(handler, delivery, services, log);
    return undefined;
  } catch (err) {
    const v = classifyFailure(err, `${handler.object}/${handler.event}`);
    log[v.level](v.msg, v.fields);
    return new Rejection(v.status, v.type, v.detail, {
      errors: v.errors,
      ...(v.status === 503 ? { headers: RETRY_LATER } : {}),
    });
  }
}
