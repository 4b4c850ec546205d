// One writer for every command: the result goes to stdout (JSON with --json, carrying `format_version`),
// progress, notes and diagnostics to stderr, so stdout can always be piped to jq or redirected to a file.
import pc from "picocolors";
import { errorCodeOfExit, exitCodeOf } from "./exit-codes.js";

type Colors = ReturnType<typeof pc.createColors>;

/** The version of every `--json` document's shape; schemas/docs-index/*.schema.json describe version 1. */
export const FORMAT_VERSION = "1.0";

export interface Output {
  readonly json: boolean;
  /** The command's result: printed as JSON (with `format_version`) with --json, else via `human`. */
  result(value: object, human: () => string): void;
  /** A line for people (stderr); silent with --json. */
  info(line: string): void;
  /** A line that matters in every mode (the target, overrides, waits): stderr, also with --json. */
  note(line: string): void;
  warn(line: string): void;
  error(line: string): void;
  /** Progress on long waits: rewritten in place on a TTY, one line per update otherwise (stderr). */
  progress(line: string): void;
  /**
   * With --json, when the command ends in an error and printed no result: the one JSON document on stdout that
   * describes it (`format_version`, `error.code`, `error.exit_code`, `error.message`). The human lines stay on
   * stderr. Without --json, or after a result was printed, nothing. `code`: `error.code` when not the exit code's
   * (an internal error; webhook-deliveries' finer codes).
   */
  errorDocument(exitCode: number, code?: string): void;
  color: Colors;
}

export interface OutputStreams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/**
 * Colour on or off: `--no-color` and `NO_COLOR` (any non-empty value) turn it off, `FORCE_COLOR` (non-empty,
 * not `0`) turns it on, else it follows whether the stream is a TTY. Never in JSON.
 */
export function colorEnabled(opts: { json: boolean; noColorFlag: boolean; env: NodeJS.ProcessEnv; isTTY: boolean }) {
  if (opts.json || opts.noColorFlag || (opts.env.NO_COLOR ?? "") !== "") return false;
  const force = opts.env.FORCE_COLOR;
  if (force !== undefined && force !== "" && force !== "0" && force !== "false") return true;
  return opts.isTTY;
}

/** The JSON document of a result: `format_version` first, then the command's fields. */
export function jsonDocument(value: object): object {
  return { format_version: FORMAT_VERSION, ...value };
}

export function createOutput(
  json: boolean,
  streams: OutputStreams = process,
  /** `errorLabel`: what starts an error line instead of `error:` (webhook-deliveries names itself). */
  opts: { noColor?: boolean; env?: NodeJS.ProcessEnv; errorLabel?: string } = {},
): Output {
  const tty = Boolean(streams.stderr.isTTY) && !json;
  const env = opts.env ?? process.env;
  const noColorFlag = Boolean(opts.noColor);
  const color = pc.createColors(colorEnabled({ json, noColorFlag, env, isTTY: Boolean(streams.stdout.isTTY) }));
  const errColor = pc.createColors(
    colorEnabled({ json: false, noColorFlag, env, isTTY: Boolean(streams.stderr.isTTY) }),
  );
  let progressShown = false;
  let resultWritten = false;
  const errors: string[] = [];
  const notesAfterError: string[] = [];
  const endProgress = () => {
    if (progressShown) streams.stderr.write("\n");
    progressShown = false;
  };
  const err = (line: string) => {
    endProgress();
    streams.stderr.write(`${line}\n`);
  };
  return {
    json,
    color,
    result(value, human) {
      endProgress();
      resultWritten = true;
      streams.stdout.write(json ? `${JSON.stringify(jsonDocument(value), null, 2)}\n` : `${human()}\n`);
    },
    info(line) {
      if (!json) err(line);
    },
    note: (line) => {
      if (errors.length > 0) notesAfterError.push(line);
      err(line);
    },
    warn: (line) => err(`${errColor.yellow("warning:")} ${line}`),
    error: (line) => {
      errors.push(line);
      err(opts.errorLabel ? `${opts.errorLabel}: ${line}` : `${errColor.red("error:")} ${line}`);
    },
    errorDocument(exitCode, code) {
      if (!json || resultWritten || exitCode === exitCodeOf("ok")) return;
      resultWritten = true;
      const error = {
        code: code ?? errorCodeOfExit(exitCode),
        exit_code: exitCode,
        message: errors.join("\n") || "the command failed",
        ...(notesAfterError.length > 0 ? { hint: notesAfterError.join("\n") } : {}),
      };
      streams.stdout.write(`${JSON.stringify(jsonDocument({ error }), null, 2)}\n`);
    },
    progress(line) {
      if (tty) {
        streams.stderr.write(`\r\x1b[2K${line}`);
        progressShown = true;
      } else {
        streams.stderr.write(`${line}\n`);
      }
    },
  };
}
