// The HTTP-triggered function, POST /api/webhooks: method, optional JWT, media type and size checks; payload
// parsing; the idempotency claim on x-fv-messageid (with the body's hash); then the delivery is written to the
// queue and acknowledged (queued processing, the default), or processed before answering (inline, local only).
// Status codes: 200 accepted or redelivered; 400 invalid JSON or schema violation; 401/403 bad JWT (only with
// WEBHOOK_VALIDATE_JWT); 405 other methods; 409 same message id still being stored, or stored with a different
// body; 413 body over 1 MiB; 415 not JSON; 503 queue or store unavailable (Retry-After; nothing acknowledged);
// inline only: 502 downstream refused, 503 downstream unavailable. Bad input is never a 5xx. Every rejection is
// logged (status, type, reason, correlation; never a token).
import type { HttpResponseInit, InvocationContext } from "@azure/functions";
import type { JwtValidator } from "./auth/validate-jwt.js";
import { checkJsonContentType } from "./content-type.js";
import { bodyHashOf, claimMessageId, sameBody } from "./idempotency/claim.js";
import {
  CLAIM_LEASE_MS,
  IdempotencyStoreError,
  type IdempotencyStore,
  type SettledDelivery,
  type WebhookAck,
} from "./idempotency/store.js";
import { createLogger, loggableHeaders, sinkFor, type Logger, type LogSink } from "./log.js";
import { readDeliveryHeaders, type DeliveryHeaders } from "./payload/headers.js";
import { parseWebhookPayload, type WebhookPayload } from "./payload/parse.js";
import { classifyFailure } from "./processing/failure.js";
import { forwardedHeaders, MESSAGE_VERSION, type DeliveryMessage } from "./queue/message.js";
import type { DeliveryQueue } from "./queue/storage-queue.js";
import {
  PROBLEM_TYPES,
  problemResponse,
  type FieldError,
  type ProblemContext,
  type ProblemDetails,
} from "./problem.js";
import type { EventHandler, EventRouter, HandlerServices } from "./routing/registry.js";
import { decodeUtf8, pathOf, RequestCorrelation, requestIdOf, type WebhookRequest } from "./request-context.js";
import { chooseTraceparent } from "./trace.js";

export { decodeUtf8, pathOf, type WebhookRequest } from "./request-context.js";

/** Largest accepted body: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Seconds a sender should wait before redelivering after a 503. */
export const RETRY_AFTER_SECONDS = 30;

export interface WebhookResponse extends HttpResponseInit {
  status: number;
  headers: Record<string, string>;
  jsonBody: WebhookAck | ProblemDetails;
}

export type WebhookHandler = (request: WebhookRequest, context: InvocationContext) => Promise<WebhookResponse>;

