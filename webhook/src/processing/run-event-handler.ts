// Running an event's handler for one delivery message: the one call shared by inline processing (the HTTP
// function, local only) and the queue consumer, both on the message buildDeliveryMessage built, so both hand the
// handler the same context (payload, forwarded headers, trace and correlation). What a failure means is the caller's
// (processing/failure.ts classifies it).
import type { DeliveryMessage } from "../delivery/message.js";
import type { Logger } from "../log.js";
import type { EventHandler, HandlerServices } from "../routing/registry.js";

export function runEventHandler(
  handler: EventHandler,
  delivery: DeliveryMessage,
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
