// Routing a parsed delivery to its event handler by (Object, Event), and the handler's own checks, which run
// before the delivery is acknowledged (a failure is a 400 and nothing is queued). Pure.
import type { WebhookPayload } from "../payload/parse.js";
import { PROBLEM_TYPES, type FieldError } from "../problem.js";
import type { EventHandler, EventRouter } from "../routing/registry.js";
import { Rejection } from "./rejection.js";

/** The handler for the delivery's kind; undefined for a kind without one (acknowledged all the same). */
export function routeDelivery(router: EventRouter, payload: WebhookPayload): EventHandler | undefined {
  return router.resolve(payload.object, payload.event);
}

export function validateForHandler(handler: EventHandler | undefined, payload: WebhookPayload): Rejection | undefined {
  const errors = handler?.validate?.(payload);
  if (!handler || !errors || errors.length === 0) return undefined;
  return new Rejection(
    400,
    PROBLEM_TYPES.validation,
    `The ${handler.object}/${handler.event} event is missing required fields.`,
    { errors },
  );
}

/**
 * The handler's own checks on a payload that failed parsing, run on the fields that passed (those it names as
 * missing may be the ones that failed: parseDelivery keeps only problems not reported already).
 */
export function handlerChecks(router: EventRouter, partial: Partial<WebhookPayload>): FieldError[] {
  if (partial.object === undefined || partial.event === undefined) return [];
  // validate() reads only the fields it requires, each of which may be absent here.
  return router.resolve(partial.object, partial.event)?.validate?.(partial as WebhookPayload) ?? [];
}
