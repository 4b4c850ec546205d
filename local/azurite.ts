// Starts Azurite (the `azurite` dev dependency) in memory on free loopback ports: the blob service and, when
// asked, the table service (the webhook's idempotency store) and the queue service (its delivery queue). Used by tests,
// benchmarks and `npm run local`.
// A development tool, never a product code path.
//
// In process: Azurite's server classes run in this process, each instance with its own in-memory metadata and
// content store, so every startAzurite() is a fresh, empty account. Starting a service costs a few milliseconds
// once Azurite's modules are loaded (loaded lazily, on the first start); as child processes each start cost a
// second or more of CPU, which made Azurite the largest single cost of the test suite. Benchmarks, whose figures
// must not count the emulator's CPU and memory as the caller's, use startAzuriteProcess() (local/azurite-process.ts):
// the same servers in a child process of their own.
// Robustness: every service binds port 0 and reads back the port the OS gave it (no pick-then-bind race);
// telemetry is never started (Azurite's CLI entry points start it; its server classes do not); access and
// debug logs are off; stop() closes every server and its open connections.
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
import type { Server } from "node:http";
import nodeModule, { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

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
  /** Cap for in-memory blob and queue content, in MB (Azurite's --extentMemoryLimit); default 512 MB. */
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
  /** Stops every service and closes its connections; resolves when all are closed (forced after one second). */
  close(): Promise<void>;
  /** Same as close(). */
  stop(): Promise<void>;
}

/** What this module uses of an Azurite server instance (BlobServer, QueueServer, TableServer). */
interface AzuriteServer {
  start(): Promise<void>;
  close(): Promise<void>;
  getHttpServerAddress(): string;
  /** The node:http server underneath (wrapped by `stoppable`); closed hard on stop(). */
  httpServer: Server;
}
type ServerClass = new (config: unknown) => AzuriteServer;
type ConfigClass = new (...args: unknown[]) => unknown;

const AZURITE_DIST = fileURLToPath(new URL("../node_modules/azurite/dist/src/", import.meta.url));
const DEFAULT_EXTENT_MEMORY_LIMIT_MB = 512;

/**
 * Azurite's telemetry client (common/Telemetry.js) requires the Application Insights SDK when it loads: about 3,000
 * modules (OpenTelemetry and its exporters), nine tenths of the CPU of loading Azurite. It uses that SDK only when
 * telemetry is initialised, which only Azurite's CLI entry points do, so while the server classes load, that one
 * require gets an empty module instead (local/azurite-telemetry-off.cjs). Node before 22.15 has no registerHooks:
 * there the SDK loads as before.
 */
function withoutTelemetrySdk<T>(load: () => T): T {
  const telemetry = pathToFileURL(AZURITE_DIST + "common/Telemetry.js").href;
  const off = new URL("./azurite-telemetry-off.cjs", import.meta.url).href;
  const hooks = nodeModule.registerHooks?.({
    resolve: (specifier, context, nextResolve) =>
      specifier === "applicationinsights" && context.parentURL === telemetry
        ? { url: off, format: "commonjs", shortCircuit: true }
        : nextResolve(specifier, context),
  });
  try {
    return load();
  } finally {
    hooks?.deregister();
  }
}

/** Azurite's server and configuration classes, loaded on first use (a few hundred ms of module loading). */
let classes:
  | {
      BlobServer: ServerClass;
      BlobConfiguration: ConfigClass;
      QueueServer: ServerClass;
      QueueConfiguration: ConfigClass;
      TableServer: ServerClass;
      TableConfiguration: ConfigClass;
      MemoryExtentChunkStore: new (limitBytes: number) => unknown;
    }
  | undefined;
function azuriteClasses(): NonNullable<typeof classes> {
  if (classes) return classes;
  const require = createRequire(import.meta.url);
  const load = (file: string) => require(AZURITE_DIST + file) as Record<string, unknown>;
  classes = withoutTelemetrySdk(() => ({
    BlobServer: load("blob/BlobServer.js").default as ServerClass,
    BlobConfiguration: load("blob/BlobConfiguration.js").default as ConfigClass,
    QueueServer: load("queue/QueueServer.js").default as ServerClass,
    QueueConfiguration: load("queue/QueueConfiguration.js").default as ConfigClass,
    TableServer: load("table/TableServer.js").default as ServerClass,
    TableConfiguration: load("table/TableConfiguration.js").default as ConfigClass,
    MemoryExtentChunkStore: load("common/persistence/MemoryExtentStore.js").MemoryExtentChunkStore as new (
      limitBytes: number,
    ) => unknown,
  }));
  return classes;
}

