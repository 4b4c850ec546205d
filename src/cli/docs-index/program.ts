// The docs-index command line: global options, the registry of subcommands (only the one being run is loaded),
// and the one wrapper that gives each action its context and deadline and maps errors to exit codes.
import { Command, Option } from "commander";
import { DEFAULT_SERVICE_OPTIONS, type ServiceOptions } from "../../search/io/service-options.js";
import type { CliContext } from "../context.js";
import { DETAILED_EXITCODE_FLAG, exitCodeOf, exitCodeSummary, type OutcomeKind } from "../exit-codes.js";
import type { FailureScene } from "../outcome-exit.js";
import { createOutput, type OutputStreams } from "../output.js";
import { configureProgram, deadlineOption, parseProgram, requestTimeoutOption, runCommand } from "../runner.js";
import type { ActionRunner } from "./command.js";
import { commandNameIn, COMMANDS } from "./registry.js";
import { terraformStyleArgs } from "./common/terraform-args.js";
import { cliVersion } from "./common/version.js";

const DEFAULT_DEADLINE_SECONDS = 300;

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  streams?: OutputStreams;
  /** Confirmations read from here (default process.stdin); tests pass a stream with isTTY set. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Retry and timeout overrides (tests use milliseconds so unreachable services fail at once). */
  service?: Partial<ServiceOptions>;
}

interface GlobalOptions {
  json?: boolean;
  color?: boolean;
  env?: string;
  varsFile?: string;
  requestTimeout: number;
  deadline: number;
}

/** The options every command takes (registry.ts's GLOBAL_OPTIONS_WITH_VALUE lists those that take a value). */
export function globalOptions(): Option[] {
  return [
    new Option("--json", "machine-readable output on stdout (progress and notes stay on stderr)"),
    new Option("--no-color", "no colour (also NO_COLOR=1; FORCE_COLOR=1 forces it)"),
    new Option("--env <name>", "environment: reads config/<name>/vars.yml (default: $DEPLOY_ENV or dev)"),
    new Option("--vars-file <path>", "read this vars.yml instead (default: $VARS_FILE)"),
    requestTimeoutOption("give up on a request without an answer after this long"),
    deadlineOption("overall limit for a command (waits add their own --timeout)", DEFAULT_DEADLINE_SECONDS),
  ];
}

export async function runCli(rawArgv: string[], options: RunOptions = {}): Promise<number> {
  const argv = terraformStyleArgs(rawArgv);
  const env = options.env ?? process.env;
  const streams = options.streams ?? process;
  let outcome: OutcomeKind = "ok";
  const program = new Command("docs-index")
    .description("Plan, deploy and operate the docs-index search index, its datasource and its indexer.")
    .version(cliVersion(), "-V, --version", "print the version");
  for (const option of globalOptions()) program.addOption(option);
  // One bad option: a short error and where to read more, not the whole help.
  const { usageError } = configureProgram(
    program,
    streams,
    "(run `npx docs-index --help`, or `npx docs-index <command> --help`, for the options)",
  );
  program.addHelpText("after", `\n${exitCodeSummary()}\nEach command's --help says what its codes mean for it.`);

  const run: ActionRunner =
    (action) =>
    async (...args) => {
      const opts = program.opts<GlobalOptions>();
      const out = createOutput(Boolean(opts.json), streams, { noColor: opts.color === false, env });
      let ctx: CliContext | undefined;
      const scene = (): FailureScene => {
        const context = ctx;
        if (!context) return { cli: "docs-index", env, ...(name ? { command: name } : {}) };
        return {
          cli: "docs-index",
          env,
          ...(name ? { command: name } : {}),
          describeUrl: context.describeUrl,
          // What the command was waiting for when its deadline passed: the last request it started.
          waitingFor: () => context.describeUrl(context.lastRequested() ?? context.target.endpoint),
        };
      };
      outcome = await runCommand({ out, deadlineMs: opts.deadline * 1000, detailed, scene }, async (deadline) => {
        const service: ServiceOptions = {
          ...DEFAULT_SERVICE_OPTIONS,
          requestTimeoutMs: opts.requestTimeout * 1000,
          ...options.service,
          signal: deadline.signal,
        };
        // Loaded here, not at the top: --version and --help need no config validators.
        const { createContext } = await import("../context.js");
        ctx = createContext(
          out,
          env,
          { env: opts.env, varsFile: opts.varsFile },
          service,
          options.stdin,
          streams.stderr,
        );
        ctx.extendDeadline = (ms) => deadline.extend(ms);
        return action(ctx, ...args);
      });
    };

  const name = commandNameIn(argv.slice(2));
  for (const entry of COMMANDS) {
    if (entry.name === name) (await entry.load()).register(program, run);
    else program.command(entry.name).description(entry.summary);
  }
  // Only a command that has the flag changes its exit codes with it (elsewhere the flag is a usage error, 2).
  const detailed =
    argv.slice(2).includes(DETAILED_EXITCODE_FLAG) &&
    Boolean(program.commands.find((c) => c.name() === name)?.options.some((o) => o.long === DETAILED_EXITCODE_FLAG));

  outcome = (await parseProgram(program, argv, { streams, usageError, detailed })) ?? outcome;
  return exitCodeOf(outcome, { detailed });
}
