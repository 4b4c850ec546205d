// npm run webhook:dev: serves the receiver on http://127.0.0.1:${PORT:-7071}/api/webhooks through the local
// adapter, with the settings from the environment (IDEMPOTENCY_STORE=memory by default).
import { startDevServer } from "./dev-server.js";
import { SettingsError } from "./settings.js";

const port = Number(process.env.PORT ?? 7071);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT: expected a port number 0-65535, got ${JSON.stringify(process.env.PORT)}\n`);
  process.exit(2);
}

try {
  const server = await startDevServer({ port, host: process.env.HOST ?? "127.0.0.1" });
  process.stderr.write(`webhook receiver (local adapter) listening on ${server.url}\n`);
  for (const line of server.description) process.stderr.write(`  ${line}\n`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop).once("SIGTERM", stop);
} catch (err) {
  if (err instanceof SettingsError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`cannot start the webhook dev server: ${(err as Error).message}\n`);
  process.exit(1);
}
