// Exit codes of every CLI in this project; the README's table is generated from the same meanings.
export const ExitCode = {
  /** The command did what was asked and every check passed. */
  Ok: 0,
  /** A check failed: unexpected indexer errors, coverage below target, drift found where none was allowed. */
  CheckFailed: 1,
  /** Bad usage or configuration: unknown option, invalid vars.yml, missing file. Nothing was changed. */
  Usage: 2,
  /** The service could not be reached or answered with an error (403, 5xx after retries, throttling). */
  ServiceError: 3,
  /** The command refused to act: a rebuild without --allow-rebuild, a run already in progress, a concurrent change (412). */
  Refused: 4,
  /** Waiting timed out; the operation may still be running on the service. */
  Timeout: 5,
  /** Interrupted by the user (Ctrl-C). */
  Interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** An error that carries the exit code the CLI should end with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "CliError";
  }
}
