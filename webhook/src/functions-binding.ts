// The Azure Functions binding: the one module where the host's types meet the receiver's runtime-agnostic core.
// It adapts InvocationContext to the core's Invocation (id, trace context, log sink) and to the queue consumer's
// QueueInvocation, and builds the three functions the entry point (index.ts) registers over dependencies built
// once, on first use, from the settings the entry point loaded once. The local host (local/webhook/dev-server.ts)
// does the same for node:http without this module.
import type { HttpRequest, InvocationContext, Timer } from "@azure/functions";
import { createWebhookHandler, type WebhookHandler } from "./http-function.js";
import { purgeExpiredRecords, type RetentionResult } from "./idempotency/retention.js";
import type { LogSink } from "./log.js";
import type { WebhookResponse } from "./pipeline/respond.js";
import { createDeliveryConsumer, type DeliveryConsumer, type QueueInvocation } from "./queue/consumer.js";
import type { Invocation } from "./request-context.js";
import { buildWebhookDeps, type RuntimeDeps, type RuntimeOverrides } from "./runtime.js";
import type { Settings } from "./settings.js";

/** The subset of InvocationContext the binding reads (the host's class satisfies it; tests pass the real one). */
type HostContext = Pick<
  InvocationContext,
  "invocationId" | "traceContext" | "triggerMetadata" | "debug" | "info" | "warn" | "error"
>;

/** Log lines to the invocation context's methods, so the host forwards them to Application Insights. */
function sinkFor(context: HostContext): LogSink {
  return (level, line) => {
    if (level === "debug") context.debug(line);
    else if (level === "info") context.info(line);
    else if (level === "warn") context.warn(line);
    else context.error(line);
  };
}

/** The core's view of a Functions invocation; the trace context and the sink are read only when used. */
export function invocationOf(context: HostContext): Invocation {
  return {
    invocationId: context.invocationId,
    get traceparent() {
      return context.traceContext?.traceParent;
    },
    get logSink() {
      return sinkFor(context);
    },
  };
}

/** The queue trigger's invocation: the host's dequeueCount (1 when absent), id and log. */
export function queueInvocationOf(context: HostContext): QueueInvocation {
  return {
    dequeueCount: Number(context.triggerMetadata?.dequeueCount ?? 1),
    invocationId: context.invocationId,
    logSink: sinkFor(context),
  };
}

/** The three functions the Functions host calls. */
export interface FunctionsApp {
  /** HTTP trigger, POST /api/webhooks. */
  handleWebhook(request: HttpRequest, context: InvocationContext): Promise<WebhookResponse>;
  /** Queue trigger: the host hands over the decoded message and its dequeueCount. */
  processQueuedDelivery(queueEntry: unknown, context: InvocationContext): Promise<void>;
  /** Timer trigger: removes idempotency records older than the retention window, in small batches. */
  purgeExpiredDeliveries(timer: Timer, context: InvocationContext): Promise<RetentionResult>;
}

/** The functions over one set of dependencies (one store, one set of clients), built from `settings` on first use. */
export function createFunctionsApp(settings: Settings, overrides?: RuntimeOverrides): FunctionsApp {
  let deps: RuntimeDeps | undefined;
  let http: WebhookHandler | undefined;
  let consume: DeliveryConsumer | undefined;
  const built = () => (deps ??= buildWebhookDeps(settings, overrides));
  return {
    handleWebhook: (request, context) => (http ??= createWebhookHandler(built()))(request, invocationOf(context)),
    async processQueuedDelivery(queueEntry, context) {
      consume ??= createDeliveryConsumer(built().consumer);
      await consume(queueEntry, queueInvocationOf(context));
    },
    async purgeExpiredDeliveries(_timer, context) {
      const result = await purgeExpiredRecords(built().store, { retentionDays: settings.retentionDays });
      context.info(JSON.stringify({ level: "info", msg: "idempotency retention run", ...result }));
      return result;
    },
  };
}
