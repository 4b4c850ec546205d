// The exit codes of the docs-index CLI, defined once: the program's help, each command's help and the README's
// table (scripts/readme-exit-codes.ts, checked by test/cli/exit-codes.test.ts) are all rendered from EXIT_CODES.
// `webhook-deliveries` (src/cli/webhook-deliveries/) uses the same codes and renders its help block from them.
// The convention follows Terraform where they overlap (`plan --detailed-exitcode`: 0 no changes, 1 error,
// 2 changes).

export interface ExitCodeDefinition {
  readonly code: number;
  readonly name: string;
  /** What the code means for every command; a command's help may say what it means for that command. */
  readonly meaning: string;
}

export const EXIT_CODES = [
  { code: 0, name: "Ok", meaning: "Done; every check passed (`plan --detailed-exitcode`: no changes)" },
  {
    code: 1,
    name: "CheckFailed",
    meaning:
      "A check failed (unexpected indexer errors, an empty index after a run, coverage incomplete, orphans found); any error under `plan --detailed-exitcode`, as in Terraform; an internal error (a bug: `internal error`, the stack with `DOCS_INDEX_DEBUG=1`)",
  },
  {
    code: 2,
    name: "Changes",
    meaning:
      "`plan --detailed-exitcode` only: the plan has changes (or an operation under way to finish first: `deploy --resume`). Every other command: usage or configuration error (bad option, invalid `vars.yml`, bad definition file); nothing was changed",
  },
  {
    code: 3,
    name: "ServiceError",
    meaning:
      "Service error: unreachable or no answer before the deadline (the message names the URL and where it came from), not signed in, 401/403, 5xx or throttling after retries",
  },
  {
    code: 4,
    name: "Refused",
    meaning:
      "Refused: a rebuild without `--allow-rebuild`, a destructive step not confirmed (or no TTY without `--yes`), a run already in progress, a concurrent change (412/409), a saved plan that no longer applies (`deploy <file>`: another environment or endpoint, a live ETag moved, other definitions, an older format); nothing was written",
  },
  { code: 5, name: "Timeout", meaning: "Timed out waiting for a run; the run may still be going on the service" },
  { code: 130, name: "Interrupted", meaning: "Interrupted (Ctrl-C); a run already started continues on the service" },
] as const satisfies readonly ExitCodeDefinition[];

export const ExitCode = {
  Ok: 0,
  CheckFailed: 1,
  /** Bad usage or configuration (every command except `plan --detailed-exitcode`, where 2 means changes). */
  Usage: 2,
  /** `plan --detailed-exitcode`: the plan has changes (Terraform's 2). */
  Changes: 2,
  ServiceError: 3,
  Refused: 4,
  Timeout: 5,
  Interrupted: 130,
  /** An unexpected error (a bug): exit 1 with "internal error", the stack with DOCS_INDEX_DEBUG=1. */
  Internal: 1,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** The flag that gives a command Terraform's detailed exit codes: 0 no changes, 2 changes, 1 every error. */
export const DETAILED_EXITCODE_FLAG = "--detailed-exitcode";

/**
 * The exit code under `--detailed-exitcode`: every error is 1 (configuration, usage, service, internal, a
 * refusal, a deadline), so 2 can only mean "changes". `failed`: the code comes from an error, not from the result.
 */
export function detailedExitCode(code: number, failed: boolean): number {
  if (code === ExitCode.Ok) return ExitCode.Ok;
  if (!failed && code === ExitCode.Changes) return ExitCode.Changes;
  return ExitCode.CheckFailed;
}

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

/** The one-line summary for the program's --help. */
export function exitCodeSummary(): string {
  const short: Record<number, string> = {
    0: "ok",
    1: "check failed",
    2: "usage or config error (plan --detailed-exitcode: changes)",
    3: "service error",
    4: "refused",
    5: "timed out",
    130: "interrupted",
  };
  return `Exit codes: ${EXIT_CODES.map((c) => `${c.code} ${short[c.code]}`).join(", ")}.`;
}

/**
 * A command's "Exit codes:" help block: the codes it can end with, each with what it means for that command.
 * Usage (2) and service errors (3) are added for every command unless given.
 */
export function exitCodeHelp(meanings: Partial<Record<number, string>>, opts: { offline?: boolean } = {}): string {
  const all: Record<number, string> = {
    2: "usage or configuration error; nothing was changed",
    ...(opts.offline ? {} : { 3: "the service could not be reached, gave no answer before the deadline, or refused" }),
    ...meanings,
  } as Record<number, string>;
  const codes = EXIT_CODES.map((c) => c.code).filter((c) => all[c] !== undefined);
  return `\nExit codes:\n${codes.map((c) => `  ${String(c).padEnd(4)} ${all[c]}`).join("\n")}`;
}

/** The README's exit-code table (Markdown), generated from EXIT_CODES. */
export function exitCodeMarkdownTable(): string {
  return ["| Code | Meaning |", "|---|---|", ...EXIT_CODES.map((c) => `| ${c.code} | ${c.meaning} |`)].join("\n");
}
