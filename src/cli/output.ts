// One writer for every command: results go to stdout (JSON with --json), progress and diagnostics to stderr,
// so `--json` output can always be piped to jq.
import pc from "picocolors";

type Colors = ReturnType<typeof pc.createColors>;

export interface Output {
  readonly json: boolean;
  /** The command's result: printed as JSON with --json, else via `human`. */
  result(value: unknown, human: () => string): void;
  /** A line for people (stderr); silent with --json unless it is a warning or an error. */
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
  /** Progress on long waits: rewritten in place on a TTY, one line per update otherwise. */
  progress(line: string): void;
  color: Colors;
}

export interface OutputStreams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export function createOutput(json: boolean, streams: OutputStreams = process): Output {
  const tty = Boolean(streams.stderr.isTTY) && !json;
  const color = pc.createColors(Boolean(streams.stdout.isTTY) && !json && !process.env.NO_COLOR);
  let progressShown = false;
  const endProgress = () => {
    if (progressShown) streams.stderr.write("\n");
    progressShown = false;
  };
  return {
    json,
    color,
    result(value, human) {
      endProgress();
      streams.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
    },
    info(line) {
      if (json) return;
      endProgress();
      streams.stderr.write(`${line}\n`);
    },
    warn(line) {
      endProgress();
      streams.stderr.write(`${color.yellow("warning:")} ${line}\n`);
    },
    error(line) {
      endProgress();
      streams.stderr.write(`${color.red("error:")} ${line}\n`);
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
