// `npm run webhook-deliveries -- list|show <id>|replay <id>|replay --all-poison`: the operations command over the
// idempotency table and the poison queue. Reads the receiver's own settings (the same variables as the function
// app: IDEMPOTENCY_TABLE_ENDPOINT / WEBHOOK_QUEUE__queueServiceUri with your `az login`, or Azurite connection
// strings). Replays are dry runs unless --yes (or --apply). --json prints one JSON document on stdout.
import { parseArgs } from "node:util";
import { DefaultAzureCredential } from "@azure/identity";
import type { DeliveryState } from "../idempotency/store.js";
import { createQueue, createStore } from "../runtime.js";
import { loadSettings, SettingsError } from "../settings.js";
import {
  listDeliveries,
  replayAllPoison,
  replayOne,
  summarize,
  type DeliverySummary,
  type OpsTarget,
} from "./deliveries.js";

export const EXIT = { ok: 0, checkFailed: 1, usage: 2, serviceError: 3, refused: 4 } as const;

export const HELP = `Usage: npm run webhook-deliveries -- <command> [options]

Inspect webhook deliveries (the idempotency records) and replay poisoned ones.

Commands:
  list [--state <s>] [--poisoned] [--limit N]   deliveries, newest first (states: received, processed, failed)
  show <message-id>                             one delivery: state, attempts, last error, poison queue
  replay <message-id> [--yes]                   put a poisoned delivery back on the queue
  replay --all-poison [--yes]                   put every message of the poison queue back on the queue

Options:
  --json          machine-readable output on stdout (errors stay on stderr)
  --yes, --apply  carry the replay out (default: dry run, says what would be replayed)
  -h, --help      this help

Settings (environment, as in the function app):
  IDEMPOTENCY_TABLE_ENDPOINT, WEBHOOK_QUEUE__queueServiceUri   Azure, with your az login (roles: Storage Table
                                                               Data Contributor, Storage Queue Data Contributor)
  IDEMPOTENCY_TABLE_CONNECTION_STRING, WEBHOOK_QUEUE           Azurite (connection strings; loopback only)
  IDEMPOTENCY_TABLE_NAME, WEBHOOK_QUEUE_NAME                   defaults webhookdeliveries, webhook-deliveries

Exit codes:
  0  ok (a dry run that would replay, too)
  1  check failed: no such delivery, nothing to replay, or unreadable poison messages left
  2  usage or settings error
  3  service error (table or queue unreachable, access denied)
  4  refused: the delivery was processed already or is still being retried`;

export interface Streams {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
}

const STATES: DeliveryState[] = ["received", "processed", "failed", "processing"];

class UsageError extends Error {}

function line(d: DeliverySummary): string {
  const flags = d.poisoned ? " POISONED" : "";
  return `${d.messageId}  ${d.state}${flags}  ${d.kind ?? "-"}  attempts ${d.attempts}  updated ${d.updatedAt}${d.lastError ? `\n    last error: ${d.lastError}` : ""}`;
}

/** Builds the target from settings; a missing store or queue setting is a usage error naming the variables. */
export function targetFrom(env: NodeJS.ProcessEnv): OpsTarget {
  const settings = loadSettings(env);
  if (settings.idempotency.kind !== "table")
    throw new UsageError(
      "the idempotency table is not configured: set IDEMPOTENCY_TABLE_ENDPOINT (Azure) or IDEMPOTENCY_TABLE_CONNECTION_STRING (Azurite)",
    );
  let credential: DefaultAzureCredential | undefined;
  const getCredential = () => (credential ??= new DefaultAzureCredential());
  const queue = createQueue(settings, getCredential);
  if (!queue)
    throw new UsageError(
      "the delivery queue is not configured: set WEBHOOK_QUEUE__queueServiceUri (Azure) or WEBHOOK_QUEUE (Azurite)",
    );
  return { store: createStore(settings, getCredential), queue: queue.client, poison: queue.poison };
}

