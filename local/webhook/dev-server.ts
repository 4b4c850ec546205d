// The local adapter (Functions Core Tools cannot be installed here): node:http -> HttpRequest -> the registered
// handler -> response. Routes come from the same mapWebhookEndpoints() call the Functions entry point makes, under
// the same "api" prefix, so an unregistered route answers 404 here as it does in the host. With a queue configured
// it also runs the queue-triggered function the way the host does (queue-host.ts), and the retention timer's
// work on demand (runRetention). Local only: it imports the receiver (webhook/src), never the other way round, and
// is not part of the deployed package.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type {
  HttpFunctionOptions,
  HttpHandler,
  LogHandler,
  HttpResponseInit,
  HttpRequest as HttpRequestType,
  HttpResponse as HttpResponseType,
} from "@azure/functions";
import { AdapterContext, AdapterRequest, resolveTarget } from "./adapter-request.js";
import { HttpResponse } from "../../webhook/src/functions.js";
import { mapWebhookEndpoints, ROUTE_PREFIX, type HttpRegistrar } from "../../webhook/src/endpoints.js";
import { createWebhookHandler } from "../../webhook/src/http-function.js";
import { MAX_BODY_BYTES } from "../../webhook/src/pipeline/request-checks.js";
import type { IdempotencyStore } from "../../webhook/src/idempotency/store.js";
import { discardLogs, type LogSink } from "../../webhook/src/log.js";
import { PROBLEM_TYPES, problemResponse } from "../../webhook/src/problem.js";
import { purgeExpiredRecords, type RetentionResult } from "../../webhook/src/idempotency/retention.js";
import { createDeliveryConsumer } from "../../webhook/src/queue/consumer.js";
import { DEFAULT_BATCH_SIZE, DEFAULT_MAX_POLLING_INTERVAL, timeSpanMs } from "../../webhook/src/queue/host-settings.js";
import { startLocalQueueHost, type LocalQueueHost } from "./queue-host.js";
import type { StorageDeliveryQueue } from "../../webhook/src/queue/storage-queue.js";
import { buildWebhookDeps, describeRuntime, type RuntimeOverrides } from "../../webhook/src/runtime.js";
import { loadSettings, type Settings } from "../../webhook/src/settings.js";
import { chooseTraceparent } from "../../webhook/src/trace.js";

export interface DevServerOptions {
  /** Default 7071; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Environment the settings are read from (default process.env); ignored when `settings` is given. */
  env?: NodeJS.ProcessEnv;
  settings?: Settings;
  /** An idempotency store instance (overrides IDEMPOTENCY_STORE). */
  store?: IdempotencyStore;
  /** Where log lines go; default: info to stdout, warnings and errors to stderr. `quiet` drops them. */
  logSink?: LogSink;
  quiet?: boolean;
  /** Further overrides (credential, fetch, retry policy, downstream timeout). */
  overrides?: RuntimeOverrides;
  /** The endpoint registration to serve (default mapWebhookEndpoints); a no-op shows the unregistered 404. */
  register?: (target: HttpRegistrar, handler: HttpHandler) => void;
  /** Run the queue consumer in this process when a queue is configured (default true). */
  consumeQueue?: boolean;
  /** Longest wait between polls of an empty queue (default host.json's maxPollingInterval). */
  maxPollingIntervalMs?: number;
}

export interface DevServer {
  /** e.g. http://127.0.0.1:7071/api/webhooks */
  url: string;
  /** e.g. http://127.0.0.1:7071 */
  origin: string;
  store: IdempotencyStore;
  settings: Settings;
  /** What this configuration does (store, dry run, JWT), as printed at start-up. */
  description: string[];
  /** The delivery queue, when one is configured. */
  queue?: StorageDeliveryQueue;
  /** The local queue listener, when the queue is consumed here. */
  queueHost?: LocalQueueHost;
  /** Runs the retention timer's work once. */
  runRetention(now?: Date): Promise<RetentionResult>;
  close(): Promise<void>;
}

