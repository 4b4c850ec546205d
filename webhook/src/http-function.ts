// The HTTP-triggered function, POST /api/webhooks, as a pipeline of small steps (pipeline/): request checks
// (method, optional JWT, media type, size), parse, route and validate, claim the x-fv-messageid (with the body's
// hash), accept (write the delivery to the queue; inline, local only: run its handler), settle the claim.
// Each step returns a Rejection or its result; every rejection is logged once and answered with a problem body.
// Status codes: 200 accepted or redelivered; 400 invalid JSON or schema violation; 401/403 bad JWT (only with
// WEBHOOK_VALIDATE_JWT); 405 other methods; 409 same message id still being stored, or stored with a different
// body; 413 body over 1 MiB; 415 not JSON; 503 queue or store unavailable (Retry-After; nothing acknowledged);
// inline only: 502 downstream refused, 503 downstream unavailable. Bad input is never a 5xx.
import type { JwtValidator } from "./auth/validate-jwt.js";
import { buildDeliveryMessage, forwardedHeaders, kindOf, type DeliveryMessage } from "./delivery/message.js";
import { bodyHashOf, claimMessageId, type ClaimOptions } from "./idempotency/claim.js";
import { PendingWrites } from "./idempotency/pending-writes.js";
import { CLAIM_LEASE_MS, type IdempotencyStore, type SettledDelivery } from "./idempotency/store.js";
import { createLogger, loggableHeaders, type Logger, type LogSink } from "./log.js";
import { enqueueDelivery, processInline } from "./pipeline/accept.js";
import { claimVerdict } from "./pipeline/claim.js";
import { parseDelivery, type ParsedDelivery } from "./pipeline/parse-delivery.js";
import { Rejection, RETRY_AFTER_SECONDS } from "./pipeline/rejection.js";
import { checkBodySize, checkRequest } from "./pipeline/request-checks.js";
import { acknowledge, buildAck, rejectionResponse, type WebhookResponse } from "./pipeline/respond.js";
import { handlerChecks, routeDelivery, validateForHandler } from "./pipeline/route.js";
import { releaseClaim, settleClaim } from "./pipeline/settle.js";
import { PROBLEM_TYPES, problemResponse, type ProblemContext } from "./problem.js";
import type { DeliveryQueue } from "./queue/storage-queue.js";
import type { EventHandler, EventRouter, HandlerServices } from "./routing/registry.js";
import { pathOf, RequestCorrelation, requestIdOf, type Invocation, type WebhookRequest } from "./request-context.js";
import { chooseTraceparent } from "./trace.js";

/** The HTTP function's core: one request of one invocation -> the answer. Hosts adapt their request and invocation
 * to WebhookRequest and Invocation (functions-binding.ts in Azure, local/webhook/dev-server.ts locally). */
export type WebhookHandler = ((request: WebhookRequest, invocation: Invocation) => Promise<WebhookResponse>) & {
  /** Waits for the record updates still in flight after answering (shutdown, tests). */
  drain?: (timeoutMs?: number) => Promise<void>;
};

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
  /** Overrides where log lines go (default: the invocation's log). */
  logSink?: LogSink;
  /** How long a redelivery waits for a concurrent delivery of the same id to finish (default 5 s). */
  inFlightWaitMs?: number;
  claimLeaseMs?: number;
}

/** The listed cause of a downstream 403 when x-forward-tenant-origin is missing (the provider gateway policy). */
const MISSING_TENANT_ORIGIN_WARNING =
  "delivery without x-forward-tenant-origin: downstream calls will not carry it and the process API may answer 403 " +
  "(the gateway sets x-forward-tenant-origin: corp only when api_policy_type is the provider name in the API's vars.yml)";

const NO_FORWARDED_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** One accepted delivery as the later steps see it. */
interface Accepted {
  parsed: ParsedDelivery;
  handler: EventHandler | undefined;
  /** The delivery message: what is queued, or what the handler runs on inline; absent inline without a handler. */
  message: DeliveryMessage | undefined;
  pctx: ProblemContext;
  log: Logger;
}

/** What every request of one handler shares. */
interface Pipeline {
  deps: WebhookDeps;
  claimOptions: ClaimOptions;
  /** The record updates still in flight after answering (queued processing). */
  pendingSettles: PendingWrites;
}

export function createWebhookHandler(deps: WebhookDeps): WebhookHandler {
  const pipeline: Pipeline = {
    deps,
    claimOptions: {
      leaseMs: deps.claimLeaseMs ?? CLAIM_LEASE_MS,
      waitMs: deps.inFlightWaitMs ?? 5_000,
      maxRetryAfterSeconds: RETRY_AFTER_SECONDS,
    },
    pendingSettles: new PendingWrites(),
  };
  const handleWebhookRequest: WebhookHandler = (request, invocation) =>
    handleRequest(pipeline, request, invocation).catch((err: unknown) =>
      internalError(request, invocation, err, deps.logSink),
    );
  handleWebhookRequest.drain = (timeoutMs) => pipeline.pendingSettles.drain(timeoutMs);
  return handleWebhookRequest;
}

