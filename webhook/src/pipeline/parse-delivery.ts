// Parsing a delivery: the body as UTF-8 JSON into the known payload fields, and the delivery headers
// (x-fv-messageid, x-fv-timestamp). Invalid JSON is a 400 invalid-json; a schema or header violation a 400
// validation, with every field error. Pure.
import { readDeliveryHeaders, type DeliveryHeaders } from "../payload/headers.js";
import { invalidPayloadDetail, parseWebhookPayload, type WebhookPayload } from "../payload/parse.js";
import { PROBLEM_TYPES, type FieldError } from "../problem.js";
import { decodeUtf8 } from "../request-context.js";
import { Rejection } from "./rejection.js";

export interface ParsedDelivery {
  payload: WebhookPayload;
  headers: DeliveryHeaders;
}

/**
 * The event's own checks (its handler's required fields) on the fields that passed, so a payload with several
 * problems gets all of them in one 400, not the type errors first and the missing fields on the next try.
 */
export type EventChecks = (partial: Partial<WebhookPayload>) => FieldError[];

export function parseDelivery(
  bytes: Uint8Array,
  requestHeaders: { get(name: string): string | null },
  eventChecks?: EventChecks,
): ParsedDelivery | Rejection {
  const text = decodeUtf8(bytes);
  if (text === undefined)
    return new Rejection(400, PROBLEM_TYPES.invalidJson, "The body is not valid UTF-8 text.", {
      errors: [{ key: "body", values: ["is not valid UTF-8"] }],
    });
  const delivery = readDeliveryHeaders(requestHeaders);
  const parsed = parseWebhookPayload(text);
  if (parsed.ok && delivery.errors.length === 0) return { payload: parsed.payload, headers: delivery.headers };
  const payloadErrors = parsed.ok ? [] : [...parsed.errors];
  // The fields that passed (all of them when only a header failed); invalid JSON has none.
  const passed = parsed.ok ? parsed.payload : parsed.kind === "validation" ? parsed.partial : undefined;
  if (passed && eventChecks) {
    const reported = new Set(payloadErrors.map((e) => e.key));
    payloadErrors.push(...eventChecks(passed).filter((e) => !reported.has(e.key)));
  }
  const errors: FieldError[] = [...delivery.errors, ...payloadErrors];
  if (!parsed.ok)
    return new Rejection(
      400,
      parsed.kind === "invalid-json" ? PROBLEM_TYPES.invalidJson : PROBLEM_TYPES.validation,
      parsed.kind === "validation" ? invalidPayloadDetail(payloadErrors) : parsed.detail,
      { errors },
    );
  return new Rejection(
    400,
    PROBLEM_TYPES.validation,
    `Invalid delivery headers: ${delivery.errors.map((e) => e.key).join(", ")}.` +
      (payloadErrors.length > 0 ? ` ${invalidPayloadDetail(payloadErrors)}` : ""),
    { errors },
  );
}