interface Route {
  name: string;
  methods: Set<string>;
  handler: HttpHandler;
}

const consoleSink: LogSink = (level, line) =>
  (level === "warn" || level === "error" ? process.stderr : process.stdout).write(`${line}\n`);

/** Reads at most `limit` + 1 bytes, then calls `done`; the rest of an oversized body is discarded (the handler answers 413). */
function readBody(
  req: IncomingMessage,
  limit: number,
  done: (bytes: Buffer, truncated: boolean) => void,
  fail: (err: Error) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  req.on("data", (chunk: Buffer) => {
    if (truncated) return;
    size += chunk.length;
    chunks.push(chunk);
    if (size > limit) truncated = true;
  });
  req.on("end", () =>
    done((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).subarray(0, limit + 1), truncated),
  );
  req.on("error", fail);
}

/** Methods the Functions host (and the Fetch API) refuse; they never reach a handler. */
const REFUSED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

function hasContentType(headers: Record<string, string>): boolean {
  return "content-type" in headers || Object.keys(headers).some((h) => h.toLowerCase() === "content-type");
}

/** Writes a Functions HttpResponse (a web Response, so its body is read first). */
async function sendWebResponse(
  res: ServerResponse,
  method: string,
  result: HttpResponseType,
  close: boolean,
): Promise<void> {
  const headers: Record<string, string> = {};
  result.headers.forEach((v, k) => (headers[k] = v));
  write(res, method, { status: result.status, headers, body: Buffer.from(await result.arrayBuffer()) }, close);
}

function write(res: ServerResponse, method: string, result: HttpResponseInit, close: boolean): void {
  const status = result.status ?? 200;
  const headers: Record<string, string> = { ...(result.headers as Record<string, string> | undefined) };
  // A string body goes out in one write with the header block; a Buffer would be a chunk of its own (writev).
  let body: string | Uint8Array;
  if (result.jsonBody !== undefined) {
    body = JSON.stringify(result.jsonBody);
    if (!hasContentType(headers)) headers["content-type"] = "application/json";
  } else body = typeof result.body === "string" || result.body instanceof Uint8Array ? result.body : "";
  headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
  if (close) headers.connection = "close";
  res.writeHead(status, headers);
  res.end(method === "HEAD" ? undefined : body);
}