/** Request checks, parse, route and validate; then accept (with the claim and its settling when there is an id). */
async function handleRequest(
  pipeline: Pipeline,
  request: WebhookRequest,
  invocation: Invocation,
): Promise<WebhookResponse> {
  const { deps } = pipeline;
  const pctx = new RequestCorrelation(request, invocation, requestIdOf(invocation));
  let log = createLogger(deps.logSink ?? invocation.logSink, () => ({
    requestId: pctx.requestId,
    traceId: pctx.traceId,
  }));

  const checked = checkRequest(request, deps.jwt);
  const refused = checked instanceof Promise ? await checked : checked;
  if (refused) return rejectionResponse(pctx, log, refused);
  const bytes = request.bytes ? await request.bytes() : new Uint8Array(await request.arrayBuffer());
  const tooLarge = checkBodySize(bytes);
  if (tooLarge) return rejectionResponse(pctx, log, tooLarge);
  const parsed = parseDelivery(bytes, request.headers, (partial) => handlerChecks(deps.router, partial));
  if (parsed instanceof Rejection) return rejectionResponse(pctx, log, parsed);

  const { payload } = parsed;
  const messageId = parsed.headers.messageId;
  if (messageId) log = log.with({ messageId });
  const handler = routeDelivery(deps.router, payload);
  log.info(handler ? "webhook received" : "webhook received; no handler for this kind, acknowledged", () => ({
    kind: kindOf(payload),
    handler: handler ? `${handler.object}/${handler.event}` : null,
    payload,
    headers: loggableHeaders(request.headers),
  }));
  const invalid = validateForHandler(handler, payload);
  if (invalid) return rejectionResponse(pctx, log, invalid);

  // Nothing allocated here for an inline delivery without a handler (the throughput benchmark's path).
  const forward =
    deps.queue || handler || deps.requireTenantOrigin ? forwardedHeaders(request.headers) : NO_FORWARDED_HEADERS;
  if (deps.requireTenantOrigin && forward["x-forward-tenant-origin"] === undefined)
    log.warn(MISSING_TENANT_ORIGIN_WARNING);
  const message =
    deps.queue || handler ? buildDeliveryMessage(parsed.headers, payload, forward, pctx, new Date()) : undefined;
  const accepted: Accepted = { parsed, handler, message, pctx, log };

  // `return await`: one microtask instead of adopting the returned promise (three) on the acknowledged path.
  if (messageId) return await claimAcceptSettle(pipeline, accepted, messageId, bytes);
  log.warn("delivery without x-fv-messageid: accepted without duplicate suppression");
  const failed = await accept(deps, accepted);
  return failed ? rejectionResponse(pctx, log, failed) : acknowledge(buildAck(parsed.headers, payload));
}

/** Queued: the queue write. Inline: the handler, if the kind has one, on the same message the queue would carry. */
function accept(deps: WebhookDeps, a: Accepted): Promise<Rejection | undefined> | undefined {
  if (!a.message) return undefined;
  if (deps.queue) return enqueueDelivery(deps.queue, a.message);
  return a.handler ? processInline(a.handler, a.message, deps.services, a.log) : undefined;
}

/** Claim, accept, settle (or release): the steps that need the message id. */
async function claimAcceptSettle(
  { deps, claimOptions, pendingSettles }: Pipeline,
  a: Accepted,
  messageId: string,
  bytes: Uint8Array,
): Promise<WebhookResponse> {
  const { parsed, pctx, log } = a;
  const queued = deps.queue ? a.message : undefined;
  const ack = buildAck(parsed.headers, parsed.payload);
  const bodyHash = bodyHashOf(bytes);
  const kind = kindOf(parsed.payload);
  // Queued: the claim already records the answer, hash, kind and message, so the record stays answerable (and
  // replayable) even if the update after the queue write is lost or overtaken by the consumer's outcome.
  const details = queued ? { response: ack, bodyHash, kind, delivery: queued } : undefined;
  const outcome = await claimMessageId(deps.store, messageId, claimOptions, details);
  const claim = claimVerdict(outcome, { messageId, bodyHash, kind, response: ack }, deps.store.kind);
  if (claim instanceof Rejection) return rejectionResponse(pctx, log, claim);
  if (claim.kind === "redelivery") {
    log.info("redelivery answered from the idempotency store; not processed again");
    return acknowledge(claim.response);
  }
  const refused = await accept(deps, a);
  if (refused) {
    await releaseClaim(deps.store, messageId, claim.token, log);
    return rejectionResponse(pctx, log, refused);
  }
  const settled: SettledDelivery = { state: queued ? "received" : "processed", response: ack, bodyHash, kind };
  if (queued) settled.delivery = queued;
  const settling = settleClaim(deps.store, messageId, claim.token, settled, log);
  // Queued: the delivery is stored once the queue write returned, so the answer does not wait for the record
  // update (one storage round trip off the acknowledgement). A redelivery meanwhile finds the claim and waits for
  // it (idempotency/claim.ts). Inline: the record says "processed" before the answer.
  if (queued) pendingSettles.track(settling);
  else await settling;
  return acknowledge(ack);
}

/** Last resort: a bug must still answer with a problem body (and a 5xx so the provider redelivers). Only the host's
 * invocation here: the request object itself may be what failed. */
function internalError(
  request: WebhookRequest,
  invocation: Invocation,
  err: unknown,
  logSink: LogSink | undefined,
): WebhookResponse {
  const pctx: ProblemContext = {
    instance: pathOf(String(request.url)),
    requestId: requestIdOf(invocation),
    traceId: chooseTraceparent(invocation.traceparent),
  };
  createLogger(logSink ?? invocation.logSink, { requestId: pctx.requestId }).error(
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
}
