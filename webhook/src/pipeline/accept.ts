// Accepting a delivery once it is claimed (or has no message id), given its delivery message
// (buildDeliveryMessage): queued, the message is written to the queue (a failure is a 503 and nothing is
// acknowledged); inline (no queue, local only), the event's handler runs on it before the answer (a failure is the
// answer processing/failure.ts gives it), as the queue consumer runs it on the message it reads.
import type { DeliveryMessage } from "../delivery/message.js";
import type { Logger } from "../log.js";
import { PROBLEM_TYPES } from "../problem.js";
import { classifyFailure } from "../processing/failure.js";
import { runEventHandler } from "../processing/run-event-handler.js";
import type { DeliveryQueue } from "../queue/storage-queue.js";
import type { EventHandler, HandlerServices } from "../routing/registry.js";
import { Rejection, RETRY_LATER } from "./rejection.js";

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
  delivery: DeliveryMessage,
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
