// npm run webhook:dev [-- --fail-process-api] [-- --inline]: the receiver on http://127.0.0.1:${PORT:-7071}/api/webhooks
// through the local adapter, with its queue consumer, the idempotency table and the delivery queue on Azurite, and
// the local project-lookup and process-API stubs. Settings from the environment win (e.g. PROCESS_API_BASE_URL to
// call a real API through a tunnel); --inline serves the receiver alone, settings from the environment only.
import { parseArgs } from "node:util";
import { startAzurite, type Azurite } from "../azurite.js";
import { startWebhookStubs, type WebhookStubs } from "./stubs/downstream.js";
import { localCredential, localReceiverEnv } from "./stubs/receiver.js";
import { startDevServer } from "./dev-server.js";
import { SettingsError } from "../../webhook/src/settings.js";

const HELP = `Usage: npm run webhook:dev [-- options]

Serves the webhook receiver locally: Azurite (idempotency table, delivery queue and its poison queue), the queue
consumer, and stubs for the project lookup and the process API. Ctrl-C stops everything.

Options:
  --fail-process-api  start with the process API stub answering 503: deliveries are acknowledged, retried and
                      moved to the poison queue; switch it back with
                      curl -X POST <stub>/_stub/process-api/up, then replay (the start-up lines show how)
  --inline            no Azurite and no stubs: the receiver alone, settings from the environment only
                      (memory store, inline processing and dry run unless configured)
  -h, --help          this help

Environment: PORT (default 7071), HOST (default 127.0.0.1), and any receiver setting (docs/webhook.md).
Exit codes: 0 stopped, 1 could not start, 2 usage or settings error.`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        "fail-process-api": { type: "boolean" },
        inline: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    process.stderr.write(`webhook:dev: ${(err as Error).message}\n\n${HELP}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const port = Number(process.env.PORT ?? 7071);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`PORT: expected a port number 0-65535, got ${JSON.stringify(process.env.PORT)}\n`);
    return 2;
  }

  let azurite: Azurite | undefined;
  let stubs: WebhookStubs | undefined;
  const stopAll = async () => {
    await stubs?.close();
    await azurite?.stop();
  };
  try {
    let env: NodeJS.ProcessEnv = process.env;
    if (!values.inline) {
      [azurite, stubs] = await Promise.all([
        startAzurite({ blob: false, table: true, queue: true }),
        startWebhookStubs({ mode: values["fail-process-api"] ? "down" : "up" }),
      ]);
      env = {
        ...localReceiverEnv(azurite, stubs.url, { maxDequeueCount: 3, visibilityTimeoutSeconds: 5 }),
        ...process.env,
      };
    }
    const server = await startDevServer({
      port,
      host: process.env.HOST ?? "127.0.0.1",
      env,
      overrides: values.inline ? {} : { credential: localCredential },
    });
    const w = (s: string) => process.stderr.write(`${s}\n`);
    w(`webhook receiver (local adapter) listening on ${server.url}`);
    for (const line of server.description) w(`  ${line}`);
    if (azurite && stubs) {
      w(`  Azurite: table ${azurite.tableEndpoint}, queue ${azurite.queueEndpoint}`);
      w(`  stubs (project lookup, process API): ${stubs.url}; process API is ${stubs.mode}`);
      w("");
      w("Try it:");
      w(
        `  curl -i ${server.url} -H 'content-type: application/json' -H 'x-fv-messageid: demo-1' -H 'x-forward-tenant-origin: corp' \\\n    -d '{"Object":"Project","Event":"Created","OrgId":4021,"ProjectId":77810}'`,
      );
      w(`  process API down / up:  curl -X POST ${stubs.url}/_stub/process-api/down   (or /up)`);
      w("  deliveries and replays, in another shell:");
      w(`    export IDEMPOTENCY_TABLE_CONNECTION_STRING='${azurite.connectionString}'`);
      w(`    export WEBHOOK_QUEUE="$IDEMPOTENCY_TABLE_CONNECTION_STRING"`);
      w("    npm run webhook-deliveries -- list");
      w("    npm run webhook-deliveries -- replay --all-poison --yes");
    }
    await new Promise<void>((resolve) => process.once("SIGINT", resolve).once("SIGTERM", resolve));
    await server.close();
    await stopAll();
    return 0;
  } catch (err) {
    await stopAll();
    if (err instanceof SettingsError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    process.stderr.write(`cannot start the webhook dev server: ${(err as Error).message}\n`);
    return 1;
  }
}

process.exit(await main());
