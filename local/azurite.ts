// Starts Azurite (the `azurite` dev dependency) in memory on free loopback ports: the blob service and, when
// asked, the table service (the webhook's idempotency store) and the queue service (its delivery queue). Used by tests, benchmarks and `npm run local`.
// A development tool, never a product code path.
//
// Robustness: every service binds port 0 and reports the port the OS gave it (no pick-then-bind race);
// telemetry is disabled (Azurite otherwise phones home and writes a file into the working directory);
// access logs are off; each service is its own child process, killed on stop() and when this process exits.
//
// What Azurite 3.37 supports (checked against this version; others rely on these notes):
//   - Blob service properties: getProperties()/setProperties() work; a deleteRetentionPolicy set through
//     setProperties() is stored and read back.
//   - Soft delete: NOT emulated. A deleted blob is removed at once; listBlobsFlat({ includeDeleted: true })
//     accepts the flag but never returns deleted blobs, and undelete is not implemented. The stand-in's
//     indexer therefore emulates native soft-delete detection (local/search-standin/indexer/tracking.ts).
//   - Blob versioning: not supported (no version ids in listings); fine, spec C requires it off.
//   - Blob metadata, content type and Content-MD5 round-trip; last-modified has one-second resolution.
//   - Table service: create table, insert/get/upsert/delete entities and conditional inserts (409 on an
//     existing row key), which is what an idempotency store needs.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Azurite's well-known development account (public, documented by Azurite; not a secret). */
export const AZURITE_ACCOUNT_NAME = "devstoreaccount1";
export const AZURITE_ACCOUNT_KEY =
  "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

export interface AzuriteOptions {
  host?: string;
  /** Start the blob service (default true). */
  blob?: boolean;
  /** Start the table service (default false). */
  table?: boolean;
  /** Start the queue service (default false): the webhook's delivery queue. */
  queue?: boolean;
  /** Blob port; 0 (default) picks a free port. */
  port?: number;
  /** Table port; 0 (default) picks a free port. */
  tablePort?: number;
  /** Cap for in-memory blob content, in MB (Azurite's --extentMemoryLimit); default Azurite's own. */
  extentMemoryLimitMb?: number;
  /** Milliseconds to wait for each service to listen; default 30,000. */
  startTimeoutMs?: number;
}

export interface Azurite {
  /** e.g. http://127.0.0.1:43123/devstoreaccount1 (empty when the blob service was not started). */
  blobEndpoint: string;
  /** e.g. http://127.0.0.1:43124/devstoreaccount1 (undefined unless `table: true`). */
  tableEndpoint: string | undefined;
  /** e.g. http://127.0.0.1:43125/devstoreaccount1 (undefined unless `queue: true`). */
  queueEndpoint: string | undefined;
  /** Connection string naming every started service's endpoint (BlobEndpoint=...;TableEndpoint=...). */
  connectionString: string;
  accountName: string;
  /** The blob service's child process (or the table one when only the table service runs). */
  process: ChildProcess;
  /** Every child process started. */
  processes: ChildProcess[];
  /** Stops every service; resolves when all processes have exited (forced after one second). */
  close(): Promise<void>;
  /** Same as close(). */
  stop(): Promise<void>;
}

const AZURITE_BLOB = fileURLToPath(new URL("../node_modules/azurite/dist/src/blob/main.js", import.meta.url));
const AZURITE_QUEUE = fileURLToPath(new URL("../node_modules/azurite/dist/src/queue/main.js", import.meta.url));
const AZURITE_TABLE_DIR = fileURLToPath(new URL("../node_modules/azurite/dist/src/table/", import.meta.url));

// Azurite's table main prints the configured port (":0"), not the bound one, so the table service is started
// by this small CommonJS launcher that reports the address the server really listens on.
const TABLE_LAUNCHER = `
const dir = process.argv[1];
const host = process.argv[2];
const port = Number(process.argv[3]);
const TableConfiguration = require(dir + "TableConfiguration.js").default;
const TableServer = require(dir + "TableServer.js").default;
const config = new TableConfiguration(host, port, 5, "__azurite_db_table__.json", false, false, undefined, undefined, true, true, "", "", "", undefined, false, true);
const server = new TableServer(config);
const stop = () => server.close().then(() => process.exit(0), () => process.exit(0));
process.once("SIGTERM", stop).once("SIGINT", stop);
server.start().then(
  () => console.log("Azurite Table service successfully listens on " + server.getHttpServerAddress()),
  (err) => { console.error("Azurite Table service failed to start: " + err.message); process.exit(1); },
);
`;

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kills children left running if this process exits without calling stop() (e.g. a crashed test run). */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of live) child.kill("SIGKILL");
  });
}

