// Posts sample provider webhooks to the local receiver, started through the webhook app's dev-server factory
// (`startDevServer` in local/webhook/dev-server.ts) with its idempotency table and delivery queue on Azurite and the
// local project-lookup and process-API stubs (local/webhook/stubs/):
//   1. a note-created event, delivered twice as a provider redelivery would: the second answer comes from the store;
//   2. a project-created event: acknowledged, then the queue consumer creates the case at the process-API stub;
//   3. a project-created event while the process API is down: retried, moved to the poison queue, then replayed
//      with the operations CLI (`webhook-deliveries replay <id> --yes`) once the process API is back.
// The factory is loaded on first use, so the search steps do not pay for loading the receiver.
import { randomUUID } from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Azurite } from "../azurite.js";
import { startWebhookStubs, type WebhookStubs } from "../webhook/stubs/downstream.js";
import { localCredential, localReceiverEnv } from "../webhook/stubs/receiver.js";
import { StepSkipped } from "./steps.js";

const DEV_SERVER = fileURLToPath(new URL("../webhook/dev-server.ts", import.meta.url));
const OPS_CLI = fileURLToPath(new URL("../../src/cli/webhook-deliveries/command.ts", import.meta.url));
/** Table for the receiver's idempotency store in the local environment (the app's default name). */
const LOCAL_IDEMPOTENCY_TABLE = "webhookdeliveries";

/** The sample delivery: spec A's note-created event with every documented field. */
function sampleDelivery(now = new Date()): { headers: Record<string, string>; body: Record<string, unknown> } {
  return {
    headers: {
      "content-type": "application/json",
      "x-fv-messageid": `local-${randomUUID()}`,
      "x-fv-timestamp": now.toISOString(),
    },
    body: {
      Object: "Note",
      Event: "Created",
      Timestamp: Math.floor(now.getTime() / 1000),
      OrgId: 4021,
      ProjectId: 77810,
      UserId: 1187,
      UserType: "Employee",
      ObjectId: { NoteId: 550231 },
    },
  };
}

/** A project-created delivery (as the gateway forwards it, with x-forward-tenant-origin). */
function projectDelivery(
  projectId: number,
  now = new Date(),
): {
  headers: Record<string, string>;
  body: Record<string, unknown>;
} {
  return {
    headers: {
      "content-type": "application/json",
      "x-fv-messageid": `local-${randomUUID()}`,
      "x-fv-timestamp": now.toISOString(),
      "x-forward-tenant-origin": "corp",
    },
    body: {
      Object: "Project",
      Event: "Created",
      Timestamp: Math.floor(now.getTime() / 1000),
      OrgId: 4021,
      ProjectId: projectId,
    },
  };
}

export interface WebhookFigures {
  status: number;
  redeliveryStatus: number;
  messageId: string;
  body: unknown;
  store: string;
  /** The project-created delivery: the case the consumer created at the process-API stub. */
  projectCase?: { messageId: string; externalId: string; name: string; tenantOrigin: string | null };
  /** The delivery sent while the process API was down: poisoned after `attempts`, then replayed. */
  poisonReplay?: { messageId: string; attempts: number; replayExitCode: number; caseCreated: boolean };
}

export interface SentWebhook {
  url: string;
  figures: WebhookFigures;
  transcript: string;
  stop: () => Promise<void>;
}

interface DevServer {
  url: string;
  store?: {
    kind?: string;
    get?(id: string): Promise<{ state: string; attempts: number; poisoned?: boolean } | undefined>;
  };
  close(): Promise<void>;
}
type StartDevServer = (options: Record<string, unknown>) => Promise<DevServer>;

