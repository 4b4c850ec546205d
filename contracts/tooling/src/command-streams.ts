// Where the contracts commands (build-command.ts, check-command.ts) write: the process's streams when run by
// `npm run contracts:*`, strings in the tests that call them in-process.
import { CommanderError, type Command } from "commander";

export interface CommandStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

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
