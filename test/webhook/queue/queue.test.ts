// Queued processing end to end on Azurite (tables + queues) with the local stubs: acknowledge after the queue
// write, the consumer creating the case with x-forward-tenant-origin forwarded, an outage ending in the poison
// queue, the operations CLI replaying it, a queue outage answered 503 with the claim released, and retention.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAzurite, type Azurite } from "../../../local/azurite.js";
import { startWebhookStubs, type WebhookStubs } from "../../../local/webhook/stubs/downstream.js";
import { localCredential, localReceiverEnv } from "../../../local/webhook/stubs/receiver.js";
import { startDevServer, type DevServer } from "../../../local/webhook/dev-server.js";
import { runDeliveriesCli } from "../../../src/cli/webhook-deliveries/command.js";
import { targetFrom } from "../../../src/cli/webhook-deliveries/target.js";
import { DEFAULT_SERVICE_OPTIONS } from "../../../src/search/io/service-options.js";
import { queueServiceFor, StorageDeliveryQueue } from "../../../webhook/src/queue/storage-queue.js";
import { captureLogs } from "../support/stubs.js";

let azurite: Azurite;
let stubs: WebhookStubs;
let server: DevServer;
let env: Record<string, string>;
const logs = captureLogs();

beforeAll(async () => {
  [azurite, stubs] = await Promise.all([startAzurite({ blob: false, table: true, queue: true }), startWebhookStubs()]);
  env = localReceiverEnv(azurite, stubs.url, { maxDequeueCount: 2, visibilityTimeoutSeconds: 0, queueName: "qtest" });
  server = await startDevServer({
    port: 0,
    env,
    logSink: logs.sink,
    maxPollingIntervalMs: 100,
    overrides: { credential: localCredential, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await stubs?.close();
  await azurite?.close();
});

const project = (projectId: number) => ({ Object: "Project", Event: "Created", OrgId: 3, ProjectId: projectId });
async function post(body: unknown, messageId: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-fv-messageid": messageId, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
async function cli(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runDeliveriesCli(argv, env, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  });
  return { code, stdout, stderr };
}

describe("queued processing on Azurite", () => {
  it("acknowledges, then the consumer creates the case once, forwarding x-forward-tenant-origin", async () => {
    const res = await post(project(101), "q-1", { "x-forward-tenant-origin": "corp" });
    expect(res).toMatchObject({ status: 200, body: { received: true, messageId: "q-1", projectId: 101 } });
    const record = await until("processed", async () => {
      const r = await server.store.get("q-1");
      return r?.state === "processed" ? r : undefined;
    });
    expect(record).toMatchObject({ attempts: 1, kind: "Project/Created", response: res.body });
    expect(stubs.created.get("101")).toMatchObject({ name: "Project 101", tenantOrigin: "corp" });
    expect((await post(project(101), "q-1")).body).toEqual(res.body);
    expect(stubs.duplicateCreates).toBe(0);
  });

  it("a Project/Created without ProjectId is a 400 before anything is queued", async () => {
    const res = await post({ Object: "Project", Event: "Created", OrgId: 3 }, "q-bad");
    expect(res.status).toBe(400);
    expect(await server.store.get("q-bad")).toBeUndefined();
  });

  it("an outage ends in the poison queue with the outcome recorded; the CLI replays it after the fix", async () => {
    stubs.mode = "down";
    expect((await post(project(102), "q-2")).status).toBe(200);
    const failed = await until("poisoned", async () => {
      const r = await server.store.get("q-2");
      return r?.poisoned ? r : undefined;
    });
    expect(failed).toMatchObject({ state: "failed", attempts: 2 });
    expect(failed.lastError).toMatch(/process API/);
    expect(stubs.created.has("102")).toBe(false);

    const listed = await cli("list", "--poisoned", "--json");
    expect(listed.code).toBe(0);
    const listing = JSON.parse(listed.stdout) as {
      deliveries: { messageId: string }[];
      poison: { approximateMessages: number };
    };
    expect(listing.deliveries.map((d) => d.messageId)).toEqual(["q-2"]);
    expect(listing.poison.approximateMessages).toBe(1);

    expect(await cli("replay", "q-2")).toMatchObject({ code: 0, stdout: expect.stringContaining("dry run") });
    expect(stubs.created.has("102")).toBe(false);
    stubs.mode = "up";
    const replay = await cli("replay", "q-2", "--yes", "--json");
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout)).toMatchObject({ outcome: "replayed", source: "poison queue" });
    await until("processed after replay", async () =>
      (await server.store.get("q-2"))?.state === "processed" ? true : undefined,
    );
    expect(stubs.created.get("102")).toMatchObject({ name: "Project 102" });
    expect((await cli("list", "--poisoned", "--json")).stdout).toContain('"approximateMessages": 0');
    expect((await cli("replay", "q-2", "--yes")).code).toBe(4);
  }, 30_000);

  it("replay --all-poison replays every poisoned delivery; CLI errors have their exit codes", async () => {
    stubs.mode = "down";
    await post(project(103), "q-3");
    await post(project(104), "q-4");
    await until("both poisoned", async () =>
      (await server.store.get("q-3"))?.poisoned && (await server.store.get("q-4"))?.poisoned ? true : undefined,
    );
    stubs.mode = "up";
    const all = await cli("replay", "--all-poison", "--yes");
    expect(all).toMatchObject({ code: 0, stdout: expect.stringContaining("replayed 2 message(s)") });
    await until("cases", async () => (stubs.created.has("103") && stubs.created.has("104") ? true : undefined));
    expect((await cli("replay", "--all-poison")).code).toBe(1); // nothing left
    expect((await cli("show", "nope")).code).toBe(1);
    expect((await cli("show", "q-3")).stdout).toContain("processed");
    expect((await cli("frobnicate")).code).toBe(2);
    expect((await cli("replay")).code).toBe(2);
    expect((await cli("--help")).stdout).toContain("Exit codes:");
    expect(
      await runDeliveriesCli(
        ["list"],
        { ...env, WEBHOOK_QUEUE: "" },
        { stdout: { write: () => 0 }, stderr: { write: () => 0 } },
      ),
    ).toBe(2);
    expect(stubs.duplicateCreates).toBe(0);
  }, 30_000);

  it("a queue that cannot be written answers 503 with Retry-After and releases the claim", async () => {
    const dead = await startDevServer({
      port: 0,
      env,
      quiet: true,
      consumeQueue: false,
      overrides: {
        credential: localCredential,
        queue: new StorageDeliveryQueue(
          queueServiceFor({
            connectionString: env.WEBHOOK_QUEUE!.replace(
              /QueueEndpoint=http:\/\/127\.0\.0\.1:\d+/,
              "QueueEndpoint=http://127.0.0.1:9",
            ),
          }),
          "qtest",
        ),
      },
    });
    try {
      const res = await fetch(dead.url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-fv-messageid": "q-dead" },
        body: JSON.stringify(project(105)),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(await res.json()).toMatchObject({ type: "/problems/webhooks/queue-unavailable" });
      expect(await server.store.get("q-dead")).toBeUndefined();
      expect((await post(project(105), "q-dead")).status).toBe(200);
    } finally {
      await dead.close();
    }
  }, 30_000);

  it("retention removes records older than the window", async () => {
    // The earlier deliveries' last writes (the mark after the answer, the consumer's outcome) land first: the
    // purge's conditional delete rightly keeps a record updated after it was listed.
    await until("every record processed", async () =>
      (await targetFrom(env, DEFAULT_SERVICE_OPTIONS).store.list()).every((r) => r.state === "processed")
        ? true
        : undefined,
    );
    const before = (await targetFrom(env, DEFAULT_SERVICE_OPTIONS).store.list()).length;
    expect(before).toBeGreaterThan(0);
    const result = await server.runRetention(new Date(Date.now() + 8 * 86_400_000));
    expect(result.deleted).toBe(before);
    expect(await server.store.get("q-1")).toBeUndefined();
  });
});
