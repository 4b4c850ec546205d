// The exit codes of the docs-index CLI, defined once: the program's help, each command's help and the README's
// table (scripts/readme-exit-codes.ts, checked by test/cli/exit-codes.test.ts) are all rendered from EXIT_CODES.
// `webhook-deliveries` (src/cli/webhook-deliveries/) uses the same codes and renders its help block from them.
// The convention follows Terraform where they overlap (`plan --detailed-exitcode`: 0 no changes, 1 error,
// 2 changes).

export interface ExitCodeDefinition {
  readonly code: number;
  readonly name: string;
  /** The few words of the program's --help summary. */
  readonly short: string;
  /** What the code means for every command; a command's help may say what it means for that command. */
  readonly meaning: string;
}

export const EXIT_CODES = [
  { code: 0, name: "Ok", short: "ok", meaning: "Done; every check passed (`plan --detailed-exitcode`: no changes)" },
  {
    code: 1,
    name: "CheckFailed",
    short: "check failed",
    meaning:
      "A check failed (unexpected indexer errors, an empty index after a run, coverage incomplete, orphans found); any error under `plan --detailed-exitcode`, as in Terraform; an internal error (a bug: `internal error`, the stack with `DOCS_INDEX_DEBUG=1`)",
  },
  {
    code: 2,
    name: "Changes",
    short: "usage or config error (plan --detailed-exitcode: changes)",
    meaning:
      "`plan --detailed-exitcode` only: the plan has changes (or an operation under way to finish first: `deploy --resume`). Every other command: usage or configuration error (bad option, invalid `vars.yml`, a definition file that is invalid or breaks a rule of the service, in the files or a saved plan); nothing was changed",
  },
  {
    code: 3,
    name: "ServiceError",
    short: "service error",
    meaning:
      "Service error: unreachable or no answer before the deadline (the message names the URL and where it came from), not signed in, 401/403, 5xx or throttling after retries",
  },
  {
    code: 4,
    name: "Refused",
    short: "refused",
    meaning:
      "Refused: a rebuild without `--allow-rebuild`, a destructive step not confirmed (or no TTY without `--yes`), a run already in progress, a concurrent change (412/409), a saved plan that no longer applies (`deploy <file>`: another environment or endpoint, a live ETag moved, other definitions, an older format); nothing was written",
  },
  {
    code: 5,
    name: "Timeout",
    short: "timed out",
    meaning: "Timed out waiting for a run; the run may still be going on the service",
  },
  {
    code: 130,
    name: "Interrupted",
    short: "interrupted",
    meaning: "Interrupted (Ctrl-C); a run already started continues on the service",
  },
] as const satisfies readonly ExitCodeDefinition[];

/**
 * What a command came to: every command of both CLIs returns one (or throws an error the one classifier,
 * src/cli/outcome-exit.ts, turns into one), and only exitCodeOf turns it into a number.
 */
export type OutcomeKind =
  "ok" | "check-failed" | "changes" | "usage" | "service-error" | "refused" | "timeout" | "interrupted" | "internal";

/** The one table: each outcome's exit code, its `error.code` in a `--json` error document and its short name. */
export const OUTCOMES: Readonly<Record<OutcomeKind, { code: number; errorCode?: string }>> = {
  ok: { code: 0 },
  "check-failed": { code: 1, errorCode: "check_failed" },
  /** `plan --detailed-exitcode`: the plan has changes (Terraform's 2). */
  changes: { code: 2 },
  /** Bad usage or configuration (every command except `plan --detailed-exitcode`, where 2 means changes). */
  usage: { code: 2, errorCode: "usage" },
  "service-error": { code: 3, errorCode: "service_error" },
  refused: { code: 4, errorCode: "refused" },
  timeout: { code: 5, errorCode: "timeout" },
  interrupted: { code: 130, errorCode: "interrupted" },
  /** An unexpected error (a bug): exit 1 with "internal error", the stack with DOCS_INDEX_DEBUG=1. */
  internal: { code: 1, errorCode: "internal" },
};

