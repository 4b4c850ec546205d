// The endpoint mapping (the spec's MapWebhookEndpoints()): without this call at start-up the route does not exist
// and the host answers 404. All methods are mapped so that the handler answers anything but POST with a 405.
import type { HttpFunctionOptions, HttpHandler, HttpMethod } from "@azure/functions";
import { handleWebhook } from "./runtime.js";

export const WEBHOOK_FUNCTION_NAME = "webhooks";
/** Relative to host.json's routePrefix ("api"): POST /api/webhooks. */
export const WEBHOOK_ROUTE = "webhooks";
export const ROUTE_PREFIX = "api";
export const WEBHOOK_METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/** Anything with the shape of `app` from @azure/functions (the dev server passes its own collector). */
export interface HttpRegistrar {
  http(name: string, options: HttpFunctionOptions): void;
}

export function mapWebhookEndpoints(target: HttpRegistrar, handler: HttpHandler = handleWebhook): void {
  target.http(WEBHOOK_FUNCTION_NAME, {
    methods: WEBHOOK_METHODS,
    route: WEBHOOK_ROUTE,
    // The gateway validates the provider's JWT (spec A); function keys are not used.
    authLevel: "anonymous",
    handler,
  });
}