export interface WebhookDeps {
  store: IdempotencyStore;
  router: EventRouter;
  services: HandlerServices;
  /** The delivery queue; without it deliveries are processed before the answer (inline, local only). */
  queue?: DeliveryQueue;
  /** Warn when a delivery lacks x-forward-tenant-origin (behind the gateway, where downstream calls need it). */
  requireTenantOrigin?: boolean;
  /** Present when WEBHOOK_VALIDATE_JWT=true. */
  jwt?: JwtValidator;
  /** Overrides where log lines go (default: the invocation context). */
  logSink?: LogSink;
  /** How long a redelivery waits for a concurrent delivery of the same id to finish (default 5 s). */
  inFlightWaitMs?: number;
  claimLeaseMs?: number;
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

function ok(ack: WebhookAck): WebhookResponse {
  return { status: 200, headers: ACK_HEADERS, jsonBody: ack };
}

/** The listed cause of a downstream 403 when x-forward-tenant-origin is missing (the provider gateway policy). */
export const MISSING_TENANT_ORIGIN_WARNING =
  "delivery without x-forward-tenant-origin: downstream calls will not carry it and the process API may answer 403 " +
  "(the gateway sets x-forward-tenant-origin: corp only when api_policy_type is the provider name in the API's vars.yml)";

type ProblemOptions = Parameters<typeof problemResponse>[4];

const NO_FORWARDED_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** The queue message for an accepted delivery. */
function queueMessage(
  messageId: string | undefined,
  timestamp: string | undefined,
  payload: WebhookPayload,
  forward: Record<string, string>,
  pctx: ProblemContext,
): DeliveryMessage {
  const m: DeliveryMessage = {
    v: MESSAGE_VERSION,
    receivedAt: new Date().toISOString(),
    payload,
    forward,
    traceparent: pctx.traceId,
    requestId: pctx.requestId,
  };
  if (messageId) m.messageId = messageId;
  if (timestamp) m.timestamp = timestamp;
  return m;
}

export function createWebhookHandler(deps: WebhookDeps): WebhookHandler {
  const claimOptions = {
    leaseMs: deps.claimLeaseMs ?? CLAIM_LEASE_MS,
    waitMs: deps.inFlightWaitMs ?? 5_000,
    maxRetryAfterSeconds: RETRY_AFTER_SECONDS,
  };
  const unavailable = { headers: { "retry-after": String(RETRY_AFTER_SECONDS) } };

  /** Every refusal goes through here: logged (status, type, reason; the logger adds the correlation), then answered. */
  function reject(
    pctx: ProblemContext,
    log: Logger,
    status: number,
    type: string,
    detail: string,
    options: ProblemOptions & { fields?: Record<string, unknown> } = {},
  ): WebhookResponse {
    (status >= 500 ? log.error : log.warn).call(log, "delivery rejected", {
      status,
      type,
      reason: detail,
      ...(options.errors ? { errors: options.errors } : {}),
      ...options.fields,
    });
    return problemResponse(pctx, status, type, detail, options);
  }

  /** Inline processing (no queue): runs the event's handler; a problem response on failure. */
  async function processInline(
    handler: EventHandler,
    payload: WebhookPayload,
    messageId: string | undefined,
    forward: Record<string, string>,
    pctx: ProblemContext,
    log: Logger,
  ): Promise<WebhookResponse | undefined> {
    try {
      await handler.handle({
        payload,
        messageId,
        services: deps.services,
        log,
        traceparent: pctx.traceId,
        correlationId: messageId ?? pctx.requestId,
        forwardHeaders: forward,
      });
      return undefined;
    } catch (err) {
      const v = classifyFailure(err, `${handler.object}/${handler.event}`);
      log[v.level](v.msg, v.fields);
      return reject(pctx, log, v.status, v.type, v.detail, {
        errors: v.errors,
        ...(v.status === 503 ? unavailable : {}),
      });
    }
  }

  /** Queued: write the message (a failure is a 503, nothing acknowledged). Inline: run the handler, if any. */
  async function accept(
    handler: EventHandler | undefined,
    payload: WebhookPayload,
    messageId: string | undefined,
    forward: Record<string, string>,
    message: DeliveryMessage | undefined,
    pctx: ProblemContext,
    log: Logger,
  ): Promise<WebhookResponse | undefined> {
    if (!deps.queue || !message) return handler && processInline(handler, payload, messageId, forward, pctx, log);
    try {
      await deps.queue.send(message);
      return undefined;
    } catch (err) {
      return reject(
        pctx,
        log,
        503,
        PROBLEM_TYPES.queueUnavailable,
        "The delivery could not be stored for processing; nothing was acknowledged. Redeliver later.",
        { ...unavailable, fields: { queue: deps.queue.name, error: (err as Error).message } },
      );
    }
  }

  return function handleWebhookRequest(request, context) {
    return handleRequest(request, context).catch((err: unknown) => {
      // Last resort: a bug must still answer with a problem body (and a 5xx so the provider redelivers).
      // Only the host's context here: the request object itself may be what failed.
      const pctx: ProblemContext = {
        instance: pathOf(String(request.url)),
        requestId: requestIdOf(context),
        traceId: chooseTraceparent(context.traceContext?.traceParent),
      };
      createLogger(deps.logSink ?? sinkFor(context), { requestId: pctx.requestId }).error(
        "unhandled error in the webhook handler",
        {
          status: 500,
          error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
        },
      );
      return problemResponse(
        pctx,
        500,
        PROBLEM_TYPES.internal,
        "The receiver failed unexpectedly; the delivery can be redelivered.",
      );
    });
  };

  async function handleRequest(request: WebhookRequest, context: InvocationContext): Promise<WebhookResponse> {
    const pctx = new RequestCorrelation(request, context, requestIdOf(context));
    let log = createLogger(deps.logSink ?? sinkFor(context), () => ({
      requestId: pctx.requestId,
      traceId: pctx.traceId,
    }));

    if (request.method !== "POST") {
      return reject(
        pctx,
        log,
        405,
        PROBLEM_TYPES.methodNotAllowed,
        `${request.method} is not supported; deliver webhooks with POST.`,
        { headers: { allow: "POST" } },
      );
    }

    if (deps.jwt) {
      const verdict = await deps.jwt.validate(request.headers.get("authorization"));
      if (!verdict.ok) {
        const fields = { error: verdict.error };
        if (verdict.status === 503)
          return reject(pctx, log, 503, PROBLEM_TYPES.downstreamUnavailable, verdict.description, {
            ...unavailable,
            fields,
          });
        return reject(
          pctx,
          log,
          verdict.status,
          verdict.status === 401 ? PROBLEM_TYPES.unauthorized : PROBLEM_TYPES.forbidden,
          verdict.description,
          {
            fields,
            headers: {
              "www-authenticate": `Bearer error="${verdict.error}", error_description="${verdict.description.replace(/"/g, "'")}"`,
            },
          },
        );
      }
    }

    const mediaType = checkJsonContentType(request.headers.get("content-type"));
    if (!mediaType.ok)
      return reject(pctx, log, 415, PROBLEM_TYPES.unsupportedMediaType, mediaType.reason, {
        headers: { accept: "application/json" },
      });

    const tooLarge = `The body exceeds ${MAX_BODY_BYTES} bytes (1 MiB).`;
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES)
      return reject(pctx, log, 413, PROBLEM_TYPES.payloadTooLarge, tooLarge);
    const bytes = request.bytes ? await request.bytes() : new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > MAX_BODY_BYTES) return reject(pctx, log, 413, PROBLEM_TYPES.payloadTooLarge, tooLarge);

