// Entry point of the Azure Functions app (package.json "main"): the one place where endpoints are registered.
//
// Where things are:
//   - the handler:            handleWebhook(request, context)   in src/runtime.ts (settings from process.env)
//                             createWebhookHandler(deps)         in src/handler.ts (inject store, clients, ...)
//   - the endpoint mapping:   mapWebhookEndpoints(app)           in src/endpoints.ts
//   - the local adapter:      startDevServer({port, store, ...}) in src/dev-server.ts -> {url, close}
//                             (npm run webhook:dev runs src/dev-main.ts)
import { app } from "./functions.js";
import { mapWebhookEndpoints } from "./endpoints.js";
import { loadSettings } from "./settings.js";

// Fail at start-up, naming the variable, rather than on the first delivery.
loadSettings(process.env);

mapWebhookEndpoints(app);

export { handleWebhook } from "./runtime.js";
export { createWebhookHandler } from "./handler.js";
export { startDevServer } from "./dev-server.js";