async function loadFactory(): Promise<StartDevServer> {
  let mod: { startDevServer?: StartDevServer };
  try {
    mod = (await import(pathToFileURL(DEV_SERVER).href)) as typeof mod;
  } catch (err) {
    throw new Error(`local/webhook/dev-server.ts failed to load: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  if (typeof mod.startDevServer !== "function")
    throw new Error("local/webhook/dev-server.ts exports no startDevServer: the receiver cannot be started");
  return mod.startDevServer;
}

/**
 * The `msg` of a structured log line (the full line holds the payload and headers; shown in the receiver's own log).
 */
function logMessage(line: string): string {
  try {
    const parsed = JSON.parse(line) as { msg?: unknown };
    return typeof parsed.msg === "string" ? parsed.msg : line;
  } catch {
    return line;
  }
}

/** The receiver's settings for the local environment: table and queue on Azurite, the local stubs, no JWT check. */
function localWebhookEnv(azurite: Pick<Azurite, "connectionString">, stubsUrl: string): Record<string, string> {
  // Visibility timeout 0 (host.json's own default): a failed delivery is retried at once, so the walk to the poison
  // queue takes milliseconds instead of a second per attempt.
  return localReceiverEnv(azurite, stubsUrl, { tableName: LOCAL_IDEMPOTENCY_TABLE, visibilityTimeoutSeconds: 0 });
}

/** What `npm run webhook-deliveries` reads to find the local receiver's table and queues (`--keep` prints them). */
const DELIVERIES_CLI_VARIABLES = [
  "IDEMPOTENCY_TABLE_CONNECTION_STRING",
  "IDEMPOTENCY_TABLE_NAME",
  "WEBHOOK_QUEUE",
  "WEBHOOK_QUEUE_NAME",
] as const;

/** The variables that point `webhook-deliveries` at the local receiver's storage (the demo's replay uses them). */
export function localDeliveriesCliEnv(azurite: Pick<Azurite, "connectionString">): Record<string, string> {
  const env = localWebhookEnv(azurite, "");
  return Object.fromEntries(DELIVERIES_CLI_VARIABLES.map((name) => [name, env[name]!]));
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs the operations CLI in process (as `npm run webhook-deliveries -- ...` would), capturing its output. */
async function deliveriesCli(
  env: Record<string, string>,
  ...argv: string[]
): Promise<{ code: number; output: string }> {
  const { runDeliveriesCli } = (await import(pathToFileURL(OPS_CLI).href)) as {
    runDeliveriesCli: (
      argv: string[],
      env: NodeJS.ProcessEnv,
      streams: { stdout: { write(s: string): unknown }; stderr: { write(s: string): unknown } },
    ) => Promise<number>;
  };
  let output = "";
  const sink = { write: (s: string) => (output += s) };
  const code = await runDeliveriesCli(argv, env, { stdout: sink, stderr: sink });
  return { code, output: output.trim() };
}

/** The receiver on a free port with the stubs, its log lines kept for the transcript. */
async function startReceiver(
  azurite: Azurite,
): Promise<{ server: DevServer; stubs: WebhookStubs; logLines: string[] }> {
  const startDevServer = await loadFactory();
  if (!azurite.queueEndpoint) throw new StepSkipped("Azurite's queue service is not running (the delivery queue)");
  const logLines: string[] = [];
  const stubs: WebhookStubs = await startWebhookStubs();
  try {
    const server = await startDevServer({
      port: 0,
      host: "127.0.0.1",
      env: localWebhookEnv(azurite, stubs.url),
      maxPollingIntervalMs: 100,
      // Short in-call retries keep the poison demonstration within a few seconds.
      overrides: { credential: localCredential, retry: { attempts: 2, baseDelayMs: 50, maxDelayMs: 200 } },
      logSink: (level: string, line: string) => logLines.push(`receiver log (${level}): ${logMessage(line)}`),
    });
    return { server, stubs, logLines };
  } catch (err) {
    await stubs.close();
    throw new Error(`the webhook dev server did not start: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
}

type Delivery = ReturnType<typeof sampleDelivery>;
type Answer = { status: number; body: unknown };

/** POSTs a delivery; the answer's body parsed when it is JSON, as text otherwise. */
async function post(url: string, d: Delivery): Promise<Answer> {
  const res = await fetch(url, { method: "POST", headers: d.headers, body: JSON.stringify(d.body) });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

type StateOf = (id: string) => Promise<{ state: string; attempts: number; poisoned?: boolean } | undefined>;
const PROJECT_ID = 77810;

/** 2. Project/Created: acknowledged at once, the case is created by the queue consumer. */
async function demoProjectCreated(url: string, stubs: WebhookStubs, stateOf: StateOf) {
  const created = projectDelivery(PROJECT_ID);
  const ack = await post(url, created);
  if (ack.status !== 200) throw new Error(`Project/Created answered ${ack.status}`);
  const messageId = created.headers["x-fv-messageid"]!;
  await until("the project-created delivery to be processed", async () =>
    (await stateOf(messageId))?.state === "processed" ? true : undefined,
  );
  const theCase = stubs.created.get(String(PROJECT_ID));
  if (!theCase) throw new Error("the process-API stub has no case for the project-created delivery");
  return { ack, messageId, theCase };
}

/** 3. The process API down: retried, poisoned; replayed with the CLI once it is back. */
async function demoPoisonReplay(url: string, azurite: Azurite, stubs: WebhookStubs, stateOf: StateOf) {
  stubs.mode = "down";
  const outage = projectDelivery(PROJECT_ID + 1);
  const messageId = outage.headers["x-fv-messageid"]!;
  const ack = await post(url, outage);
  const poisoned = await until("the delivery to reach the poison queue", async () => {
    const r = await stateOf(messageId);
    return r?.poisoned ? r : undefined;
  });
  stubs.mode = "up";
  const replay = await deliveriesCli(localDeliveriesCliEnv(azurite), "replay", messageId, "--yes");
  await until("the replayed delivery to be processed", async () =>
    (await stateOf(messageId))?.state === "processed" ? true : undefined,
  );
  return {
    ack,
    messageId,
    attempts: poisoned.attempts,
    replay,
    replayedCase: stubs.created.get(String(PROJECT_ID + 1)),
  };
}

type Demo = {
  url: string;
  delivery: Delivery;
  first: Answer;
  again: Answer;
  created: Awaited<ReturnType<typeof demoProjectCreated>>;
  outage: Awaited<ReturnType<typeof demoPoisonReplay>>;
};

/** What the three demonstrations did, as `npm run local` prints it, followed by the receiver's log when verbose. */
function transcriptOf({ url, delivery, first, again, created, outage }: Demo, logLines: string[]): string {
  return [
    `POST ${url} (x-fv-messageid ${delivery.headers["x-fv-messageid"]}, x-fv-timestamp ${delivery.headers["x-fv-timestamp"]})`,
    JSON.stringify(delivery.body),
    `-> ${first.status} ${JSON.stringify(first.body)}`,
    `redelivery of the same message id -> ${again.status} ${JSON.stringify(again.body)}`,
    "",
    `POST Project/Created ProjectId ${PROJECT_ID} (x-fv-messageid ${created.messageId}, x-forward-tenant-origin: corp) -> ${created.ack.status}`,
    `  queued, then processed: case ${created.theCase.externalId} "${created.theCase.name}" created at the process-API stub (x-forward-tenant-origin: ${created.theCase.tenantOrigin ?? "missing"})`,
    `process API down: POST Project/Created ProjectId ${PROJECT_ID + 1} (x-fv-messageid ${outage.messageId}) -> ${outage.ack.status}`,
    `  failed ${outage.attempts} attempts, moved to the poison queue`,
    `process API back: webhook-deliveries replay ${outage.messageId} --yes -> exit ${outage.replay.code}: ${outage.replay.output}`,
    `  processed: case ${outage.replayedCase?.externalId ?? "?"} created`,
    ...(logLines.length > 0 ? ["", ...logLines] : []),
  ].join("\n");
}

function figuresOf({ delivery, first, again, created, outage }: Demo, storeKind: string | undefined): WebhookFigures {
  return {
    status: first.status,
    redeliveryStatus: again.status,
    messageId: delivery.headers["x-fv-messageid"]!,
    body: first.body,
    store: storeKind === "table" ? `table ${LOCAL_IDEMPOTENCY_TABLE} on Azurite` : (storeKind ?? "unknown"),
    projectCase: {
      messageId: created.messageId,
      externalId: created.theCase.externalId,
      name: created.theCase.name,
      tenantOrigin: created.theCase.tenantOrigin ?? null,
    },
    poisonReplay: {
      messageId: outage.messageId,
      attempts: outage.attempts,
      replayExitCode: outage.replay.code,
      caseCreated: outage.replayedCase !== undefined,
    },
  };
}

export async function postSampleWebhook(
  azurite: Azurite,
  options: { keep: boolean; verbose?: boolean },
): Promise<SentWebhook> {
  const { server, stubs, logLines } = await startReceiver(azurite);
  const stop = async () => {
    await server.close();
    await stubs.close();
  };
  try {
    const base = server.url.replace(/\/+$/, "");
    const url = base.endsWith("/api/webhooks") ? base : `${base}/api/webhooks`;
    const stateOf: StateOf = (id) => server.store!.get!(id);
    // 1. A note-created delivery, then its redelivery (answered from the store).
    const delivery = sampleDelivery();
    const first = await post(url, delivery);
    const again = await post(url, delivery);
    if (first.status !== 200) throw new Error(`the receiver answered ${first.status}: ${JSON.stringify(first.body)}`);
    const created = await demoProjectCreated(url, stubs, stateOf);
    const outage = await demoPoisonReplay(url, azurite, stubs, stateOf);
    const demo: Demo = { url, delivery, first, again, created, outage };
    return {
      url,
      figures: figuresOf(demo, server.store?.kind),
      transcript: transcriptOf(demo, options.verbose ? logLines : []),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
