// Child process for bench/webhook/run.ts: serves one variant on 127.0.0.1 (free port) and prints its URL.
//   baseline: a bare node:http server that reads the body, parses the same JSON and answers {received: true}
//   memory:   the receiver's local adapter with the memory idempotency store
//   table:    the receiver's local adapter with the Azurite table store (IDEMPOTENCY_TABLE_CONNECTION_STRING)
//   adapter:  the local adapter with a handler that answers at once (shows the adapter's own share)
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startDevServer } from "../../webhook/src/dev-server.js";

const mode = process.argv[2];

if (mode === "baseline") {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let status = 200;
      let body: string;
      try {
        const payload = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { OrgId?: number };
        body = JSON.stringify({ received: true, messageId: req.headers["x-fv-messageid"], orgId: payload.OrgId });
      } catch {
        status = 400;
        body = '{"status":400}';
      }
      res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.listen(0, "127.0.0.1", () => process.stdout.write(`URL http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks\n`));
} else if (mode === "adapter") {
  const server = await startDevServer({
    port: 0,
    quiet: true,
    env: {},
    register: (target) => target.http("webhooks", { route: "webhooks", methods: ["POST"], handler: async () => ({ status: 200, jsonBody: { received: true } }) }),
  });
  process.stdout.write(`URL ${server.url}\n`);
} else if (mode === "memory" || mode === "table") {
  const env = mode === "memory" ? { IDEMPOTENCY_STORE: "memory" } : { IDEMPOTENCY_STORE: "table", IDEMPOTENCY_TABLE_CONNECTION_STRING: process.env.BENCH_TABLE_CONNECTION_STRING };
  const server = await startDevServer({ port: 0, quiet: true, env });
  process.stdout.write(`URL ${server.url}\n`);
} else {
  process.stderr.write(`usage: server.ts baseline|adapter|memory|table\n`);
  process.exit(2);
}