export async function runDeliveriesCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  streams: Streams = process,
  target?: OpsTarget,
): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: "boolean" },
        yes: { type: "boolean" },
        apply: { type: "boolean" },
        "all-poison": { type: "boolean" },
        poisoned: { type: "boolean" },
        state: { type: "string" },
        limit: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (err) {
    streams.stderr.write(`webhook-deliveries: ${(err as Error).message}\n\n${HELP}\n`);
    return EXIT.usage;
  }
  const { values: o, positionals } = args;
  const [command, id, ...rest] = positionals;
  if (o.help || command === "help") {
    streams.stdout.write(`${HELP}\n`);
    return EXIT.ok;
  }
  const json = Boolean(o.json);
  const apply = Boolean(o.yes || o.apply);
  const print = (human: string, data: unknown) =>
    streams.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : `${human}\n`);
  const fail = (code: number, message: string) => {
    streams.stderr.write(`webhook-deliveries: ${message}\n`);
    return code;
  };

  try {
    if (rest.length > 0) throw new UsageError(`unexpected argument ${rest[0]}`);
    const state = o.state as DeliveryState | undefined;
    if (state !== undefined && !STATES.includes(state))
      throw new UsageError(`--state: expected one of ${STATES.join(", ")}, got ${state}`);
    const limit = o.limit === undefined ? undefined : Number(o.limit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
      throw new UsageError(`--limit: expected a positive whole number, got ${o.limit}`);
    if (command === undefined) throw new UsageError("a command is required (list, show or replay)");
    if (!["list", "show", "replay"].includes(command)) throw new UsageError(`unknown command ${command}`);
    if (command === "show" && !id) throw new UsageError("show needs a message id");
    if (command === "replay" && !id === !o["all-poison"])
      throw new UsageError("replay needs a message id or --all-poison (not both)");
    const t = target ?? targetFrom(env);

    if (command === "list") {
      const l = await listDeliveries(t, { states: state ? [state] : undefined, poisoned: o.poisoned, limit });
      print(
        [
          `queue ${l.queue.name}: ${l.queue.approximateMessages} message(s); poison queue ${l.poison.name}: ${l.poison.approximateMessages} message(s)`,
          ...(l.deliveries.length ? l.deliveries.map(line) : ["no deliveries match"]),
        ].join("\n"),
        l,
      );
      return EXIT.ok;
    }
    if (command === "show") {
      const record = await t.store.get(id!);
      if (!record) return fail(EXIT.checkFailed, `no delivery with x-fv-messageid ${id}`);
      const { delivery, response, bodyHash } = record;
      const detail = {
        ...summarize(record),
        bodyHash,
        response,
        queued: delivery,
      };
      print(
        [
          line(detail),
          `  body hash: ${bodyHash ?? "-"}`,
          `  acknowledged with: ${JSON.stringify(response ?? null)}`,
          delivery
            ? `  forwarded headers: ${Object.keys(delivery.forward).join(", ") || "none (x-forward-tenant-origin missing)"}`
            : "",
          detail.poisoned
            ? `  in the poison queue ${t.poison.name}: replay it with npm run webhook-deliveries -- replay ${id} --yes`
            : "",
        ]
          .filter(Boolean)
          .join("\n"),
        detail,
      );
      return EXIT.ok;
    }
    if (id) {
      const v = await replayOne(t, id, apply);
      if (v.outcome === "refused") {
        print(`refused: ${id}: ${v.reason}`, v);
        return EXIT.refused;
      }
      if (v.outcome === "not-found") {
        print(`nothing to replay: ${id}: ${v.reason}`, v);
        return EXIT.checkFailed;
      }
      print(
        v.outcome === "replayed"
          ? `replayed ${id} (${v.kind}) from the ${v.source}`
          : `dry run: would replay ${id} (${v.kind}) from the ${v.source}; add --yes to do it`,
        v,
      );
      return EXIT.ok;
    }
    const r = await replayAllPoison(t, apply);
    print(
      [
        r.messages.length === 0
          ? "the poison queue holds no replayable message"
          : `${apply ? "replayed" : "dry run: would replay"} ${r.messages.length} message(s): ${r.messages.map((m) => `${m.messageId ?? "(no message id)"} ${m.kind}`).join(", ")}${apply ? "" : "; add --yes to do it"}`,
        ...r.unreadable.map((u) => `left in the poison queue (unreadable): ${u.queueMessageId}: ${u.error}`),
      ].join("\n"),
      r,
    );
    return r.unreadable.length > 0 || r.messages.length === 0 ? EXIT.checkFailed : EXIT.ok;
  } catch (err) {
    if (err instanceof UsageError) {
      streams.stderr.write(`webhook-deliveries: ${err.message}\nRun with --help for usage.\n`);
      return EXIT.usage;
    }
    if (err instanceof SettingsError) return fail(EXIT.usage, err.message);
    const e = err as { statusCode?: number; message?: string; code?: string };
    const why =
      e.statusCode === 403 || e.statusCode === 401
        ? `access denied (${e.statusCode}): the identity needs Storage Table Data Contributor and Storage Queue Data Contributor on the account`
        : e.statusCode
          ? `the storage service answered ${e.statusCode}: ${String(e.message).split("\n")[0]}`
          : `the storage service could not be reached: ${e.code ?? e.message ?? String(err)}`;
    return fail(EXIT.serviceError, why);
  }
}
