// What the contracts commands (build-command.ts, check-command.ts) share: parsing their arguments with commander
// without exiting, and turning a failure into their exit code. They write to the process's streams when run by
// `npm run contracts:*`, to strings in the tests that call them in-process.
import { CommanderError, type Command } from "commander";
import type { CommandStreams } from "../../../src/cli/command-streams.js";

/**
 * Parses `args` (what follows the script name) with `program`, which writes its help and errors to `streams`.
 * Returns the parsed program, or the exit code commander chose (0 after --help, 1 for a usage error).
 */
export function parseCommand(program: Command, args: readonly string[], streams: CommandStreams): Command | number {
  program
    .exitOverride()
    .configureOutput({ writeOut: (s) => streams.stdout.write(s), writeErr: (s) => streams.stderr.write(s) });
  try {
    return program.parse([...args], { from: "user" });
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    throw err;
  }
}

/**
 * Writes why a contracts command failed and returns its exit code: 2 for a usage or configuration error (one of
 * `usageErrors`), `buildFailed` for a contract that does not build (ContractBuildError), 1 with the stack for
 * anything else (a bug).
 */
export function failureExit(
  err: unknown,
  streams: CommandStreams,
  usageErrors: readonly (abstract new (...args: never[]) => Error)[],
  buildFailed: number,
): number {
  if (usageErrors.some((cls) => err instanceof cls)) {
    streams.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }
  if (err instanceof Error && err.name === "ContractBuildError") {
    streams.stderr.write(`${err.message}\n`);
    return buildFailed;
  }
  streams.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  return 1;
}
