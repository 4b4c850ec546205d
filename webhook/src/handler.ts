// The POST /api/webhooks handler: method, optional JWT, media type and size checks; payload parsing; the
// idempotency claim on x-fv-messageid; routing by (Object, Event); the 200 acknowledgement or a problem+json.
// Status codes: 200 processed or redelivered; 400 invalid JSON or schema violation; 401/403 bad JWT (only with
// WEBHOOK_VALIDATE_JWT); 405 other methods; 409 same message id still processing; 413 body over 1 MiB; 415 not
// JSON; 502 downstream refused; 503 downstream or store unavailable (with Retry-After). Bad input is never a 5xx.
import { isUtf8 } from "node:buffer";
import { randomUUID } from "node:crypto";
import type { HttpResponseInit, InvocationContext } from "@azure/functions";
import type { JwtValidator } from "./auth/validate-jwt.js";
import { checkJsonContentType } from "./content-type.js";
import {
  DownstreamAuthError,
  DownstreamRejectedError,
  PayloadRejectedError,
  RetryableDownstreamError,
} from "./downstream/errors.js";
import { CLAIM_LEASE_MS, IdempotencyStoreError, type IdempotencyStore, type WebhookAck } from "./idempotency/store.js";
import { createLogger, loggableHeaders, sinkFor, type Logger, type LogSink } from "./log.js";
import { readDeliveryHeaders, type DeliveryHeaders } from "./payload/headers.js";
import { parseWebhookPayload, type WebhookPayload } from "./payload/parse.js";
import {
  PROBLEM_TYPES,
  problemResponse,
  type FieldError,
  type ProblemContext,
  type ProblemDetails,
} from "./problem.js";
import type { EventHandler, EventRouter, HandlerServices } from "./routing/registry.js";
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
  readonly headers: {
    get(name: string): string | null;
    forEach(callback: (value: string, name: string) => void): void;
  };
  arrayBuffer(): Promise<ArrayBuffer>;
  /** The body without the copy into a new ArrayBuffer, where the request offers it (the local adapter does). */
  bytes?(): Promise<Uint8Array>;
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

/** The body as text (a leading BOM dropped), or undefined when it is not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  const text = (
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  ).toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

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

// One frozen object for every acknowledgement: the host and the adapter copy response headers, never edit them.
const ACK_HEADERS: Record<string, string> = Object.freeze({
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
});

function tooLarge(pctx: ProblemContext): WebhookResponse {
  return problemResponse(pctx, 413, PROBLEM_TYPES.payloadTooLarge, `The body exceeds ${MAX_BODY_BYTES} bytes (1 MiB).`);
}

function ok(ack: WebhookAck): WebhookResponse {
  return { status: 200, headers: ACK_HEADERS, jsonBody: ack };
}

// scheme://authority, then the path up to a query or fragment (RFC 3986 §3); cheaper than new URL() per request.
const URL_PATH = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i;

/** The request path for a problem's `instance`. */
export function pathOf(url: string): string {
  return URL_PATH.exec(url)?.[1] || "/";
}

/**
 * A request's correlation for problems, log lines and downstream calls. The path and the traceparent are worked
 * out on first use: an acknowledged delivery with its log lines dropped needs neither.
 */
class RequestCorrelation implements ProblemContext {
  #instance: string | undefined;
  #traceId: string | undefined;
  constructor(
    private readonly request: WebhookRequest,
    private readonly context: InvocationContext,
    readonly requestId: string,
  ) {}
  get instance(): string {
    return (this.#instance ??= pathOf(this.request.url));
  }
  /** The request's traceparent when valid, else the host's, else a new one (traceparent format). */
  get traceId(): string {
    return (this.#traceId ??= chooseTraceparent(
      this.request.headers.get("traceparent"),
      this.context.traceContext?.traceParent,
    ));
  }
}

function requestIdOf(context: InvocationContext): string {
  return context.invocationId && context.invocationId !== "unknown" ? context.invocationId : randomUUID();
}

