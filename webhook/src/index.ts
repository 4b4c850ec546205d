// Entry point of the Azure Functions app (package.json "main"): the one place where endpoints are registered.
//
// Where things are:
//   - the handler:            handleWebhook(request, context)   in src/runtime.ts (settings from process.env)
//                             createWebhookHandler(deps)         in src/handler.ts (inject store, clients, ...)
//   - the queue consumer:     processQueuedDelivery(entry, ctx)  in src/runtime.ts; core in src/queue/consumer.ts
//   - the retention timer:    purgeExpiredDeliveries(timer, ctx) in src/runtime.ts; core in src/idempotency/retention.ts
//   - the endpoint mapping:   mapWebhookEndpoints(app), mapBackgroundFunctions(app, settings) in src/endpoints.ts
//   - the local adapter:      startDevServer({port, store, ...}) in src/dev-server.ts -> {url, close}
//                             (npm run webhook:dev runs local/webhook-dev.ts: Azurite, stubs, this adapter)
import { app } from "./functions.js";
import { mapBackgroundFunctions, mapWebhookEndpoints } from "./endpoints.js";
import { loadSettings } from "./settings.js";

// Fail at start-up, naming the variable, rather than on the first delivery.
const settings = loadSettings(process.env);

mapWebhookEndpoints(app);
mapBackgroundFunctions(app, settings);

export { handleWebhook, processQueuedDelivery, purgeExpiredDeliveries } from "./runtime.js";
export { createWebhookHandler } from "./http-function.js";
export { startDevServer } from "./dev-server.js";
