// Running an event's handler for one delivery: the one call shared by inline processing (the HTTP function,
// local only) and the queue consumer, so both hand the handler the same context (payload, forwarded headers,
// trace and correlation). What a failure means is the caller's (processing/failure.ts classifies it).
import type { DeliveryMessage } from "../delivery/message.js";
import type { Logger } from "../log.js";
import type { EventHandler, HandlerServices } from "../routing/registry.js";

/** The parts of a delivery a handler needs: the queue message, or the same fields of a request being answered. */
export type HandlerInput = Pick<DeliveryMessage, "payload" | "messageId" | "forward" | "traceparent" | "requestId">;

export function runEventHandler(
  handler: EventHandler,
  delivery: HandlerInput,
  services: HandlerServices,
  log: Logger,
): Promise<void> {
  return handler.handle({
    payload: delivery.payload,
    messageId: delivery.messageId,
    services,
    log,
    traceparent: delivery.traceparent,
    // Downstream calls correlate by the message id; a delivery without one by the invocation that accepted it.
    correlationId: delivery.messageId ?? delivery.requestId,
    forwardHeaders: delivery.forward,
  });
}