// Positional arguments of Azurite 3.37's configuration constructors (BlobConfiguration and QueueConfiguration
// share one order; TableConfiguration has its own). Named here so a version bump that reorders them is one place
// to fix; the azurite tests fail loudly if it does.
function blobOrQueueConfig(Config: ConfigClass, host: string, port: number, name: string, chunkStore: unknown) {
  const keepAliveTimeoutS = 5;
  return new Config(
    host,
    port,
    keepAliveTimeoutS,
    `__azurite_${name}_metadata__.json`, // Loki database names; in memory, never written
    `__azurite_${name}_extent__.json`,
    [], // no persistence locations: content lives in chunkStore
    false, // access log
    undefined,
    false, // debug log
    undefined,
    true, // loose
    true, // skipApiVersionCheck
    "",
    "",
    "",
    undefined, // OAuth off
    false, // disableProductStyleUrl
    true, // in-memory persistence
    chunkStore,
  );
}
function tableConfig(Config: ConfigClass, host: string, port: number) {
  const keepAliveTimeoutS = 5;
  return new Config(
    host,
    port,
    keepAliveTimeoutS,
    "__azurite_table__.json",
    false, // debug log
    false, // access log
    undefined,
    undefined,
    true, // loose
    true, // skipApiVersionCheck
    "",
    "",
    "",
    undefined, // OAuth off
    false, // disableProductStyleUrl
    true, // in-memory persistence
  );
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Azurite ${what} did not start within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Closes one server; Azurite's graceful close waits for keep-alive connections, so they are closed after 1 s. */
async function stopServer(server: AzuriteServer): Promise<void> {
  const force = setTimeout(() => server.httpServer.closeAllConnections(), 1000);
  try {
    await server.close().catch(() => undefined); // already closed: nothing to do
    server.httpServer.closeIdleConnections();
  } finally {
    clearTimeout(force);
  }
}

function portOf(server: AzuriteServer): number {
  const m = /:(\d+)$/.exec(server.getHttpServerAddress());
  if (!m) throw new Error(`Azurite reported no listening address (${server.getHttpServerAddress()})`);
  return Number(m[1]);
}

export async function startAzurite(options: AzuriteOptions = {}): Promise<Azurite> {
  const host = options.host ?? "127.0.0.1";
  const wantBlob = options.blob ?? true;
  const wantTable = options.table ?? false;
  const wantQueue = options.queue ?? false;
  if (!wantBlob && !wantTable && !wantQueue)
    throw new Error("startAzurite: ask for at least one of blob, table and queue");
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const limitBytes = (options.extentMemoryLimitMb ?? DEFAULT_EXTENT_MEMORY_LIMIT_MB) * 1024 * 1024;
  const c = azuriteClasses();
  const started: AzuriteServer[] = [];

  const start = async (server: AzuriteServer, what: string): Promise<number> => {
    started.push(server);
    await withTimeout(server.start(), timeoutMs, what);
    return portOf(server);
  };
  let ports: [number | undefined, number | undefined, number | undefined];
  try {
    ports = await Promise.all([
      wantBlob
        ? start(
            new c.BlobServer(
              blobOrQueueConfig(
                c.BlobConfiguration,
                host,
                options.port ?? 0,
                "blob",
                new c.MemoryExtentChunkStore(limitBytes),
              ),
            ),
            "blob service",
          )
        : undefined,
      wantTable
        ? start(new c.TableServer(tableConfig(c.TableConfiguration, host, options.tablePort ?? 0)), "table service")
        : undefined,
      wantQueue
        ? start(
            new c.QueueServer(
              blobOrQueueConfig(c.QueueConfiguration, host, 0, "queue", new c.MemoryExtentChunkStore(limitBytes)),
            ),
            "queue service",
          )
        : undefined,
    ]);
  } catch (err) {
    await Promise.all(started.map(stopServer));
    throw err;
  }
  const [blobPort, tablePort, queuePort] = ports;

  const blobEndpoint = blobPort ? `http://${host}:${blobPort}/${AZURITE_ACCOUNT_NAME}` : "";
  const tableEndpoint = tablePort ? `http://${host}:${tablePort}/${AZURITE_ACCOUNT_NAME}` : undefined;
  const queueEndpoint = queuePort ? `http://${host}:${queuePort}/${AZURITE_ACCOUNT_NAME}` : undefined;
  const connectionString =
    `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT_NAME};AccountKey=${AZURITE_ACCOUNT_KEY};` +
    (blobEndpoint ? `BlobEndpoint=${blobEndpoint};` : "") +
    (tableEndpoint ? `TableEndpoint=${tableEndpoint};` : "") +
    (queueEndpoint ? `QueueEndpoint=${queueEndpoint};` : "");
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= Promise.all(started.map(stopServer)).then(() => undefined));
  return {
    blobEndpoint,
    tableEndpoint,
    queueEndpoint,
    connectionString,
    accountName: AZURITE_ACCOUNT_NAME,
    close,
    stop: close,
  };
}
