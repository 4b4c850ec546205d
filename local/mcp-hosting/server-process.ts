// Starts `docs-index mcp --http` (or the built hosted package) as its own process and waits until it serves:
// for the stateless demonstrations of `npm run local`, the tests and bench:mcp. Local tooling only.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { repoRoot } from "../../src/config/repo-root.js";

const DOCS_INDEX_BIN = path.join(repoRoot, "dist", "cli", "docs-index.js");

export interface ServerProcess {
  /** The MCP endpoint, e.g. http://127.0.0.1:41234/mcp. */
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns a process and resolves when its stderr names the URL it serves on (or rejects when it exits first). */
export async function startServerProcess(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; servingLine?: RegExp; timeoutMs?: number },
): Promise<ServerProcess> {
  const servingLine = options.servingLine ?? /serving Streamable HTTP(?: \(stateless\))? on (\S+)/;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const child = spawn(command, args, { env: options.env, cwd: options.cwd, stdio: ["ignore", "ignore", "pipe"] });
  const url = await new Promise<string>((resolve, reject) => {
    let err = "";
    const timer = setTimeout(
      () => reject(new Error(`${args.join(" ")}: not serving after ${timeoutMs} ms: ${err}`)),
      timeoutMs,
    );
    child.stderr!.on("data", (c: Buffer) => {
      err += c.toString();
      const found = servingLine.exec(err);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(" ")} exited ${code}: ${err}`));
    });
  });
  child.stderr!.resume();
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** `docs-index mcp --http --stateless` on a free loopback port. */
export function startStatelessDocsIndex(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  return startServerProcess(process.execPath, [DOCS_INDEX_BIN, "mcp", "--http", "--stateless", "--port", "0"], {
    env,
  });
}
