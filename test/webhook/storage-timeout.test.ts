// The deployed receiver never waits forever on storage: against a table or queue endpoint that accepts the
// connection and never answers, a store call fails within its per-request timeout and bounded retries, and the
// HTTP function answers 503 with Retry-After (store or queue unavailable) instead of hanging.
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AZURITE_ACCOUNT_KEY, AZURITE_ACCOUNT_NAME } from "../../local/azurite.js";
import { createWebhookHandler } from "../../webhook/src/http-function.js";
import { IdempotencyStoreError } from "../../webhook/src/idempotency/store.js";
import { TableIdempotencyStore } from "../../webhook/src/idempotency/table-store.js";
import { buildWebhookDeps } from "../../webhook/src/runtime.js";
import { loadSettings } from "../../webhook/src/settings.js";
import { attemptTimeoutMs, tableClientOptions } from "../../webhook/src/storage-limits.js";
import { delivery, invocation, NOTE_CREATED } from "./support/stubs.js";

let silent: Server;
const sockets = new Set<Socket>();
let accepted = 0;
let silentCs: string;

beforeAll(async () => {
  silent = createServer((socket) => {
    accepted++;
    sockets.add(socket); // accepted, read, never answered
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(silent.address() as { port: number }).port}/${AZURITE_ACCOUNT_NAME}`;
  silentCs =
    `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT_NAME};AccountKey=${AZURITE_ACCOUNT_KEY};` +
    `TableEndpoint=${origin};QueueEndpoint=${origin};`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent?.close(resolve));
});

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

describe("the receiver's storage calls against an endpoint that never answers", () => {
  it("a table query (the retention's scan) gets the service's 5 s page limit and a margin; other requests the figure", () => {
    const limits = { requestTimeoutMs: 1_500, maxRetries: 1 };
    const table = "https://acct.table.core.windows.net/webhookdeliveries()";
    expect(attemptTimeoutMs({ method: "GET", url: `${table}?$filter=UpdatedAt%20lt%20x&$top=100` }, limits)).toBe(
      10_000,
    );
    expect(attemptTimeoutMs({ method: "GET", url: `${table}?%24filter=State%20eq%20'failed'` }, limits)).toBe(10_000);
    expect(
      attemptTimeoutMs({ method: "GET", url: `${table.replace("()", "(PartitionKey='a',RowKey='b')")}` }, limits),
    ).toBe(1_500);
    expect(attemptTimeoutMs({ method: "POST", url: table }, limits)).toBe(1_500);
  });

  it("a table store call fails within the per-request timeout and its one retry, naming the wait", async () => {
    const store = new TableIdempotencyStore({
      connectionString: silentCs,
      tableName: "neverhang",
      clientOptions: tableClientOptions({ requestTimeoutMs: 200, maxRetries: 1 }),
    });
    const before = accepted;
    const { result, ms } = await timed(() =>
      store.claim("m-1", 60_000).then(
        () => undefined,
        (err: unknown) => err,
      ),
    );
    expect(result).toBeInstanceOf(IdempotencyStoreError);
    expect(String((result as Error).message)).toMatch(/no answer from http:\/\/127\.0\.0\.1:\d+ within 200 ms/);
    expect(accepted - before).toBe(2); // the first attempt and one retry, no more
    expect(ms).toBeGreaterThanOrEqual(350);
    expect(ms).toBeLessThan(3_000);
  });

  it("the HTTP function answers 503 with Retry-After when the table never answers (settings' bounds)", async () => {
    const settings = loadSettings({
      IDEMPOTENCY_TABLE_CONNECTION_STRING: silentCs,
      IDEMPOTENCY_TABLE_NAME: "neverhang",
      WEBHOOK_STORAGE_REQUEST_TIMEOUT_MS: "200",
      WEBHOOK_STORAGE_MAX_RETRIES: "0",
    });
    const handle = createWebhookHandler(buildWebhookDeps(settings, { logSink: () => {} }));
    const { result, ms } = await timed(() =>
      handle(delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "t-1" } }), invocation()),
    );
    expect(result.status).toBe(503);
    expect(result.headers["retry-after"]).toBe("30");
    expect(result.jsonBody).toMatchObject({
      type: expect.stringContaining("/problems/webhooks/downstream-unavailable"),
    });
    expect(ms).toBeLessThan(3_000);
  });

  it("the HTTP function answers 503 with Retry-After when the queue never answers (its whole-call budget)", async () => {
    const settings = loadSettings({
      IDEMPOTENCY_STORE: "memory",
      WEBHOOK_QUEUE: silentCs,
      WEBHOOK_QUEUE_NAME: "neverhang",
      WEBHOOK_STORAGE_REQUEST_TIMEOUT_MS: "200",
      WEBHOOK_STORAGE_MAX_RETRIES: "0",
    });
    const handle = createWebhookHandler(buildWebhookDeps(settings, { logSink: () => {} }));
    const { result, ms } = await timed(() =>
      handle(delivery({ body: NOTE_CREATED, headers: { "x-fv-messageid": "q-1" } }), invocation()),
    );
    expect(result.status).toBe(503);
    expect(result.headers["retry-after"]).toBe("30");
    expect(result.jsonBody).toMatchObject({ type: expect.stringContaining("/problems/webhooks/queue-unavailable") });
    expect(ms).toBeLessThan(3_000);
  });
});
