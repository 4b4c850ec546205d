// Posts a sample provider webhook (spec A: a note-created event) to the local receiver, started through the
// webhook app's dev-server factory (`startDevServer` in webhook/src/dev-server.ts, see the comment at the top of
// webhook/src/index.ts) with its idempotency store on Azurite's table service. The same message is delivered
// twice, as a provider redelivery would, to show that the second answer comes from the store.
// Loaded dynamically so `npm run local` keeps working (step skipped) until the webhook app provides the factory.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Azurite } from "../azurite.js";
import { StepSkipped } from "./steps.js";

const DEV_SERVER = fileURLToPath(new URL("../../webhook/src/dev-server.ts", import.meta.url));
/** Table for the receiver's idempotency store in the local environment (the app's default name). */
export const LOCAL_IDEMPOTENCY_TABLE = "webhookdeliveries";

/** The sample delivery: spec A's note-created event with every documented field. */
export function sampleDelivery(now = new Date()): { headers: Record<string, string>; body: Record<string, unknown> } {
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

export interface WebhookFigures {
  status: number;
  redeliveryStatus: number;
  messageId: string;
  body: unknown;
  store: string;
}

export interface SentWebhook {
  url: string;
  figures: WebhookFigures;
  transcript: string;
  stop: () => Promise<void>;
}

interface DevServer {
  url: string;
  store?: { kind?: string };
  close(): Promise<void>;
}
type StartDevServer = (options: Record<string, unknown>) => Promise<DevServer>;

async function loadFactory(): Promise<StartDevServer> {
  if (!existsSync(DEV_SERVER))
    throw new StepSkipped("webhook receiver's dev-server factory not available yet (webhook/src/dev-server.ts)");
  let mod: { startDevServer?: StartDevServer };
  try {
    mod = (await import(pathToFileURL(DEV_SERVER).href)) as typeof mod;
  } catch (err) {
    throw new Error(`webhook/src/dev-server.ts failed to load: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  if (typeof mod.startDevServer !== "function")
    throw new StepSkipped("webhook receiver's dev-server factory not available yet (no startDevServer export)");
  return mod.startDevServer;
}

/** The `msg` of a structured log line (the full line holds the payload and headers; shown in the receiver's own log). */
function logMessage(line: string): string {
  try {
    const parsed = JSON.parse(line) as { msg?: unknown };
    return typeof parsed.msg === "string" ? parsed.msg : line;
  } catch {
    return line;
  }
}

/** The receiver's settings for the local environment: table store on Azurite, no JWT check, no downstream. */
export function localWebhookEnv(azurite: Pick<Azurite, "connectionString">): Record<string, string> {
  return {
    IDEMPOTENCY_STORE: "table",
    IDEMPOTENCY_TABLE_NAME: LOCAL_IDEMPOTENCY_TABLE,
    IDEMPOTENCY_TABLE_CONNECTION_STRING: azurite.connectionString,
    WEBHOOK_VALIDATE_JWT: "false",
  };
}

export async function postSampleWebhook(azurite: Azurite, _options: { keep: boolean }): Promise<SentWebhook> {
  const startDevServer = await loadFactory();
  const logLines: string[] = [];
  let server: DevServer;
  try {
    server = await startDevServer({
      port: 0,
      host: "127.0.0.1",
      env: localWebhookEnv(azurite),
      logSink: (level: string, line: string) => logLines.push(`receiver log (${level}): ${logMessage(line)}`),
    });
  } catch (err) {
    throw new Error(`the webhook dev server did not start: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  try {
    const base = server.url.replace(/\/+$/, "");
    const url = base.endsWith("/api/webhooks") ? base : `${base}/api/webhooks`;
    const delivery = sampleDelivery();
    const post = async () => {
      const res = await fetch(url, { method: "POST", headers: delivery.headers, body: JSON.stringify(delivery.body) });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: shown as text
      }
      return { status: res.status, body };
    };
    const first = await post();
    const again = await post();
    if (first.status !== 200) throw new Error(`the receiver answered ${first.status}: ${JSON.stringify(first.body)}`);
    const transcript = [
      `POST ${url}`,
      `x-fv-messageid: ${delivery.headers["x-fv-messageid"]}`,
      `x-fv-timestamp: ${delivery.headers["x-fv-timestamp"]}`,
      JSON.stringify(delivery.body),
      `-> ${first.status} ${JSON.stringify(first.body)}`,
      `redelivery of the same message id -> ${again.status} ${JSON.stringify(again.body)}`,
      ...logLines,
    ].join("\n");
    return {
      url,
      figures: {
        status: first.status,
        redeliveryStatus: again.status,
        messageId: delivery.headers["x-fv-messageid"]!,
        body: first.body,
        store:
          server.store?.kind === "table"
            ? `table ${LOCAL_IDEMPOTENCY_TABLE} on Azurite`
            : (server.store?.kind ?? "unknown"),
      },
      transcript,
      stop: () => server.close(),
    };
  } catch (err) {
    await server.close();
    throw err;
  }
}
