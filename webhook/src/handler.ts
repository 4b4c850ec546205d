// The POST /api/webhooks handler: method, optional JWT, media type and size checks; payload parsing; the
// idempotency claim on x-fv-messageid; routing by (Object, Event); the 200 acknowledgement or a problem+json.
// Status codes: 200 processed or redelivered; 400 invalid JSON or schema violation; 401/403 bad JWT (only with
// WEBHOOK_VALIDATE_JWT); 405 other methods; 409 same message id still processing; 413 body over 1 MiB; 415 not
// JSON; 502 downstream refused; 503 downstream or store unavailable (with Retry-After). Bad input is never a 5xx.
import { randomUUID } from "node:crypto";
import type { HttpResponseInit, InvocationContext } from "@azure/functions";
import type { JwtValidator } from "./auth/validate-jwt.js";
import { checkJsonContentType } from "./content-type.js";
import { DownstreamAuthError, DownstreamRejectedError, PayloadRejectedError, RetryableDownstreamError } from "./downstream/errors.js";
import { CLAIM_LEASE_MS, IdempotencyStoreError, type IdempotencyStore, type WebhookAck } from "./idempotency/store.js";
import { createLogger, loggableHeaders, sinkFor, type Logger, type LogSink } from "./log.js";
import { readDeliveryHeaders, type DeliveryHeaders } from "./payload/headers.js";
import { parseWebhookPayload, type WebhookPayload } from "./payload/parse.js";
import { PROBLEM_TYPES, problemResponse, type FieldError, type ProblemContext, type ProblemDetails } from "./problem.js";
import type { EventRouter, HandlerServices } from "./routing/registry.js";
import { chooseTraceparent } from "./trace.js";

/** Largest accepted body: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Seconds a sender should wait before redelivering after a 503. */
export const RETRY_AFTER_SECONDS = 30;

export interface WebhookResponse extends HttpResponseInit {
  status: number;
  headers: Record<string, string>;
  jsonBody: WebhookAck | ProblemDetails;
}

/**
 * The parts of the Functions HttpRequest the receiver reads. The host's HttpRequest satisfies it; the local
 * adapter passes a lighter object over node:http's request (src/dev-server.ts) so the undici Request and web
 * stream the Functions class builds per request are not paid for locally.
 */
export interface WebhookRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null; forEach(callback: (value: string, name: string) => void): void };
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type WebhookHandler = (request: WebhookRequest, context: InvocationContext) => Promise<WebhookResponse>;

export interface WebhookDeps {
  store: IdempotencyStore;
  router: EventRouter;
  services: HandlerServices;
  /** Present when WEBHOOK_VALIDATE_JWT=true. */
  jwt?: JwtValidator;
  /** Overrides where log lines go (default: the invocation context). */
  logSink?: LogSink;
  /** How long a redelivery waits for a concurrent delivery of the same id to finish (default 5 s). */
  inFlightWaitMs?: number;
  claimLeaseMs?: number;
}

// Stateless for one-shot decoding, so one instance serves every request.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

function ok(ack: WebhookAck): WebhookResponse {
  return { status: 200, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }, jsonBody: ack };
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "/api/webhooks";
  }
}

