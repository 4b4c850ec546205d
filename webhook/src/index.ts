// Entry point of the Azure Functions app (package.json "main"): the one place where endpoints are registered.
//
// Where things are:
//   - the HTTP function:      handleWebhook(request, context)   in src/runtime.ts (settings from process.env)
//                             createWebhookHandler(deps)         in src/http-function.ts (its steps in src/pipeline/)
//   - the queue consumer:     processQueuedDelivery(entry, ctx)  in src/runtime.ts; core in src/queue/consumer.ts
//   - the retention timer:    purgeExpiredDeliveries(timer, ctx) in src/runtime.ts; core in src/idempotency/retention.ts
//   - the endpoint mapping:   mapWebhookEndpoints(app), mapBackgroundFunctions(app, settings) in src/endpoints.ts
// The local adapter (npm run webhook:dev) lives outside this package, in local/webhook/.
import { app } from "./functions.js";
import { mapBackgroundFunctions, mapWebhookEndpoints } from "./endpoints.js";
import { loadSettings } from "./settings.js";

// Fail at start-up, naming the variable, rather than on the first delivery.
const settings = loadSettings(process.env);

mapWebhookEndpoints(app);
mapBackgroundFunctions(app, settings);

export { handleWebhook, processQueuedDelivery, purgeExpiredDeliveries } from "./runtime.js";