export function createWebhookHandler(deps: WebhookDeps): WebhookHandler {
  const leaseMs = deps.claimLeaseMs ?? CLAIM_LEASE_MS;
  const waitMs = deps.inFlightWaitMs ?? 5_000;

  /** Runs the event's handler; returns a problem response on failure (the caller releases the claim). */
  async function process(
    handler: EventHandler,
    payload: WebhookPayload,
    messageId: string | undefined,
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
      });
      return undefined;
    } catch (err) {
      if (err instanceof PayloadRejectedError) {
        log.warn("delivery rejected by its handler", { errors: err.errors });
        return problemResponse(
          pctx,
          400,
          PROBLEM_TYPES.validation,
          `The ${handler.object}/${handler.event} event is missing required fields.`,
          { errors: err.errors },
        );
      }
      if (err instanceof RetryableDownstreamError) {
        log.warn("processing failed temporarily; answering 503 so the provider redelivers", {
          service: err.service,
          error: err.message,
        });
        return problemResponse(
          pctx,
          503,
          PROBLEM_TYPES.downstreamUnavailable,
          `Processing could not complete: ${err.message}. Redeliver later.`,
          {
            headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
          },
        );
      }
      if (err instanceof DownstreamAuthError) {
        log.error(`${err.service} refused the receiver's app-only token (HTTP ${err.status})`, {
          service: err.service,
          status: err.status,
          diagnostics: err.diagnostics,
        });
        return problemResponse(
          pctx,
          502,
          PROBLEM_TYPES.downstreamRejected,
          `The ${err.service} refused the receiver's credentials (HTTP ${err.status}).`,
        );
      }
      if (err instanceof DownstreamRejectedError) {
        log.error(`${err.service} rejected the request (HTTP ${err.status})`, {
          service: err.service,
          status: err.status,
          response: err.responseExcerpt,
        });
        return problemResponse(
          pctx,
          502,
          PROBLEM_TYPES.downstreamRejected,
          `The ${err.service} rejected the request (HTTP ${err.status}).`,
        );
      }
      log.error("processing failed unexpectedly", {
        error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
      });
      return problemResponse(
        pctx,
        500,
        PROBLEM_TYPES.internal,
        "Processing failed unexpectedly; the delivery can be redelivered.",
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
      return problemResponse(
        pctx,
        405,
        PROBLEM_TYPES.methodNotAllowed,
        `${request.method} is not supported; deliver webhooks with POST.`,
        { headers: { allow: "POST" } },
      );
    }

    if (deps.jwt) {
      const verdict = await deps.jwt.validate(request.headers.get("authorization"));
      if (!verdict.ok) {
        log.warn("provider JWT rejected", {
          status: verdict.status,
          error: verdict.error,
          reason: verdict.description,
        });
        if (verdict.status === 503) {
          return problemResponse(pctx, 503, PROBLEM_TYPES.downstreamUnavailable, verdict.description, {
            headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
          });
        }
        return problemResponse(
          pctx,
          verdict.status,
          verdict.status === 401 ? PROBLEM_TYPES.unauthorized : PROBLEM_TYPES.forbidden,
          verdict.description,
          {
            headers: {
              "www-authenticate": `Bearer error="${verdict.error}", error_description="${verdict.description.replace(/"/g, "'")}"`,
            },
          },
        );
      }
    }

    const mediaType = checkJsonContentType(request.headers.get("content-type"));
    if (!mediaType.ok)
      return problemResponse(pctx, 415, PROBLEM_TYPES.unsupportedMediaType, mediaType.reason, {
        headers: { accept: "application/json" },
      });

    const declared = Number(request.headers.get("content-length") ?? "0");
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return tooLarge(pctx);
    const bytes = request.bytes ? await request.bytes() : new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > MAX_BODY_BYTES) return tooLarge(pctx);

    const text = decodeUtf8(bytes);
    if (text === undefined) {
      return problemResponse(pctx, 400, PROBLEM_TYPES.invalidJson, "The body is not valid UTF-8 text.", {
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
      log.warn("delivery rejected", { status: 400, errors });
      return problemResponse(pctx, 400, invalidJson ? PROBLEM_TYPES.invalidJson : PROBLEM_TYPES.validation, detail, {
        errors,
      });
    }

    const { payload } = parsed;
    const messageId = delivery.headers.messageId;
    if (messageId) log = log.with({ messageId });
    const handler = deps.router.resolve(payload.object, payload.event);
    log.info(handler ? "webhook received" : "webhook received; no handler for this kind, acknowledged", () => ({
      kind: `${payload.object ?? "(none)"}/${payload.event ?? "(none)"}`,
      handler: handler ? `${handler.object}/${handler.event}` : null,
      payload,
      headers: loggableHeaders(request.headers),
    }));
    const ack = buildAck(delivery.headers, payload);

    if (!messageId) {
      log.warn("delivery without x-fv-messageid: processed without duplicate suppression");
      return (handler && (await process(handler, payload, undefined, pctx, log))) || ok(ack);
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
        const detail =
          err instanceof IdempotencyStoreError
            ? "The idempotency store is unavailable."
            : "The idempotency store failed.";
        return problemResponse(pctx, 503, PROBLEM_TYPES.downstreamUnavailable, `${detail} Redeliver later.`, {
          headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
        });
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
        log.warn("same message id is still being processed by another delivery", {
          leaseUntil: claim.leaseUntil.toISOString(),
        });
        return problemResponse(
          pctx,
          409,
          PROBLEM_TYPES.deliveryInProgress,
          "A delivery with this x-fv-messageid is still being processed; redeliver later.",
          {
            headers: { "retry-after": String(Math.min(retryAfter, RETRY_AFTER_SECONDS)) },
          },
        );
      }
      await sleep(pollMs);
    }

    // Kinds without a handler are acknowledged; the "webhook received" line already says so (handler: null).
    const failure = handler && (await process(handler, payload, messageId, pctx, log));
    if (failure) {
      try {
        await deps.store.release(messageId, token);
      } catch (err) {
        log.error("could not release the claim; a redelivery is processed once the lease expires", {
          error: (err as Error).message,
        });
      }
      return failure;
    }
    try {
      await deps.store.complete(messageId, token, ack);
    } catch (err) {
      log.error("processed, but the result could not be recorded; a redelivery after the lease may process again", {
        error: (err as Error).message,
      });
    }
    return ok(ack);
  }
}