export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const settings = options.settings ?? loadSettings(options.env ?? process.env);
  const logSink: LogSink = options.quiet ? discardLogs : (options.logSink ?? consoleSink);
  const deps = buildWebhookDeps(settings, {
    ...options.overrides,
    store: options.store ?? options.overrides?.store,
    logSink,
  });
  const handler = createWebhookHandler(deps);
  const p = settings.processing;
  let queueHost: LocalQueueHost | undefined;
  if (deps.queue && p.kind === "queue" && options.consumeQueue !== false) {
    await deps.queue.ensureQueues();
    queueHost = startLocalQueueHost({
      queue: deps.queue.client,
      poison: deps.queue.poison,
      consume: createDeliveryConsumer(deps.consumer),
      maxDequeueCount: p.maxDequeueCount,
      visibilityTimeoutMs: p.visibilityTimeoutMs,
      batchSize: DEFAULT_BATCH_SIZE,
      maxPollingIntervalMs: options.maxPollingIntervalMs ?? timeSpanMs(DEFAULT_MAX_POLLING_INTERVAL),
      logSink,
    });
  }

  const routes = new Map<string, Route>();
  const collector: HttpRegistrar = {
    http(name: string, fnOptions: HttpFunctionOptions) {
      const path = `/${ROUTE_PREFIX}/${fnOptions.route ?? name}`.toLowerCase();
      routes.set(path, { name, methods: new Set(fnOptions.methods ?? ["GET", "POST"]), handler: fnOptions.handler });
    },
  };
  (options.register ?? mapWebhookEndpoints)(collector, handler);

  const logHandler: LogHandler = (level, ...args) =>
    logSink(
      level === "warning" ? "warn" : level === "error" || level === "critical" ? "error" : "info",
      args.map(String).join(" "),
    );

  const findRoute = (pathname: string) =>
    routes.get(pathname) ?? routes.get(pathname.replace(/\/+$/, "").toLowerCase());

  // The host answers these itself: 404 for a route (or method) no function registered (spec A: the mapping was
  // not registered), 405 for methods it never hands to a function.
  function refuse(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    pathname: string,
    status: 404 | 405,
  ): void {
    req.resume();
    const ctx = {
      instance: pathname,
      requestId: randomUUID(),
      traceId: chooseTraceparent(req.headers.traceparent as string | undefined),
    };
    const problem =
      status === 404
        ? problemResponse(ctx, 404, PROBLEM_TYPES.notFound, `No function is registered for ${method} ${pathname}.`)
        : problemResponse(
            ctx,
            405,
            PROBLEM_TYPES.methodNotAllowed,
            `${method} is not supported; deliver webhooks with POST.`,
            { headers: { allow: "POST" } },
          );
    // Logged like every other rejection (the host logs its own 404s in Azure).
    logSink(
      "warn",
      JSON.stringify({
        level: "warn",
        msg: "delivery rejected",
        status,
        type: problem.jsonBody.type,
        reason: problem.jsonBody.detail,
        requestId: ctx.requestId,
        traceId: ctx.traceId,
      }),
    );
    write(res, method, problem, false);
  }

  function fail(res: ServerResponse, err: unknown): void {
    logSink(
      "error",
      JSON.stringify({ level: "error", msg: "dev server adapter failed", error: (err as Error)?.message }),
    );
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/problem+json" });
    res.end(
      JSON.stringify({
        type: PROBLEM_TYPES.internal,
        title: "Internal Server Error",
        status: 500,
        detail: "The local adapter failed.",
      }),
    );
  }

  /** Hands the buffered request to its function and writes the result. */
  async function dispatch(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    href: string,
    route: Route,
    bytes: Buffer,
    truncated: boolean,
  ): Promise<void> {
    // GET and HEAD carry no body, as in the host.
    const request = new AdapterRequest(
      method,
      href,
      req.headers,
      method === "GET" || method === "HEAD" ? Buffer.alloc(0) : bytes,
    );
    const context = new AdapterContext(
      randomUUID(),
      route.name,
      req.headers.traceparent as string | undefined,
      logHandler,
    );
    const result = await route.handler(request as unknown as HttpRequestType, context.asInvocationContext());
    if (result instanceof HttpResponse) await sendWebResponse(res, method, result, truncated);
    else write(res, method, result ?? { status: 204 }, truncated);
  }

  const server = createServer((req, res) => {
    try {
      const method = (req.method ?? "GET").toUpperCase();
      const { href, pathname } = resolveTarget(req.url ?? "/", req.headers.host);
      const route = findRoute(pathname);
      if (!route || !route.methods.has(method)) return refuse(req, res, method, pathname, 404);
      if (REFUSED_METHODS.has(method)) return refuse(req, res, method, pathname, 405);
      readBody(
        req,
        MAX_BODY_BYTES,
        (bytes, truncated) =>
          dispatch(req, res, method, href, route, bytes, truncated).catch((err: unknown) => fail(res, err)),
        (err) => fail(res, err),
      );
    } catch (err) {
      fail(res, err);
    }
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", (err) => void queueHost?.stop().finally(() => reject(err)));
    server.listen(options.port ?? 7071, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const origin = `http://${host}:${address.port}`;
  return {
    url: `${origin}/${ROUTE_PREFIX}/webhooks`,
    origin,
    store: deps.store,
    settings,
    description: options.store
      ? [
          `idempotency store: ${options.store.kind} (instance given to the dev server)`,
          ...describeRuntime(settings).slice(1),
        ]
      : describeRuntime(settings),
    queue: deps.queue,
    queueHost,
    runRetention: (now) => purgeExpiredRecords(deps.store, { retentionDays: settings.retentionDays, now }),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await handler.drain?.();
      await queueHost?.stop();
    },
  };
}
