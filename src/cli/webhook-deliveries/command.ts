// `npm run webhook-deliveries -- list|show <id>|replay <id>|replay --all-poison`: the operations command over the
// webhook receiver's idempotency table and poison queue. Not part of the deployed function app, so it lives with
// the other CLI and shares its exit codes (src/cli/exit-codes.ts) and its patience rules: every request has a
// timeout and the command a deadline (request-guard.ts). Reads the receiver's own settings (the same variables as
// the function app: IDEMPOTENCY_TABLE_ENDPOINT / WEBHOOK_QUEUE__queueServiceUri with your `az login`, or Azurite
// connection strings). Replays are dry runs unless --yes (or --apply). --json prints one JSON document on stdout,
// errors included.
import { parseArgs } from "node:util";
import { Deadline } from "../deadline.js";
import { CliError, ExitCode, exitCodeHelp } from "../exit-codes.js";
import { jsonDocument } from "../output.js";
import { DEFAULT_SERVICE_OPTIONS, type ServiceOptions } from "../../search/io/service-options.js";
import type { DeliveryState } from "../../../webhook/src/idempotency/store.js";
import { listDeliveries, replayAllPoison, replayOne, summarize, type DeliverySummary } from "./deliveries.js";
import { classifyError } from "./errors.js";
import { describeUrl, targetFrom, type DeliveriesTarget, type Endpoint } from "./target.js";

export const DEFAULT_REQUEST_TIMEOUT_SECONDS = DEFAULT_SERVICE_OPTIONS.requestTimeoutMs / 1000;
export const DEFAULT_DEADLINE_SECONDS = 120;

export const HELP = `Usage: npm run --silent webhook-deliveries -- <command> [options]

Inspect webhook deliveries (the idempotency records) and replay poisoned ones.

Commands:
  list [--state <s>] [--poisoned] [--limit N]   deliveries, newest first (states: received, processed, failed)
  show <message-id>                             one delivery: state, attempts, last error, poison queue
  replay <message-id> [--yes]                   put a poisoned delivery back on the queue
  replay --all-poison [--yes]                   put every message of the poison queue back on the queue

Options:
  --json                    machine-readable output on stdout, errors too ({format_version, error: {code, exit_code, message}})
  --yes, --apply            carry the replay out (default: dry run, says what would be replayed)
  --request-timeout <s>     give up on a storage request without an answer after this long (default ${DEFAULT_REQUEST_TIMEOUT_SECONDS})
  --deadline <s>            overall limit for the command (default ${DEFAULT_DEADLINE_SECONDS})
  -h, --help                this help

Settings (environment, as in the function app):
  IDEMPOTENCY_TABLE_ENDPOINT, WEBHOOK_QUEUE__queueServiceUri   Azure, with your az login (roles: Storage Table
                                                               Data Contributor, Storage Queue Data Contributor)
  IDEMPOTENCY_TABLE_CONNECTION_STRING, WEBHOOK_QUEUE           Azurite (connection strings; loopback only)
  IDEMPOTENCY_TABLE_NAME, WEBHOOK_QUEUE_NAME                   defaults webhookdeliveries, webhook-deliveries
${exitCodeHelp({
  0: "ok (a dry run that would replay, too)",
  1: "check failed: no such delivery, nothing to replay, or unreadable poison messages left",
  3: "the table or queue could not be reached, gave no answer in time (names the endpoint and its variable), or refused access",
  4: "refused: the delivery was processed already or is still being retried; nothing was written",
})}`;

export interface Streams {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
}

export interface RunOptions {
  /** Overrides of the timeouts (tests use short ones). */
  service?: Partial<ServiceOptions>;
}

const STATES: DeliveryState[] = ["received", "processed", "failed", "processing"];

function usage(message: string): CliError {
  return new CliError(message, ExitCode.Usage);
}

function positiveSeconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw usage(`${name}: expected a positive number of seconds, got ${value}`);
  return n;
}

function line(d: DeliverySummary): string {
  const flags = d.poisoned ? " POISONED" : "";
  return `${d.messageId}  ${d.state}${flags}  ${d.kind ?? "-"}  attempts ${d.attempts}  updated ${d.updatedAt}${d.lastError ? `\n    last error: ${d.lastError}` : ""}`;
}

interface Invocation {
  command: "list" | "show" | "replay";
  id: string | undefined;
  state: DeliveryState | undefined;
  limit: number | undefined;
  poisoned: boolean;
  allPoison: boolean;
  apply: boolean;
  requestTimeoutMs: number;
  deadlineMs: number;
}

/** Pure: the parsed arguments -> what to do, or a usage error. */
export function invocationOf(values: Record<string, string | boolean | undefined>, positionals: string[]): Invocation {
  const [command, id, ...rest] = positionals;
  if (rest.length > 0) throw usage(`unexpected argument ${rest[0]}`);
  const state = values.state as DeliveryState | undefined;
  if (state !== undefined && !STATES.includes(state))
    throw usage(`--state: expected one of ${STATES.join(", ")}, got ${state}`);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
    throw usage(`--limit: expected a positive whole number, got ${String(values.limit)}`);
  if (command === undefined) throw usage("a command is required (list, show or replay)");
  if (command !== "list" && command !== "show" && command !== "replay") throw usage(`unknown command ${command}`);
  if (command === "show" && !id) throw usage("show needs a message id");
  if (command === "replay" && !id === !values["all-poison"])
    throw usage("replay needs a message id or --all-poison (not both)");
  return {
    command,
    id,
    state,
    limit,
    poisoned: Boolean(values.poisoned),
    allPoison: Boolean(values["all-poison"]),
    apply: Boolean(values.yes || values.apply),
    requestTimeoutMs:
      positiveSeconds(
        "--request-timeout",
        values["request-timeout"] as string | undefined,
        DEFAULT_REQUEST_TIMEOUT_SECONDS,
      ) * 1000,
    deadlineMs: positiveSeconds("--deadline", values.deadline as string | undefined, DEFAULT_DEADLINE_SECONDS) * 1000,
  };
}

