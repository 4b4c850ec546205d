// The docs-index command line: global options, one module per subcommand, and one place that maps
// errors to exit codes. Add a command by writing commands/<name>.ts and listing it in `commands` below.
import { Command, CommanderError, Option } from "commander";
import { RestError } from "@azure/core-rest-pipeline";
import { ConfigError } from "../../config/load.js";
import { createContext, type CliContext } from "../context.js";
import { CliError, ExitCode } from "../exit-codes.js";
import { createOutput, type Output, type OutputStreams } from "../output.js";
import { backfillCommand } from "./commands/backfill.js";
import { coverageCommand } from "./commands/coverage.js";
import { deployCommand } from "./commands/deploy.js";
import { orphansCommand } from "./commands/orphans.js";
import { planCommand } from "./commands/plan.js";
import { preflightCommand } from "./commands/preflight.js";
import { previewCommand } from "./commands/preview.js";
import { queryCommand } from "./commands/query.js";
import { snapshotCommand } from "./commands/snapshot.js";
import { statusCommand } from "./commands/status.js";
import { urlCommand } from "./commands/url.js";

/** What a subcommand module provides. `run` returns the exit code. */
/* eslint-disable @typescript-eslint/no-explicit-any -- commander hands each action its positional arguments untyped */
export interface CommandModule {
  register(
    program: Command,
    run: (action: (ctx: CliContext, ...args: any[]) => Promise<number>) => (...args: any[]) => Promise<void>,
  ): void;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const commands: CommandModule[] = [
  planCommand,
  deployCommand,
  preflightCommand,
  statusCommand,
  backfillCommand,
  coverageCommand,
  orphansCommand,
  queryCommand,
  snapshotCommand,
  previewCommand,
  urlCommand,
];

export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  streams: OutputStreams = process,
): Promise<number> {
  let exitCode: number = ExitCode.Ok;
  const program = new Command("docs-index")
    .description("Plan, deploy and operate the docs-index search index, its datasource and its indexer.")
    .addOption(new Option("--json", "machine-readable output on stdout (progress and warnings stay on stderr)"))
    .addOption(new Option("--env <name>", "environment: reads config/<name>/vars.yml (default: $DEPLOY_ENV or dev)"))
    .addOption(new Option("--vars-file <path>", "read this vars.yml instead (default: $VARS_FILE)"))
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => streams.stdout.write(s),
      writeErr: (s) => streams.stderr.write(s),
    });
  program.addHelpText(
    "after",
    `\nExit codes: 0 ok, 1 check failed, 2 usage or config error, 3 service error, 4 refused, 5 timed out, 130 interrupted.`,
  );

  /* eslint-disable @typescript-eslint/no-explicit-any -- see CommandModule */
  const run =
    (action: (ctx: CliContext, ...args: any[]) => Promise<number>) =>
    async (...args: any[]): Promise<void> => {
      /* eslint-enable @typescript-eslint/no-explicit-any */
      const opts = program.opts<{ json?: boolean; env?: string; varsFile?: string }>();
      const out = createOutput(Boolean(opts.json), streams);
      try {
        const childEnv = {
          ...env,
          ...(opts.env ? { DEPLOY_ENV: opts.env } : {}),
          ...(opts.varsFile ? { VARS_FILE: opts.varsFile } : {}),
        };
        exitCode = await action(createContext(out, childEnv), ...args);
      } catch (err) {
        exitCode = reportError(err, out);
      }
    };

  for (const command of commands) command.register(program, run);

  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage;
    }
    throw err;
  }
  return exitCode;
}

/** Maps any error to a message and an exit code. Never prints credentials: only messages and codes. */
export function reportError(err: unknown, out: Output): number {
  if (err instanceof CliError) {
    out.error(err.message);
    if (err.hint) out.info(err.hint);
    return err.exitCode;
  }
  if (err instanceof ConfigError) {
    out.error(`invalid configuration\n${err.message}`);
    return ExitCode.Usage;
  }
  if (err instanceof RestError || (err as { name?: string })?.name === "RestError") {
    const e = err as RestError;
    const status = e.statusCode;
    const why =
      status === undefined
        ? `the service could not be reached (${e.code ?? e.message})`
        : status === 401 || status === 403
          ? `the service refused the request (${status}): check the identity's role assignments (Search Service Contributor / Search Index Data Reader)`
          : `the service answered ${status}: ${firstLine(e.message)}`;
    out.error(why);
    return status === 412 || status === 409 ? ExitCode.Refused : ExitCode.ServiceError;
  }
  out.error(err instanceof Error ? err.message : String(err));
  return ExitCode.ServiceError;
}

function firstLine(s: string): string {
  return s.split("\n")[0] ?? s;
}