export function createWebhookHandler(deps: WebhookDeps): WebhookHandler {
  const leaseMs = deps.claimLeaseMs ?? CLAIM_LEASE_MS;
  const waitMs = deps.inFlightWaitMs ?? 5_000;

  /** Runs the event's handler; returns a problem response on failure (the caller releases the claim). */
  async function process(payload: WebhookPayload, messageId: string | undefined, pctx: ProblemContext, log: Logger): Promise<WebhookResponse | undefined> {
    const handler = deps.router.resolve(payload.object, payload.event);
    // Kinds without a handler are acknowledged; the "webhook received" line already says so (handler: null).
    if (!handler) return undefined;
    try {
      await handler.handle({ payload, messageId, services: deps.services, log, traceparent: pctx.traceId, correlationId: messageId ?? pctx.requestId });
      return undefined;
    } catch (err) {
      if (err instanceof PayloadRejectedError) {
        log.warn("delivery rejected by its handler", { errors: err.errors });
        return problemResponse(pctx, 400, PROBLEM_TYPES.validation, `The ${handler.object}/${handler.event} event is missing required fields.`, { errors: err.errors });
      }
      if (err instanceof RetryableDownstreamError) {
        log.warn("processing failed temporarily; answering 503 so the provider redelivers", { service: err.service, error: err.message });
        return problemResponse(pctx, 503, PROBLEM_TYPES.downstreamUnavailable, `Processing could not complete: ${err.message}. Redeliver later.`, {
          headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
        });
      }
      if (err instanceof DownstreamAuthError) {
        log.error(`${err.service} refused the receiver's app-only token (HTTP ${err.status})`, { service: err.service, status: err.status, diagnostics: err.diagnostics });
        return problemResponse(pctx, 502, PROBLEM_TYPES.downstreamRejected, `The ${err.service} refused the receiver's credentials (HTTP ${err.status}).`);
      }
      if (err instanceof DownstreamRejectedError) {
        log.error(`${err.service} rejected the request (HTTP ${err.status})`, { service: err.service, status: err.status, response: err.responseExcerpt });
        return problemResponse(pctx, 502, PROBLEM_TYPES.downstreamRejected, `The ${err.service} rejected the request (HTTP ${err.status}).`);
      }
      log.error("processing failed unexpectedly", { error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err) });
      return problemResponse(pctx, 500, PROBLEM_TYPES.internal, "Processing failed unexpectedly; the delivery can be redelivered.");
    }
  }

  return async function handleWebhookRequest(request, context) {
    try {
      return await handleRequest(request, context);
    } catch (err) {
      // Last resort: a bug must still answer with a problem body (and a 5xx so the provider redelivers).
      const requestId = context.invocationId && context.invocationId !== "unknown" ? context.invocationId : randomUUID();
      const pctx: ProblemContext = { instance: pathOf(request.url), requestId, traceId: chooseTraceparent(context.traceContext?.traceParent) };
      createLogger(deps.logSink ?? sinkFor(context), { requestId }).error("unhandled error in the webhook handler", {
        error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
      });
      return problemResponse(pctx, 500, PROBLEM_TYPES.internal, "The receiver failed unexpectedly; the delivery can be redelivered.");
    }
  };

  async function handleRequest(request: WebhookRequest, context: InvocationContext): Promise<WebhookResponse> {
    const requestId = context.invocationId && context.invocationId !== "unknown" ? context.invocationId : randomUUID();
    const traceId = chooseTraceparent(request.headers.get("traceparent"), context.traceContext?.traceParent);
    const pctx: ProblemContext = { instance: pathOf(request.url), requestId, traceId };
    let log = createLogger(deps.logSink ?? sinkFor(context), { requestId, traceId });

    if (request.method !== "POST") {
      return problemResponse(pctx, 405, PROBLEM_TYPES.methodNotAllowed, `${request.method} is not supported; deliver webhooks with POST.`, { headers: { allow: "POST" } });
    }

    if (deps.jwt) {
      const verdict = await deps.jwt.validate(request.headers.get("authorization"));
      if (!verdict.ok) {
        log.warn("provider JWT rejected", { status: verdict.status, error: verdict.error, reason: verdict.description });
        if (verdict.status === 503) {
          return problemResponse(pctx, 503, PROBLEM_TYPES.downstreamUnavailable, verdict.description, { headers: { "retry-after": String(RETRY_AFTER_SECONDS) } });
        }
        return problemResponse(pctx, verdict.status, verdict.status === 401 ? PROBLEM_TYPES.unauthorized : PROBLEM_TYPES.forbidden, verdict.description, {
          headers: { "www-authenticate": `Bearer error="${verdict.error}", error_description="${verdict.description.replace(/"/g, "'")}"` },
        });
      }
    }

    const mediaType = checkJsonContentType(request.headers.get("content-type"));
    if (!mediaType.ok) return problemResponse(pctx, 415, PROBLEM_TYPES.unsupportedMediaType, mediaType.reason, { headers: { accept: "application/json" } });

    const tooLarge = () => problemResponse(pctx, 413, PROBLEM_TYPES.payloadTooLarge, `The body exceeds ${MAX_BODY_BYTES} bytes (1 MiB).`);
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return tooLarge();
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > MAX_BODY_BYTES) return tooLarge();

    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return problemResponse(pctx, 400, PROBLEM_TYPES.invalidJson, "The body is not valid UTF-8 text.", { errors: [{ key: "body", values: ["is not valid UTF-8"] }] });
    }

    const delivery = readDeliveryHeaders((name) => request.headers.get(name));
    const parsed = parseWebhookPayload(text);
    if (!parsed.ok || delivery.errors.length > 0) {
      const errors: FieldError[] = [...delivery.errors, ...(parsed.ok ? [] : parsed.errors)];
      const invalidJson = !parsed.ok && parsed.kind === "invalid-json";
      const detail = !parsed.ok ? parsed.detail : `Invalid delivery headers: ${delivery.errors.map((e) => e.key).join(", ")}.`;
      log.warn("delivery rejected", { status: 400, errors });
      return problemResponse(pctx, 400, invalidJson ? PROBLEM_TYPES.invalidJson : PROBLEM_TYPES.validation, detail, { errors });
    }

    const { payload } = parsed;
    const messageId = delivery.headers.messageId;
    if (messageId) log = log.with({ messageId });
    const handler = deps.router.resolve(payload.object, payload.event);
    log.info(handler ? "webhook received" : "webhook received; no handler for this kind, acknowledged", {
      kind: `${payload.object ?? "(none)"}/${payload.event ?? "(none)"}`,
      handler: handler ? `${handler.object}/${handler.event}` : null,
      payload,
      headers: loggableHeaders(request.headers),
    });
    const ack = buildAck(delivery.headers, payload);

    if (!messageId) {
      log.warn("delivery without x-fv-messageid: processed without duplicate suppression");
      return (await process(payload, undefined, pctx, log)) ?? ok(ack);
    }

    // Claim the message id; a concurrent delivery of the same id waits briefly for the first one's answer.
    const deadline = Date.now() + waitMs;
    let token: string;
    for (let pollMs = 25; ; pollMs = Math.min(pollMs * 2, 250)) {
      let claim;
      try {
        claim = await deps.store.claim(messageId, leaseMs);
      } catch (err) {
        log.error("idempotency store unavailable", { error: (err as Error).message, store: deps.store.kind });
        const detail = err instanceof IdempotencyStoreError ? "The idempotency store is unavailable." : "The idempotency store failed.";
        return problemResponse(pctx, 503, PROBLEM_TYPES.downstreamUnavailable, `${detail} Redeliver later.`, { headers: { "retry-after": String(RETRY_AFTER_SECONDS) } });
      }
      if (claim.kind === "done") {
        log.info("redelivery answered from the idempotency store; not processed again");
        return ok(claim.response);
      }
      if (claim.kind === "claimed") {
        token = claim.token;
        break;
      }
      if (Date.now() >= deadline) {
        const retryAfter = Math.max(1, Math.ceil((claim.leaseUntil.getTime() - Date.now()) / 1000));
        log.warn("same message id is still being processed by another delivery", { leaseUntil: claim.leaseUntil.toISOString() });
        return problemResponse(pctx, 409, PROBLEM_TYPES.deliveryInProgress, "A delivery with this x-fv-messageid is still being processed; redeliver later.", {
          headers: { "retry-after": String(Math.min(retryAfter, RETRY_AFTER_SECONDS)) },
        });
      }
      await sleep(pollMs);
    }

    const failure = await process(payload, messageId, pctx, log);
    if (failure) {
      try {
        await deps.store.release(messageId, token);
      } catch (err) {
        log.error("could not release the claim; a redelivery is processed once the lease expires", { error: (err as Error).message });
      }
      return failure;
    }
    try {
      await deps.store.complete(messageId, token, ack);
    } catch (err) {
      log.error("processed, but the result could not be recorded; a redelivery after the lease may process again", { error: (err as Error).message });
    }
    return ok(ack);
  }
}