type Print = (human: string, data: object) => void;

/** Runs one command against the target; returns its exit code (errors are thrown). */
function execute(inv: Invocation, t: DeliveriesTarget, print: Print): Promise<number> {
  if (inv.command === "list") return list(inv, t, print);
  if (inv.command === "show") return show(inv.id!, t, print);
  return inv.id ? replay(inv.id, inv.apply, t, print) : replayAll(inv.apply, t, print);
}

async function list(inv: Invocation, t: DeliveriesTarget, print: Print): Promise<number> {
  const l = await listDeliveries(t, {
    states: inv.state ? [inv.state] : undefined,
    poisoned: inv.poisoned,
    limit: inv.limit,
  });
  print(
    [
      `queue ${l.queue.name}: ${l.queue.approximateMessages} message(s); poison queue ${l.poison.name}: ${l.poison.approximateMessages} message(s)`,
      ...(l.deliveries.length ? l.deliveries.map(line) : ["no deliveries match"]),
    ].join("\n"),
    l,
  );
  return ExitCode.Ok;
}

async function show(id: string, t: DeliveriesTarget, print: Print): Promise<number> {
  const record = await t.store.get(id);
  if (!record) throw new CliError(`no delivery with x-fv-messageid ${id}`, ExitCode.CheckFailed);
  const { delivery, response, bodyHash } = record;
  const detail = { ...summarize(record), bodyHash, response, queued: delivery };
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
  return ExitCode.Ok;
}

async function replay(id: string, apply: boolean, t: DeliveriesTarget, print: Print): Promise<number> {
  const v = await replayOne(t, id, apply);
  if (v.outcome === "refused") {
    print(`refused: ${id}: ${v.reason}`, v);
    return ExitCode.Refused;
  }
  if (v.outcome === "not-found") {
    print(`nothing to replay: ${id}: ${v.reason}`, v);
    return ExitCode.CheckFailed;
  }
  print(
    v.outcome === "replayed"
      ? `replayed ${id} (${v.kind}) from the ${v.source}`
      : `dry run: would replay ${id} (${v.kind}) from the ${v.source}; add --yes to do it`,
    v,
  );
  return ExitCode.Ok;
}

async function replayAll(apply: boolean, t: DeliveriesTarget, print: Print): Promise<number> {
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
  return r.unreadable.length > 0 || r.messages.length === 0 ? ExitCode.CheckFailed : ExitCode.Ok;
}

const OPTIONS = {
  json: { type: "boolean" },
  yes: { type: "boolean" },
  apply: { type: "boolean" },
  "all-poison": { type: "boolean" },
  poisoned: { type: "boolean" },
  state: { type: "string" },
  limit: { type: "string" },
  "request-timeout": { type: "string" },
  deadline: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export async function runDeliveriesCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  streams: Streams = process,
  options: RunOptions = {},
): Promise<number> {
  const json = argv.includes("--json");
  const endpoints: Endpoint[] = [];
  const describe = (url: string) => describeUrl(url, endpoints);
  let waitingFor: string | undefined;
  let deadline: Deadline | undefined;
  const print: Print = (human, data) =>
    streams.stdout.write(json ? `${JSON.stringify(jsonDocument(data), null, 2)}\n` : `${human}\n`);
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
    } catch (err) {
      throw usage((err as Error).message);
    }
    if (parsed.values.help || parsed.positionals[0] === "help") {
      streams.stdout.write(`${HELP}\n`);
      return ExitCode.Ok;
    }
    const inv = invocationOf(parsed.values, parsed.positionals);
    deadline = new Deadline(inv.deadlineMs);
    const service: ServiceOptions = {
      ...DEFAULT_SERVICE_OPTIONS,
      requestTimeoutMs: inv.requestTimeoutMs,
      ...options.service,
      signal: deadline.signal,
      onSlow: (url) => {
        if (waitingFor) return;
        waitingFor = describe(url);
        streams.stderr.write(`webhook-deliveries: waiting for ${waitingFor} ...\n`);
      },
    };
    const t = targetFrom(env, service);
    endpoints.push(t.table, t.queueService);
    return await Promise.race([execute(inv, t, print), deadline.expired]);
  } catch (err) {
    const failure = classifyError(err, {
      describeUrl: describe,
      waitingFor: () => waitingFor ?? (endpoints.map((e) => describe(e.url)).join(" or ") || "the storage service"),
    });
    streams.stderr.write(
      `webhook-deliveries: ${failure.message}\n${failure.exitCode === ExitCode.Usage ? "Run with --help for usage.\n" : ""}`,
    );
    if (json)
      streams.stdout.write(
        `${JSON.stringify(jsonDocument({ error: { code: failure.code, exit_code: failure.exitCode, message: failure.message } }), null, 2)}\n`,
      );
    return failure.exitCode;
  } finally {
    deadline?.dispose();
  }
}
