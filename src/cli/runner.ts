// The runner both CLIs (docs-index, webhook-deliveries) share: commander set up the same way (a usage error is
// one line and where to read more; with --json also one JSON document on stdout), and each command run under the
// command's deadline, its error classified into an outcome (src/cli/outcome-exit.ts) and printed: the error line,
// its hint, and with --json the error document. Exit codes come from the outcome (src/cli/exit-codes.ts) only.
import { CommanderError, Option, type Command } from "commander";
import { DEFAULT_SERVICE_OPTIONS } from "../search/io/service-options.js";
import { positiveSeconds } from "./docs-index/common/options.js";
import { Deadline } from "./deadline.js";
import { exitCodeOf, OUTCOMES, type OutcomeKind } from "./exit-codes.js";
import type { Failure, FailureScene } from "./outcome-exit.js";
import { createOutput, type Output, type OutputStreams } from "./output.js";

const DEFAULT_REQUEST_TIMEOUT_SECONDS = DEFAULT_SERVICE_OPTIONS.requestTimeoutMs / 1000;

/** `--request-timeout <seconds>`: give up on one request without an answer after this long. */
export function requestTimeoutOption(description: string): Option {
  return new Option("--request-timeout <seconds>", description)
    .default(DEFAULT_REQUEST_TIMEOUT_SECONDS)
    .argParser(positiveSeconds("--request-timeout"));
}

/** `--deadline <seconds>`: the command's overall limit (src/cli/deadline.ts). */
export function deadlineOption(description: string, defaultSeconds: number): Option {
  return new Option("--deadline <seconds>", description)
    .default(defaultSeconds)
    .argParser(positiveSeconds("--deadline"));
}

/** Swallows what is written (the human line was already printed by commander). */
const nullSink = { write: () => true } as unknown as NodeJS.WritableStream;

export interface CommandRun {
  out: Output;
  /** The command's overall limit. */
  deadlineMs: number;
  /** `--detailed-exitcode` is in effect (every error is 1). */
  detailed?: boolean;
  /** Where the failure happened (known once the command has its context). */
  scene: () => FailureScene;
  /** `error.code` of the --json error document when not the outcome's (webhook-deliveries' finer codes). */
  errorCode?: (failure: Failure) => string;
  /** Called after the failure was printed (e.g. a pointer to --help). */
  afterFailure?: (failure: Failure) => void;
}

/** Runs `body` under the deadline; its outcome, or the outcome of the error it threw (printed here). */
export async function runCommand(
  run: CommandRun,
  body: (deadline: Deadline) => Promise<OutcomeKind>,
): Promise<OutcomeKind> {
  const deadline = new Deadline(run.deadlineMs);
  try {
    return await Promise.race([body(deadline), deadline.expired]);
  } catch (err) {
    // Loaded here: only a failed command needs the classifier and the core's error classes.
    const { classifyFailure } = await import("./outcome-exit.js");
    const failure = classifyFailure(err, run.scene());
    run.out.error(failure.message);
    if (failure.hint) run.out.note(failure.hint);
    run.afterFailure?.(failure);
    const code = run.errorCode?.(failure) ?? (failure.kind === "internal" ? OUTCOMES.internal.errorCode : undefined);
    run.out.errorDocument(exitCodeOf(failure.kind, { detailed: run.detailed }), code);
    return failure.kind;
  } finally {
    deadline.dispose();
  }
}

/** The program's commander settings: output to the streams, one line on a usage error (kept for --json). */
export function configureProgram(
  program: Command,
  streams: OutputStreams,
  helpPointer: string,
): { usageError: () => string | undefined } {
  let usageError: string | undefined;
  program
    .showHelpAfterError(helpPointer)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => streams.stdout.write(s),
      writeErr: (s) => streams.stderr.write(s),
      outputError: (s, write) => {
        usageError ??= s.replace(/^error: /, "").trim();
        write(s);
      },
    });
  return { usageError: () => usageError };
}

/**
 * Parses and runs the program; a commander error (bad usage, or --help/--version) becomes its outcome. With
 * --json a usage error is one JSON document on stdout as well.
 */
export async function parseProgram(
  program: Command,
  argv: readonly string[],
  opts: { streams: OutputStreams; usageError: () => string | undefined; detailed?: boolean; from?: "node" | "user" },
): Promise<OutcomeKind | undefined> {
  try {
    await program.parseAsync([...argv], { from: opts.from ?? "node" });
    return undefined;
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    const outcome: OutcomeKind = err.exitCode === 0 ? "ok" : "usage";
    // No command given: commander shows the help and reports the placeholder "(outputHelp)"; say what is missing.
    const missing = outcome === "usage" && err.code === "commander.help" ? commandRequired(program) : undefined;
    if (missing) opts.streams.stderr.write(`error: ${missing}\n`);
    if (outcome === "usage" && argv.includes("--json")) {
      const out = createOutput(true, { stdout: opts.streams.stdout, stderr: nullSink });
      out.error(missing ?? opts.usageError() ?? err.message.replace(/^error: /, ""));
      out.errorDocument(exitCodeOf(outcome, { detailed: opts.detailed }));
    }
    return outcome;
  }
}

/** "a command is required (plan, deploy, …)": the program's commands, for a run that named none. */
function commandRequired(program: Command): string {
  const names = program.commands.map((c) => c.name()).filter((n) => n !== "help");
  return `a command is required (${names.join(", ")})`;
}
