// Drives the docs-index CLI in-process (runCli from src/cli/docs-index/program.ts) with the local
// environment's variables, capturing what it prints, so each step can show the CLI's own output.
import { Writable } from "node:stream";
import { runCli } from "../../src/cli/docs-index/program.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function sink(): { stream: Writable; text: () => string } {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return { stream, text: () => text };
}

export async function docsIndex(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> {
  const out = sink();
  const err = sink();
  const code = await runCli(["node", "docs-index", ...args], env, { stdout: out.stream, stderr: err.stream });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** `docs-index <name> --help` prints the command's own usage only when the command is registered. */
export async function hasCommand(env: NodeJS.ProcessEnv, name: string): Promise<boolean> {
  const run = await docsIndex(env, name, "--help");
  return run.code === 0 && run.stdout.startsWith(`Usage: docs-index ${name} `);
}

/** Parses the JSON a `--json` run printed on stdout; a clear error naming the command when it is not JSON. */
export function parseJson<T>(run: CliRun, command: string): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`docs-index ${command} --json printed no JSON (exit ${run.code}): ${(run.stderr || run.stdout).trim().split("\n")[0] ?? ""}`);
  }
}
