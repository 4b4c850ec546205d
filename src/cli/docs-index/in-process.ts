// Runs docs-index inside this process and captures what it prints: the local environment drives the CLI this
// way, and so do the tests (faster than a child process, and the exit code comes back as a value).
import { Writable } from "node:stream";
import { runCli, type RunOptions } from "./program.js";

export interface TextSink {
  stream: Writable;
  text(): string;
}

/** A writable stream that keeps everything written to it as text. */
export function textSink(): TextSink {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      text += String(chunk);
      callback();
    },
  });
  return { stream, text: () => text };
}

export interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `docs-index <args…>` with `env` as its environment; returns the exit code and both outputs. */
export async function runDocsIndex(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  options: Omit<RunOptions, "env" | "streams"> = {},
): Promise<CapturedRun> {
  const out = textSink();
  const err = textSink();
  const code = await runCli(["node", "docs-index", ...args], {
    ...options,
    env,
    streams: { stdout: out.stream, stderr: err.stream },
  });
  return { code, stdout: out.text(), stderr: err.text() };
}
