// Child process for bench/webhook/run.ts: serves one variant on 127.0.0.1 (free port) and prints its URL.
// Run by plain `node` (Node 22 strips the types of this file itself), so no loader sits in the request path:
//   baseline:     a bare node:http server that reads the body, parses the same JSON and answers {received: true}
//   memory:       the receiver's local adapter with the memory idempotency store
//   memory-logs:  the same with its JSON log lines written (to /dev/null) instead of dropped
//   table:        the receiver's local adapter with the Azurite table store (BENCH_TABLE_CONNECTION_STRING)
//   queue:        the same with queued processing: each delivery is also written to the Azurite queue (the
//                 acknowledgement path; the consumer does not run here, so it does not compete for the CPU)
//   adapter:      the local adapter with a handler that answers at once (shows the adapter's own share)
// The receiver is the compiled function app with the local adapter (bench/webhook/dist, built by
// `npm run bench:webhook` with the app's compiler options), the code the Functions host runs. With --source both
// are loaded from their TypeScript sources instead; the parent then starts this file under tsx.
import { createWriteStream } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const mode = process.argv[2];
const fromSource = process.argv.includes("--source");
const printUrl = (url: string) => process.stdout.write(`URL ${url}\n`);

type StartDevServer = typeof import("../../local/webhook/dev-server.js").startDevServer; // eslint-disable-line @typescript-eslint/consistent-type-imports -- a type of a module loaded at run time from source or dist

async function devServer(): Promise<StartDevServer> {
  const path = fromSource ? "../../local/webhook/dev-server.js" : "./dist/local/webhook/dev-server.js";
  return ((await import(path)) as { startDevServer: StartDevServer }).startDevServer;
}

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
  server.listen(0, "127.0.0.1", () =>
    printUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks`),
  );
} else if (mode === "adapter") {
  const server = await (
    await devServer()
  )({
    port: 0,
    quiet: true,
    env: {},
    register: (target) =>
      target.http("webhooks", {
        route: "webhooks",
        methods: ["POST"],
        authLevel: "anonymous",
        handler: async () => ({ status: 200, headers: {}, jsonBody: { received: true } }),
      }),
  });
  printUrl(server.url);
} else if (mode === "memory" || mode === "memory-logs") {
  const devNull = createWriteStream("/dev/null");
  const logs =
    mode === "memory-logs"
      ? { logSink: (_level: string, line: string) => void devNull.write(`${line}\n`) }
      : { quiet: true };
  const server = await (await devServer())({ port: 0, env: { IDEMPOTENCY_STORE: "memory" }, ...logs });
  printUrl(server.url);
} else if (mode === "table") {
  const env = {
    IDEMPOTENCY_STORE: "table",
    IDEMPOTENCY_TABLE_CONNECTION_STRING: process.env.BENCH_TABLE_CONNECTION_STRING,
  };
  const server = await (await devServer())({ port: 0, quiet: true, env });
  printUrl(server.url);
} else if (mode === "queue") {
  const env = {
    IDEMPOTENCY_STORE: "table",
    IDEMPOTENCY_TABLE_CONNECTION_STRING: process.env.BENCH_TABLE_CONNECTION_STRING,
    WEBHOOK_QUEUE: process.env.BENCH_TABLE_CONNECTION_STRING,
  };
  const server = await (await devServer())({ port: 0, quiet: true, env, consumeQueue: false });
  printUrl(server.url);
} else {
  process.stderr.write(`usage: server.ts baseline|adapter|memory|memory-logs|table|queue [--source]\n`);
  process.exit(2);
}
