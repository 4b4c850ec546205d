// The delivery message: what the HTTP function builds for each accepted delivery (buildDeliveryMessage) and writes
// to the queue or, inline, hands to the handler; what the queue consumer reads, and the idempotency record keeps
// for replays. The parsed payload (its known fields only, so a message
// stays far below the queue's 64 KiB limit whatever the body's size), the delivery headers, the headers to forward
// downstream and the trace context. Pure; in a folder of its own so that idempotency/ and queue/ both depend on
// it and not on each other.
import { z } from "zod";
import type { DeliveryHeaders } from "../payload/headers.js";
import { readWebhookPayload, type WebhookPayload } from "../payload/parse.js";

export const MESSAGE_VERSION = 1;

/** Delivery headers the receiver forwards to every downstream call (spec A provider policy). */
const FORWARDED_HEADERS = ["x-forward-tenant-origin"] as const;

export interface DeliveryMessage {
  v: typeof MESSAGE_VERSION;
  /** x-fv-messageid (absent: the delivery carried none and is processed without duplicate suppression). */
  messageId?: string;
  /** x-fv-timestamp, as received. */
  timestamp?: string;
  receivedAt: string;
  payload: WebhookPayload;
  /** Header name (lower case) -> value, sent on downstream calls. */
  forward: Record<string, string>;
  traceparent: string;
  /** The HTTP invocation that accepted it. */
  requestId: string;
}

const messageSchema = z.object({
  v: z.literal(MESSAGE_VERSION),
  messageId: z.string().min(1).max(256).optional(),
  timestamp: z.string().optional(),
  receivedAt: z.string(),
  payload: z.record(z.string(), z.unknown()),
  forward: z.record(z.string(), z.string()).default({}),
  traceparent: z.string(),
  requestId: z.string(),
});

/**
 * Queue text for a message: base64 of the JSON, the Functions host's default `messageEncoding` for queue
 * triggers (host.json extensions.queues), so the host hands the trigger the parsed object.
 */
export function encodeMessage(message: DeliveryMessage): string {
  return Buffer.from(JSON.stringify(message), "utf8").toString("base64");
}

/** Pure: the delivery message for an accepted delivery, queued or (inline) handed to its handler. */
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

export type DecodedMessage = { ok: true; message: DeliveryMessage } | { ok: false; error: string };

/** Reads what a queue trigger or a queue read hands over: the parsed object, base64 JSON text, or JSON text. */
export function decodeMessage(raw: unknown): DecodedMessage {
  let value = raw;
  if (typeof raw === "string") {
    const text = raw.trimStart().startsWith("{") ? raw : Buffer.from(raw, "base64").toString("utf8");
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, error: "the queue message is not JSON (nor base64-encoded JSON)" };
    }
  }
  const parsed = messageSchema.safeParse(value);
  if (!parsed.success)
    return {
      ok: false,
      error: `not a delivery message: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(message)"} ${i.message}`).join("; ")}`,
    };
  const payload = readWebhookPayload(parsed.data.payload);
  if (!payload.ok) return { ok: false, error: `the message's payload is invalid: ${payload.detail}` };
  return { ok: true, message: { ...parsed.data, v: MESSAGE_VERSION, payload: payload.payload } };
}

/** `Object/Event` as the provider spelled them: the kind in log lines, records and the operations CLI. */
export function kindOf(payload: WebhookPayload): string {
  return `${payload.object ?? "(none)"}/${payload.event ?? "(none)"}`;
}

/** The forwarded headers a delivery carries (names lower case; empty values ignored). */
export function forwardedHeaders(headers: { get(name: string): string | null }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = headers.get(name)?.trim();
    if (value) out[name] = value;
  }
  return out;
}
