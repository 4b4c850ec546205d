// Entry point of the Azure Functions app (package.json "main"): the one place where endpoints are registered.
//
// Where things are:
//   - the Functions binding:  createFunctionsApp(settings)       in src/functions-binding.ts (InvocationContext ->
//                             the core's Invocation; the three functions below)
//   - the HTTP function:      createWebhookHandler(deps)         in src/http-function.ts (its steps in src/pipeline/)
//   - the queue consumer:     createDeliveryConsumer(deps)       in src/queue/consumer.ts
//   - the retention timer:    purgeExpiredRecords(store, ...)    in src/idempotency/retention.ts
//   - the dependencies:       buildWebhookDeps(settings)         in src/runtime.ts
//   - the endpoint mapping:   mapWebhookEndpoints(app, handler), mapBackgroundFunctions(app, settings, handlers)
//                             in src/endpoints.ts
// The local host (npm run webhook:dev) lives outside this package, in local/webhook/.
import { app } from "./functions.js";
import { createFunctionsApp } from "./functions-binding.js";
import { mapBackgroundFunctions, mapWebhookEndpoints } from "./endpoints.js";
import { loadSettings } from "./settings.js";

// Loaded once, here: fail at start-up, naming the variable, rather than on the first delivery.
const settings = loadSettings(process.env);

export const { handleWebhook, processQueuedDelivery, purgeExpiredDeliveries } = createFunctionsApp(settings);

mapWebhookEndpoints(app, handleWebhook);
mapBackgroundFunctions(app, settings, {
  queue: processQueuedDelivery,
  timer: (timer, context) => purgeExpiredDeliveries(timer, context).then(() => undefined),
});
