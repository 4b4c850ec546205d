// The queue-triggered function's core: one delivery message -> its event handler (runEventHandler, as the inline
// path), with the outcome written to the idempotency record. A failure is thrown back to the caller (the Functions
// host, or the local emulation in local/webhook/queue-host.ts), which makes the message visible again after the
// visibility timeout and moves it to the poison queue after maxDequeueCount attempts: nothing is dropped. A message
// whose record says "processed" is skipped, so a message queued twice (a redelivery after a lost settle) creates
// its case once.
import type { IdempotencyStore } from "../idempotency/store.js";
import { createLogger, type LogSink } from "../log.js";
import { classifyFailure } from "../processing/failure.js";
import { runEventHandler } from "../processing/run-event-handler.js";
import type { EventRouter, HandlerServices } from "../routing/registry.js";
import { decodeMessage, kindOf } from "../delivery/message.js";

export interface ConsumerDeps {
  store: IdempotencyStore;
  router: EventRouter;
  services: HandlerServices;
  /** The host's maxDequeueCount: the attempt that reaches it is the last before the poison queue. */
  maxDequeueCount: number;
}

export interface QueueInvocation {
  /** How many times the message has been dequeued, this time included (the trigger's dequeueCount). */
  dequeueCount: number;
  invocationId: string;
  logSink: LogSink;
}

export type DeliveryConsumer = (raw: unknown, invocation: QueueInvocation) => Promise<"processed" | "skipped">;

export class UnreadableMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreadableMessageError";
  }
}

export function createDeliveryConsumer(deps: ConsumerDeps): DeliveryConsumer {
  return async function consumeDelivery(raw, inv) {
    let log = createLogger(inv.logSink, { requestId: inv.invocationId, dequeueCount: inv.dequeueCount });
    const decoded = decodeMessage(raw);
    if (!decoded.ok) {
      // It can never succeed: thrown, so it ends in the poison queue where an operator sees it.
      log.error("unreadable queue message; it goes to the poison queue after the last attempt", {
        error: decoded.error,
      });
      throw new UnreadableMessageError(decoded.error);
    }
    const m = decoded.message;
    log = log.with({ traceId: m.traceparent, ...(m.messageId ? { messageId: m.messageId } : {}) });
    const kind = kindOf(m.payload);

    if (m.messageId) {
      const record = await deps.store.get(m.messageId);
      if (record?.state === "processed") {
        log.info("queued delivery already processed; not processed again", { kind });
        return "skipped";
      }
    }
    const handler = deps.router.resolve(m.payload.object, m.payload.event);
    try {
      if (handler) await runEventHandler(handler, m, deps.services, log);
    } catch (err) {
      const verdict = classifyFailure(err, kind);
      const poisoned = inv.dequeueCount >= deps.maxDequeueCount;
      log[verdict.level](
        `${verdict.msg}; ${poisoned ? `attempt ${inv.dequeueCount} of ${deps.maxDequeueCount}: the message goes to the poison queue (replay it with npm run webhook-deliveries)` : `attempt ${inv.dequeueCount} of ${deps.maxDequeueCount}: retried after the visibility timeout`}`,
        { ...verdict.fields, kind },
      );
      if (m.messageId)
        await deps.store
          .recordOutcome(m.messageId, {
            state: "failed",
            attempts: inv.dequeueCount,
            lastError: verdict.summary,
            poisoned,
          })
          .catch((e: unknown) => log.error("could not record the failure", { error: (e as Error).message }));
      throw err;
    }
    if (m.messageId) {
      try {
        await deps.store.recordOutcome(m.messageId, { state: "processed", attempts: inv.dequeueCount });
      } catch (e) {
        // Not thrown: a retry would run the handler again for a delivery that succeeded.
        log.error("processed, but the outcome could not be recorded", { error: (e as Error).message });
      }
    }
    log.info(handler ? "queued delivery processed" : "queued delivery has no handler for its kind; done", {
      kind,
      attempts: inv.dequeueCount,
    });
    return "processed";
  };
}
