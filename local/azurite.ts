// Starts Azurite's blob service from the `azurite` dev dependency, in memory, on a free loopback port.
// Used by tests, benchmarks and the local environment. A development tool, never a product code path.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Azurite's well-known development account (public, documented by Azurite; not a secret). */
export const AZURITE_ACCOUNT_NAME = "devstoreaccount1";
export const AZURITE_ACCOUNT_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

export interface AzuriteOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Cap for in-memory blob content, in MB (Azurite's --extentMemoryLimit); default Azurite's own. */
  extentMemoryLimitMb?: number;
  /** Milliseconds to wait for Azurite to listen; default 30,000. */
  startTimeoutMs?: number;
}

export interface Azurite {
  /** e.g. http://127.0.0.1:43123/devstoreaccount1 */
  blobEndpoint: string;
  connectionString: string;
  accountName: string;
  process: ChildProcess;
  close(): Promise<void>;
}

const AZURITE_BLOB = fileURLToPath(new URL("../node_modules/azurite/dist/src/blob/main.js", import.meta.url));

export async function startAzurite(options: AzuriteOptions = {}): Promise<Azurite> {
  const host = options.host ?? "127.0.0.1";
  const args = [AZURITE_BLOB, "--inMemoryPersistence", "--blobHost", host, "--blobPort", String(options.port ?? 0), "--skipApiVersionCheck", "--loose"];
  if (options.extentMemoryLimitMb !== undefined) args.push("--extentMemoryLimit", String(options.extentMemoryLimitMb));
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });

  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`Azurite did not start within ${options.startTimeoutMs ?? 30_000} ms. Output:\n${output}`)), options.startTimeoutMs ?? 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /successfully listens on https?:\/\/[^:]+:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        resolve(Number(m[1]));
      }
    };
    function fail(err: Error) {
      clearTimeout(timer);
      child.kill();
      reject(err);
    }
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => fail(new Error(`Azurite exited with code ${code} before listening. Output:\n${output}`)));
    child.once("error", fail);
  });
  child.removeAllListeners("exit");
  // Keep draining output so a chatty Azurite never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();

  const blobEndpoint = `http://${host}:${port}/${AZURITE_ACCOUNT_NAME}`;
  return {
    blobEndpoint,
    connectionString: `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT_NAME};AccountKey=${AZURITE_ACCOUNT_KEY};BlobEndpoint=${blobEndpoint};`,
    accountName: AZURITE_ACCOUNT_NAME,
    process: child,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // Azurite's graceful shutdown waits for idle keep-alive connections; data is in memory anyway.
        const force = setTimeout(() => child.kill("SIGKILL"), 1000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