function waitForListening(child: ChildProcess, service: string, timeoutMs: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => fail(new Error(`Azurite ${service} did not start within ${timeoutMs} ms. Output:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /successfully listens on https?:\/\/[^\s]*:(\d+)/.exec(output);
      if (m) {
        cleanup();
        resolve(Number(m[1]));
      }
    };
    const onExit = (code: number | null) =>
      fail(new Error(`Azurite ${service} exited with code ${code} before listening. Output:\n${output}`));
    const onErr = (chunk: Buffer) => (output += chunk.toString());
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stderr?.off("data", onErr);
      child.off("exit", onExit);
      child.off("error", fail);
      // Keep draining output so a chatty Azurite never blocks on a full pipe.
      child.stdout?.resume();
      child.stderr?.resume();
    }
    function fail(err: Error) {
      cleanup();
      child.kill("SIGKILL");
      reject(err);
    }
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onErr);
    child.once("exit", onExit);
    child.once("error", fail);
  });
}

function spawnChild(args: string[]): ChildProcess {
  installExitHook();
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  live.add(child);
  child.once("exit", () => live.delete(child));
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    // Azurite's graceful shutdown waits for idle keep-alive connections; data is in memory anyway.
    const force = setTimeout(() => child.kill("SIGKILL"), 1000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export async function startAzurite(options: AzuriteOptions = {}): Promise<Azurite> {
  const host = options.host ?? "127.0.0.1";
  const wantBlob = options.blob ?? true;
  const wantTable = options.table ?? false;
  const wantQueue = options.queue ?? false;
  if (!wantBlob && !wantTable && !wantQueue)
    throw new Error("startAzurite: ask for at least one of blob, table and queue");
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const started: ChildProcess[] = [];

  const startBlob = async (): Promise<{ child: ChildProcess; port: number }> => {
    const args = [
      AZURITE_BLOB,
      "--inMemoryPersistence",
      "--blobHost",
      host,
      "--blobPort",
      String(options.port ?? 0),
      "--skipApiVersionCheck",
      "--loose",
      "--silent",
      "--disableTelemetry",
    ];
    if (options.extentMemoryLimitMb !== undefined)
      args.push("--extentMemoryLimit", String(options.extentMemoryLimitMb));
    const child = spawnChild(args);
    started.push(child);
    return { child, port: await waitForListening(child, "blob service", timeoutMs) };
  };
  const startTable = async (): Promise<{ child: ChildProcess; port: number }> => {
    const child = spawnChild(["-e", TABLE_LAUNCHER, AZURITE_TABLE_DIR, host, String(options.tablePort ?? 0)]);
    started.push(child);
    return { child, port: await waitForListening(child, "table service", timeoutMs) };
  };

  // Azurite's queue main reports the bound port itself.
  const startQueue = async (): Promise<{ child: ChildProcess; port: number }> => {
    const child = spawnChild([
      AZURITE_QUEUE,
      "--inMemoryPersistence",
      "--queueHost",
      host,
      "--queuePort",
      "0",
      "--skipApiVersionCheck",
      "--loose",
      "--silent",
      "--disableTelemetry",
    ]);
    started.push(child);
    return { child, port: await waitForListening(child, "queue service", timeoutMs) };
  };

  let blob: { child: ChildProcess; port: number } | undefined;
  let table: { child: ChildProcess; port: number } | undefined;
  let queue: { child: ChildProcess; port: number } | undefined;
  try {
    [blob, table, queue] = await Promise.all([
      wantBlob ? startBlob() : undefined,
      wantTable ? startTable() : undefined,
      wantQueue ? startQueue() : undefined,
    ]);
  } catch (err) {
    await Promise.all(started.map(stopChild));
    throw err;
  }

  const blobEndpoint = blob ? `http://${host}:${blob.port}/${AZURITE_ACCOUNT_NAME}` : "";
  const tableEndpoint = table ? `http://${host}:${table.port}/${AZURITE_ACCOUNT_NAME}` : undefined;
  const queueEndpoint = queue ? `http://${host}:${queue.port}/${AZURITE_ACCOUNT_NAME}` : undefined;
  const connectionString =
    `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT_NAME};AccountKey=${AZURITE_ACCOUNT_KEY};` +
    (blob ? `BlobEndpoint=${blobEndpoint};` : "") +
    (tableEndpoint ? `TableEndpoint=${tableEndpoint};` : "") +
    (queueEndpoint ? `QueueEndpoint=${queueEndpoint};` : "");
  const processes = [blob?.child, table?.child, queue?.child].filter((c): c is ChildProcess => c !== undefined);
  const close = async () => {
    await Promise.all(processes.map(stopChild));
  };
  return {
    blobEndpoint,
    tableEndpoint,
    queueEndpoint,
    connectionString,
    accountName: AZURITE_ACCOUNT_NAME,
    process: processes[0]!,
    processes,
    close,
    stop: close,
  };
}
