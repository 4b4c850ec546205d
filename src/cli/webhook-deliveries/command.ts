// `npm run webhook-deliveries -- list|show <id>|replay <id>|replay --all-poison`: the operations command over the
// webhook receiver's idempotency table and poison queue. Not part of the deployed function app, so it lives with
// the other CLI and runs on its runner (src/cli/runner.ts): commander, the command's deadline, the `--json` error
// document, the one error classifier and exit codes (src/cli/outcome-exit.ts, src/cli/exit-codes.ts). Every request
// has a timeout and the command a deadline (target.ts). Reads the receiver's own settings (the same variables as
// the function app: IDEMPOTENCY_TABLE_ENDPOINT / WEBHOOK_QUEUE__queueServiceUri with your `az login`, or Azurite
// connection strings). Replays are dry runs unless --yes (or --apply). --json prints one JSON document on stdout,
// errors included. The operations themselves: src/deliveries/operations.ts; their text: deliveries-text.ts.
import { Command, InvalidArgumentError, Option } from "commander";
import type { DeliveryState } from "../../../webhook/src/idempotency/store.js";
import {
  resultVerdict,
  runDeliveryOperation,
  type DeliveryRequest,
  type DeliveryResult,
} from "../../deliveries/operations.js";
import { DEFAULT_SERVICE_OPTIONS, type ServiceOptions } from "../../search/io/service-options.js";
import { renderDeliveryResult } from "./deliveries-text.js";
import { CliError, exitCodeHelp, exitCodeOf, type OutcomeKind } from "../exit-codes.js";
import type { Failure, FailureScene } from "../outcome-exit.js";
import type { CommandStreams } from "../command-streams.js";
import { createOutput, type OutputStreams } from "../output.js";
import { configureProgram, deadlineOption, parseProgram, requestTimeoutOption, runCommand } from "../runner.js";
import { describeUrl, targetFrom, type Endpoint } from "./target.js";

/** Its own: a storage operation needs less than a deploy's 300 s. */
export const DEFAULT_DEADLINE_SECONDS = 120;

const SETTINGS_HELP = `
Settings (environment, as in the function app):
  IDEMPOTENCY_TABLE_ENDPOINT, WEBHOOK_QUEUE__queueServiceUri   Azure, with your az login (roles: Storage Table
                                                               Data Contributor, Storage Queue Data Contributor)
  IDEMPOTENCY_TABLE_CONNECTION_STRING, WEBHOOK_QUEUE           Azurite (connection strings; loopback only)
  IDEMPOTENCY_TABLE_NAME, WEBHOOK_QUEUE_NAME                   defaults webhookdeliveries, webhook-deliveries
${exitCodeHelp({
  ok: "ok (a dry run that would replay, too)",
  "check-failed": "check failed: no such delivery, nothing to replay, or unreadable poison messages left",
  "service-error":
    "the table or queue could not be reached, gave no answer in time (names the endpoint and its variable), or refused access",
  refused: "refused: the delivery was processed already or is still being retried; nothing was written",
})}`;

export interface RunOptions {
  /** Overrides of the timeouts (tests use short ones). */
  service?: Partial<ServiceOptions>;
}

interface GlobalOptions {
  json?: boolean;
  requestTimeout: number;
  deadline: number;
}

const STATES: DeliveryState[] = ["received", "processed", "failed", "processing"];

