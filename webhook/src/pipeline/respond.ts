// The HTTP function's answers: the acknowledgement (200 with the delivery's fields) and a rejection's problem
// response, logged once as "delivery rejected" (status, type, reason; the logger adds the correlation).
import type { WebhookAck } from "../payload/contract.js";
import type { Logger } from "../log.js";
import type { DeliveryHeaders } from "../payload/headers.js";
import type { WebhookPayload } from "../payload/parse.js";
import { problemResponse, type ProblemContext, type ProblemDetails } from "../problem.js";
import type { Rejection } from "./rejection.js";

/** An answer as the core gives it; the Functions host takes it as its HttpResponseInit, the local host writes it. */
export interface WebhookResponse {
  status: number;
  headers: Record<string, string>;
  jsonBody: WebhookAck | ProblemDetails;
}

/** Pure: the acknowledgement body, each field filled where the delivery carries it. */
export function buildAck(headers: DeliveryHeaders, payload: WebhookPayload): WebhookAck {
  const ack: WebhookAck = { received: true };
  if (headers.messageId !== undefined) ack.messageId = headers.messageId;
  if (payload.object !== undefined) ack.objectType = payload.object;
  if (payload.event !== undefined) ack.eventType = payload.event;
  if (headers.timestamp !== undefined) ack.timestamp = headers.timestamp;
  if (payload.objectId?.noteId !== undefined) ack.noteId = payload.objectId.noteId;
  if (payload.projectId !== undefined) ack.projectId = payload.projectId;
  ack.orgId = payload.orgId;
  return ack;
}

// One frozen object for every acknowledgement: the host and the adapter copy response headers, never edit them.
const ACK_HEADERS: Record<string, string> = Object.freeze({
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
});

export function acknowledge(ack: WebhookAck): WebhookResponse {
  return { status: 200, headers: ACK_HEADERS, jsonBody: ack };
}

/** Every refusal goes through here: logged (warn, error for a 5xx), then answered with its problem body. */
export function rejectionResponse(pctx: ProblemContext, log: Logger, r: Rejection): WebhookResponse {
  const { errors, headers, fields } = r.options;
  (r.status >= 500 ? log.error : log.warn).call(log, "delivery rejected", {
    status: r.status,
    type: r.type,
    reason: r.detail,
    ...(errors ? { errors } : {}),
    ...fields,
  });
  return problemResponse(pctx, r.status, r.type, r.detail, { errors, headers });
}
