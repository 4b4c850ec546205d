// Drives the docs-index CLI in-process (runDocsIndex from src/cli/docs-index/in-process.ts) with the local
// environment's variables, capturing what it prints, so each step can show the CLI's own output.
import { runDocsIndex, type CapturedRun } from "../../src/cli/docs-index/in-process.js";

export async function docsIndex(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CapturedRun> {
  return runDocsIndex(args, env);
}

/** Parses the JSON a `--json` run printed on stdout; a clear error naming the command when it is not JSON. */
export function parseJson<T>(run: CapturedRun, command: string): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(
      `docs-index ${command} --json printed no JSON (exit ${run.code}): ${(run.stderr || run.stdout).trim().split("\n")[0] ?? ""}`,
    );
  }
}
