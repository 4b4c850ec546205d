// startAzuriteProcess(): Azurite in a child process of its own, for benchmarks. A benchmark measures the CPU time,
// memory or latency of its own process (the stand-in, the receiver); with the emulator in that process its work
// would be counted too, and the two would share one event loop as they never do in Azure. The child runs
// startAzurite() (local/azurite.ts) and reports its endpoints over IPC; stop() ends it (SIGKILL after one second),
// and so does this process's exit.
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Azurite, AzuriteOptions } from "./azurite.js";

export interface AzuriteProcess extends Azurite {
  /** The child process running the emulator (its pid for /proc figures, pinning). */
  process: ChildProcess;
}

/** What the child sends once its services listen (Azurite minus its functions). */
type AzuriteEndpoints = Pick<
  Azurite,
  "blobEndpoint" | "tableEndpoint" | "queueEndpoint" | "connectionString" | "accountName"
>;

const CHILD = fileURLToPath(new URL("./azurite-process-child.mjs", import.meta.url));
// The child is JavaScript importing local/azurite.ts, which Node runs with its type stripping (on by default from
// Node 22.18; the flag for 22.12 to 22.17). Never tsx, even when this process runs under it (its hooks make loading
// Azurite cost about twice the CPU), so execArgv is set rather than inherited.
const CHILD_EXEC_ARGV = [
  ...(process.features.typescript ? [] : ["--experimental-strip-types"]),
  "--disable-warning=ExperimentalWarning",
];
const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

export function startAzuriteProcess(options: AzuriteOptions = {}): Promise<AzuriteProcess> {
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const child = fork(CHILD, [JSON.stringify(options)], { execArgv: CHILD_EXEC_ARGV, stdio: "pipe" });
  live.add(child);
  child.once("exit", () => live.delete(child));
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  child.stdout?.resume();

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill("SIGKILL"), 1000);
      child.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      child.kill("SIGTERM");
    });

  return new Promise<AzuriteProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`Azurite (child process) did not start within ${timeoutMs} ms. Output:\n${stderr}`));
    }, timeoutMs);
    child.once("message", (endpoints: AzuriteEndpoints) => {
      clearTimeout(timer);
      resolve({ ...endpoints, process: child, close: stop, stop });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Azurite (child process) exited with code ${code} before listening. Output:\n${stderr}`));
    });
  });
}