    const text = decodeUtf8(bytes);
    if (text === undefined) {
      return reject(pctx, log, 400, PROBLEM_TYPES.invalidJson, "The body is not valid UTF-8 text.", {
        errors: [{ key: "body", values: ["is not valid UTF-8"] }],
      });
    }

    const delivery = readDeliveryHeaders(request.headers);
    const parsed = parseWebhookPayload(text);
    if (!parsed.ok || delivery.errors.length > 0) {
      const errors: FieldError[] = [...delivery.errors, ...(parsed.ok ? [] : parsed.errors)];
      const invalidJson = !parsed.ok && parsed.kind === "invalid-json";
      const detail = !parsed.ok
        ? parsed.detail
        : `Invalid delivery headers: ${delivery.errors.map((e) => e.key).join(", ")}.`;
      return reject(pctx, log, 400, invalidJson ? PROBLEM_TYPES.invalidJson : PROBLEM_TYPES.validation, detail, {
        errors,
      });
    }

    const { payload } = parsed;
    const messageId = delivery.headers.messageId;
    if (messageId) log = log.with({ messageId });
    const kind = `${payload.object ?? "(none)"}/${payload.event ?? "(none)"}`;
    const handler = deps.router.resolve(payload.object, payload.event);
    log.info(handler ? "webhook received" : "webhook received; no handler for this kind, acknowledged", () => ({
      kind,
      handler: handler ? `${handler.object}/${handler.event}` : null,
      payload,
      headers: loggableHeaders(request.headers),
    }));
    if (handler?.validate) {
      const errors = handler.validate(payload);
      if (errors.length > 0)
        return reject(
          pctx,
          log,
          400,
          PROBLEM_TYPES.validation,
          `The ${handler.object}/${handler.event} event is missing required fields.`,
          { errors },
        );
    }

    // Nothing allocated here for an inline delivery without a handler (the throughput benchmark's path).
    const forward =
      deps.queue || handler || deps.requireTenantOrigin ? forwardedHeaders(request.headers) : NO_FORWARDED_HEADERS;
    if (deps.requireTenantOrigin && forward["x-forward-tenant-origin"] === undefined)
      log.warn(MISSING_TENANT_ORIGIN_WARNING);
    const ack = buildAck(delivery.headers, payload);
    const message = deps.queue
      ? queueMessage(messageId, delivery.headers.timestamp, payload, forward, pctx)
      : undefined;

    if (!messageId) {
      log.warn("delivery without x-fv-messageid: accepted without duplicate suppression");
      return (await accept(handler, payload, messageId, forward, message, pctx, log)) ?? ok(ack);
    }

    const bodyHash = bodyHashOf(bytes);
    const claim = await claimMessageId(deps.store, messageId, claimOptions);
    if (claim.kind === "unavailable") {
      const detail =
        claim.error instanceof IdempotencyStoreError
          ? "The idempotency store is unavailable."
          : "The idempotency store failed.";
      return reject(pctx, log, 503, PROBLEM_TYPES.downstreamUnavailable, `${detail} Redeliver later.`, {
        ...unavailable,
        fields: { store: deps.store.kind, error: (claim.error as Error)?.message },
      });
    }
    if (claim.kind === "done") {
      if (!sameBody(claim.bodyHash, bodyHash))
        return reject(
          pctx,
          log,
          409,
          PROBLEM_TYPES.messageIdConflict,
          `x-fv-messageid ${messageId} was first accepted with a different payload (${claim.recordKind ?? "unknown kind"}); this one (${kind}) is refused. Send a new event under a new message id.`,
          { fields: { firstKind: claim.recordKind ?? null, kind } },
        );
      log.info("redelivery answered from the idempotency store; not processed again");
      return ok(claim.response);
    }
    if (claim.kind === "busy")
      return reject(
        pctx,
        log,
        409,
        PROBLEM_TYPES.deliveryInProgress,
        "A delivery with this x-fv-messageid is still being processed; redeliver later.",
        {
          headers: { "retry-after": String(claim.retryAfterSeconds) },
          fields: { leaseUntil: claim.leaseUntil.toISOString() },
        },
      );

    const failure = await accept(handler, payload, messageId, forward, message, pctx, log);
    if (failure) {
      try {
        await deps.store.release(messageId, claim.token);
      } catch (err) {
        log.error("could not release the claim; a redelivery is handled once the lease expires", {
          error: (err as Error).message,
        });
      }
      return failure;
    }
    try {
      const settled: SettledDelivery = { state: deps.queue ? "received" : "processed", response: ack, bodyHash, kind };
      if (message) settled.delivery = message;
      await deps.store.settle(messageId, claim.token, settled);
    } catch (err) {
      // The message is queued (or processed): acknowledge. The consumer skips a processed id if it comes again.
      log.error(
        "accepted, but the idempotency record could not be written; a redelivery after the lease is accepted again",
        {
          error: (err as Error).message,
        },
      );
    }
    return ok(ack);
  }
}