/** The flag that gives a command Terraform's detailed exit codes: 0 no changes, 2 changes, 1 every error. */
export const DETAILED_EXITCODE_FLAG = "--detailed-exitcode";

/**
 * The exit code of an outcome. Under `--detailed-exitcode` every error is 1 (configuration, usage, service,
 * internal, a refusal, a deadline), so 2 can only mean "changes", as in Terraform.
 */
export function exitCodeOf(kind: OutcomeKind, opts: { detailed?: boolean } = {}): number {
  if (!opts.detailed || kind === "ok" || kind === "changes") return OUTCOMES[kind].code;
  return OUTCOMES["check-failed"].code;
}

/** `error.code` of a `--json` error document that ended with `exitCode` (the first failure with that code). */
export function errorCodeOfExit(exitCode: number): string {
  return Object.values(OUTCOMES).find((o) => o.code === exitCode && o.errorCode)?.errorCode ?? "error";
}

/** A check's outcome: ok when it passed, else check-failed. */
export function checked(passed: boolean): OutcomeKind {
  return passed ? "ok" : "check-failed";
}

/** `plan`'s outcome: "changes" when the plan has changes and --detailed-exitcode asks to say so (exit 2), else ok. */
export function planned(changed: boolean, detailed: boolean): OutcomeKind {
  return detailed && changed ? "changes" : "ok";
}

/** An error that carries the outcome the CLI should end with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly outcome: OutcomeKind,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** The one-line summary for the program's --help. */
export function exitCodeSummary(): string {
  return `Exit codes: ${EXIT_CODES.map((c) => `${c.code} ${c.short}`).join(", ")}.`;
}

/** A command's meanings by outcome -> by exit code (a given meaning replaces a default of the same code). */
function meaningsByCode(
  meanings: Partial<Record<OutcomeKind, string>>,
  defaults: Partial<Record<OutcomeKind, string>> = {},
): Map<number, string> {
  const byCode = new Map<number, string>();
  for (const [kind, meaning] of [...Object.entries(defaults), ...Object.entries(meanings)])
    if (meaning !== undefined) byCode.set(OUTCOMES[kind as OutcomeKind].code, meaning);
  return new Map(EXIT_CODES.filter((c) => byCode.has(c.code)).map((c) => [c.code, byCode.get(c.code)!]));
}

/**
 * A command's "Exit codes:" help block: the codes it can end with, each with what it means for that command,
 * given by outcome. Usage (2) and service errors (3) are added for every command unless given.
 */
export function exitCodeHelp(meanings: Partial<Record<OutcomeKind, string>>, opts: { offline?: boolean } = {}): string {
  const defaults: Partial<Record<OutcomeKind, string>> = {
    usage: "usage or configuration error; nothing was changed",
    ...(opts.offline
      ? {}
      : { "service-error": "the service could not be reached, gave no answer before the deadline, or refused" }),
  };
  const lines = [...meaningsByCode(meanings, defaults)].map(([code, m]) => `  ${String(code).padEnd(4)} ${m}`);
  return `\nExit codes:\n${lines.join("\n")}`;
}

/** A command's exit codes as a Markdown table (docs/*.md), from the meanings its --help block shows. */
export function exitCodeMarkdown(meanings: Partial<Record<OutcomeKind, string>>): string {
  const rows = [...meaningsByCode(meanings)].map(([code, m]) => `| ${code} | ${m} |`);
  return ["| Exit code | Meaning |", "|---|---|", ...rows].join("\n");
}

/** The README's exit-code table (Markdown), generated from EXIT_CODES. */
export function exitCodeMarkdownTable(): string {
  return ["| Code | Meaning |", "|---|---|", ...EXIT_CODES.map((c) => `| ${c.code} | ${c.meaning} |`)].join("\n");
}
