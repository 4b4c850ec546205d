// The endpoint mapping (the spec's MapWebhookEndpoints()): without this call at start-up the route does not exist
// and the host answers 404. All methods are mapped so that the handler answers anything but POST with a 405.
// The handlers are the caller's: the entry point passes the Functions binding's, the local host its own (the
// core's handler over node:http), so the mapping is the same in both.
import type {
  HttpMethod,
  StorageQueueFunctionOptions,
  StorageQueueHandler,
  TimerFunctionOptions,
  TimerHandler,
} from "@azure/functions";
import { RETENTION_SCHEDULE } from "./idempotency/retention.js";
import { QUEUE_CONNECTION, type Settings } from "./settings.js";

const WEBHOOK_FUNCTION_NAME = "webhooks";
/** Relative to host.json's routePrefix ("api"): POST /api/webhooks. */
export const WEBHOOK_ROUTE = "webhooks";
export const ROUTE_PREFIX = "api";
const WEBHOOK_METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

const QUEUE_FUNCTION_NAME = "webhook-deliveries";
const RETENTION_FUNCTION_NAME = "webhook-retention";

/** What the mapping registers for the HTTP function, with the host's handler type `H`. */
export interface HttpRouteOptions<H> {
  methods: HttpMethod[];
  route: string;
  authLevel: "anonymous";
  handler: H;
}

/** Anything with the shape of `app` from @azure/functions (the local host passes its own collector). */
export interface HttpRegistrar<H> {
  http(name: string, options: HttpRouteOptions<H>): void;
}

export interface BackgroundRegistrar {
  storageQueue(name: string, options: StorageQueueFunctionOptions): void;
  timer(name: string, options: TimerFunctionOptions): void;
}

/**
 * The queue consumer and the retention timer. The queue trigger reads `<queue>` through the connection
 * WEBHOOK_QUEUE (identity-based in Azure: WEBHOOK_QUEUE__queueServiceUri); the host retries a failed message
 * after host.json's visibilityTimeout and moves it to `<queue>-poison` after maxDequeueCount attempts.
 */
export function mapBackgroundFunctions(
  target: BackgroundRegistrar,
  settings: Pick<Settings, "processing">,
  handlers: { queue: StorageQueueHandler; timer: TimerHandler },
): void {
  if (settings.processing.kind === "queue")
    target.storageQueue(QUEUE_FUNCTION_NAME, {
      queueName: settings.processing.queueName,
      connection: QUEUE_CONNECTION,
      handler: handlers.queue,
    });
  target.timer(RETENTION_FUNCTION_NAME, {
    schedule: RETENTION_SCHEDULE,
    handler: handlers.timer,
  });
}

export function mapWebhookEndpoints<H>(target: HttpRegistrar<H>, handler: H): void {
  target.http(WEBHOOK_FUNCTION_NAME, {
    methods: WEBHOOK_METHODS,
    route: WEBHOOK_ROUTE,
    // The gateway validates the provider's JWT (spec A); function keys are not used.
    authLevel: "anonymous",
    handler,
  });
}