function positiveWhole(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected a positive whole number, got ${value}`);
  return n;
}

/** The outcome of an operation's result: a refused replay, nothing to replay, or done. */
function outcomeOf(result: DeliveryResult): OutcomeKind {
  const verdict = resultVerdict(result);
  return verdict === "refused" ? "refused" : verdict === "done" ? "ok" : "check-failed";
}

/** The `--json` document of a result: the core's objects as they are. */
function documentOf(r: DeliveryResult): object {
  if (r.op === "list") return r.listing;
  if (r.op === "show") return r.detail ?? {};
  if (r.op === "replay") return r.verdict;
  return r.replay;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- commander hands each action its arguments untyped */
/** Wraps a subcommand's request builder: runs the operation it asks for and records the outcome. */
type RequestRunner = (toRequest: (...args: any[]) => DeliveryRequest) => (...args: any[]) => Promise<void>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The program: one subcommand per operation, each turned into a typed request for the core. */
function deliveriesProgram(run: RequestRunner, configure: (program: Command) => void) {
  const program = new Command("webhook-deliveries")
    .usage("<command> [options]")
    .description("Inspect webhook deliveries (the idempotency records) and replay poisoned ones.")
    .option(
      "--json",
      "machine-readable output on stdout, errors too ({format_version, error: {code, exit_code, message}})",
    )
    .addOption(requestTimeoutOption("give up on a storage request without an answer after this long"))
    .addOption(deadlineOption("overall limit for the command", DEFAULT_DEADLINE_SECONDS))
    .helpOption("-h, --help", "this help");
  configure(program); // before the subcommands: they take its output and exit settings
  program
    .command("list")
    .description("deliveries, newest first (states: received, processed, failed)")
    .addOption(new Option("--state <s>", "only deliveries in this state").choices(STATES))
    .option("--poisoned", "only poisoned deliveries")
    .option("--limit <n>", "at most this many (default 50)", positiveWhole)
    .action(
      run((opts: { state?: DeliveryState; poisoned?: boolean; limit?: number }) => ({
        op: "list",
        ...(opts.state ? { states: [opts.state] } : {}),
        poisoned: Boolean(opts.poisoned),
        ...(opts.limit !== undefined ? { limit: opts.limit } : {}),
      })),
    );
  program
    .command("show")
    .description("one delivery: state, attempts, last error, poison queue")
    .argument("<message-id>", "the delivery's x-fv-messageid")
    .action(run((messageId: string) => ({ op: "show", messageId })));
  program
    .command("replay")
    .description("put a poisoned delivery (or, with --all-poison, every message of the poison queue) back on the queue")
    .argument("[message-id]", "the delivery's x-fv-messageid")
    .option("--all-poison", "every message of the poison queue")
    .option("--yes", "carry the replay out (default: dry run, says what would be replayed)")
    .option("--apply", "same as --yes")
    .action(
      run((messageId: string | undefined, opts: { allPoison?: boolean; yes?: boolean; apply?: boolean }) => {
        if (!messageId === !opts.allPoison)
          throw new CliError("replay needs a message id or --all-poison (not both)", "usage");
        const apply = Boolean(opts.yes || opts.apply);
        return messageId ? { op: "replay", messageId, apply } : { op: "replay-all", apply };
      }),
    );
  program.addHelpText("after", SETTINGS_HELP);
  return program;
}

export async function runDeliveriesCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  rawStreams: CommandStreams = process,
  options: RunOptions = {},
): Promise<number> {
  const streams = rawStreams as OutputStreams;
  let outcome: OutcomeKind = "ok";
  let usageError: () => string | undefined = () => undefined;
  const program = deliveriesProgram(
    (toRequest) =>
      async (...args) => {
        const opts = program.opts<GlobalOptions>();
        outcome = await runOperation(() => toRequest(...args), opts, { env, streams, service: options.service });
      },
    (p) => ({ usageError } = configureProgram(p, streams, "(run with --help for the commands and options)")),
  );
  outcome = (await parseProgram(program, argv, { streams, usageError, from: "user" })) ?? outcome;
  return exitCodeOf(outcome);
}

/** One operation under the command's deadline: the request, the target, the core, the view, the outcome. */
async function runOperation(
  toRequest: () => DeliveryRequest,
  opts: GlobalOptions,
  shell: { env: NodeJS.ProcessEnv; streams: OutputStreams; service: Partial<ServiceOptions> | undefined },
): Promise<OutcomeKind> {
  const { env, streams } = shell;
  const out = createOutput(Boolean(opts.json), streams, { env, errorLabel: "webhook-deliveries" });
  const endpoints: Endpoint[] = [];
  const describe = (url: string) => describeUrl(url, endpoints);
  let waitingFor: string | undefined;
  const noticed = new Set<string>();
  const scene = (): FailureScene => ({
    cli: "webhook-deliveries",
    env,
    describeUrl: describe,
    waitingFor: () => waitingFor ?? (endpoints.map((e) => describe(e.url)).join(" or ") || "the storage service"),
  });
  const run = {
    out,
    deadlineMs: opts.deadline * 1000,
    scene,
    errorCode: (f: Failure) => f.cause,
    afterFailure: (f: Failure) => {
      if (f.kind === "usage") streams.stderr.write("Run with --help for usage.\n");
    },
  };
  return runCommand(run, async (deadline) => {
    const request = toRequest();
    const service: ServiceOptions = {
      ...DEFAULT_SERVICE_OPTIONS,
      requestTimeoutMs: opts.requestTimeout * 1000,
      ...shell.service,
      signal: deadline.signal,
      // One notice per endpoint (a slow table does not hide a queue that then never answers), as docs-index.
      onSlow: (url) => {
        const endpoint = describe(url);
        waitingFor ??= endpoint;
        if (noticed.has(endpoint)) return;
        noticed.add(endpoint);
        out.note(`webhook-deliveries: waiting for ${endpoint} ...`);
      },
    };
    const t = targetFrom(env, service);
    endpoints.push(t.table, t.queueService);
    const result = await runDeliveryOperation(t, request);
    if (result.op === "show" && !result.detail)
      throw new CliError(`no delivery with x-fv-messageid ${result.messageId}`, "check-failed");
    out.result(documentOf(result), () => renderDeliveryResult(result));
    return outcomeOf(result);
  });
}
