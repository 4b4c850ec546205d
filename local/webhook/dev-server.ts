// The local host (Functions Core Tools cannot be installed here): node:http -> the receiver's core handler ->
// response, as the Functions binding (webhook/src/functions-binding.ts) does in Azure: it hands the core a
// WebhookRequest and an Invocation of its own (adapter-request.ts), no faked InvocationContext. Routes come from
// the same mapWebhookEndpoints() call the Functions entry point makes, under the same "api" prefix, so an
// unregistered route answers 404 here as it does in the host. With a queue configured it also runs the
// queue-triggered function the way the host does (queue-host.ts), and the retention timer's work on demand
// (runRetention). Local only: it imports the receiver (webhook/src), never the other way round, and is not part of
// the deployed package.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AdapterRequest, localInvocation, resolveTarget } from "./adapter-request.js";
import { mapWebhookEndpoints, ROUTE_PREFIX, type HttpRegistrar } from "../../webhook/src/endpoints.js";
import { createWebhookHandler, type WebhookHandler } from "../../webhook/src/http-function.js";
import { MAX_BODY_BYTES } from "../../webhook/src/pipeline/request-checks.js";
import type { WebhookResponse } from "../../webhook/src/pipeline/respond.js";
import type { IdempotencyStore } from "../../webhook/src/idempotency/store.js";
import { discardLogs, type LogSink } from "../../webhook/src/log.js";
import { PROBLEM_TYPES, problemResponse } from "../../webhook/src/problem.js";
import { purgeExpiredRecords, type RetentionResult } from "../../webhook/src/idempotency/retention.js";
import { createDeliveryConsumer } from "../../webhook/src/queue/consumer.js";
import { DEFAULT_BATCH_SIZE, DEFAULT_MAX_POLLING_INTERVAL, timeSpanMs } from "../../webhook/src/queue/host-settings.js";
import { startLocalQueueHost, type LocalQueueHost } from "./queue-host.js";
import type { StorageDeliveryQueue } from "../../webhook/src/queue/storage-queue.js";
import {
  buildWebhookDeps,
  describeRuntime,
  type RuntimeDeps,
  type RuntimeOverrides,
} from "../../webhook/src/runtime.js";
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
  register?: (target: HttpRegistrar<WebhookHandler>, handler: WebhookHandler) => void;
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
  handler: WebhookHandler;
}

const consoleSink: LogSink = (level, line) =>
  (level === "warn" || level === "error" ? process.stderr : process.stdout).write(`${line}\n`);

/** Reads at most `limit` + 1 bytes; the rest of an oversized body is discarded (the handler answers 413). */
function readBody(req: IncomingMessage, limit: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
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
      resolve({
        bytes: (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).subarray(0, limit + 1),
        truncated,
      }),
    );
    req.on("error", reject);
  });
}

/** Methods the Functions host (and the Fetch API) refuse; they never reach a handler. */
const REFUSED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

function hasContentType(headers: Record<string, string>): boolean {
  return "content-type" in headers || Object.keys(headers).some((h) => h.toLowerCase() === "content-type");
}

/** Writes the core's answer, or the host's own 404/405 problem: one write with the header block. */
function write(res: ServerResponse, method: string, result: WebhookResponse, close: boolean): void {
  const headers: Record<string, string> = { ...result.headers };
  const body = JSON.stringify(result.jsonBody);
  if (!hasContentType(headers)) headers["content-type"] = "application/json";
  headers["content-length"] = String(Buffer.byteLength(body));
  if (close) headers.connection = "close";
  res.writeHead(result.status, headers);
  res.end(method === "HEAD" ? undefined : body);
}

/** The host answers these itself: 404 for a route (or method) no function registered (spec A: the mapping was
 * not registered), 405 for methods it never hands to a function. Logged like every other rejection. */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  logSink: LogSink,
  refusal: { method: string; pathname: string; status: 404 | 405 },
): void {
  const { method, pathname, status } = refusal;
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
          {
            headers: { allow: "POST" },
          },
        );
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

/** The local host itself failed (not the receiver, which answers its own errors): a 500 problem. */
function fail(res: ServerResponse, logSink: LogSink, err: unknown): void {
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

/** The routes a registration declares, by lower-case path under the "api" prefix. */
function collectRoutes(
  register: NonNullable<DevServerOptions["register"]>,
  handler: WebhookHandler,
): Map<string, Route> {
  const routes = new Map<string, Route>();
  register(
    {
      http(name, fnOptions) {
        const path = `/${ROUTE_PREFIX}/${fnOptions.route ?? name}`.toLowerCase();
        routes.set(path, { name, methods: new Set(fnOptions.methods), handler: fnOptions.handler });
      },
    },
    handler,
  );
  return routes;
}

/** node:http's listener: route, buffer the body, hand it to the core with a local invocation, write the answer. */
function requestListener(routes: Map<string, Route>, logSink: LogSink): RequestListener {
  const findRoute = (pathname: string) =>
    routes.get(pathname) ?? routes.get(pathname.replace(/\/+$/, "").toLowerCase());

  async function dispatch(req: IncomingMessage, res: ServerResponse, method: string, href: string, route: Route) {
    const { bytes, truncated } = await readBody(req, MAX_BODY_BYTES);
    // GET and HEAD carry no body, as in the host.
    const body = method === "GET" || method === "HEAD" ? Buffer.alloc(0) : bytes;
    const request = new AdapterRequest(method, href, req.headers, body);
    const invocation = localInvocation(req.headers.traceparent as string | undefined, logSink);
    write(res, method, await route.handler(request, invocation), truncated);
  }

  return (req, res) => {
    try {
      const method = (req.method ?? "GET").toUpperCase();
      const { href, pathname } = resolveTarget(req.url ?? "/", req.headers.host);
      const route = findRoute(pathname);
      if (!route || !route.methods.has(method)) return refuse(req, res, logSink, { method, pathname, status: 404 });
      if (REFUSED_METHODS.has(method)) return refuse(req, res, logSink, { method, pathname, status: 405 });
      dispatch(req, res, method, href, route).catch((err: unknown) => fail(res, logSink, err));
    } catch (err) {
      fail(res, logSink, err);
    }
  };
}

/** The queue-triggered function, run here the way the host runs it, when a queue is configured. */
async function startQueueConsumer(
  deps: RuntimeDeps,
  settings: Settings,
  logSink: LogSink,
  maxPollingIntervalMs: number | undefined,
): Promise<LocalQueueHost | undefined> {
  const p = settings.processing;
  if (!deps.queue || p.kind !== "queue") return undefined;
  await deps.queue.ensureQueues();
  return startLocalQueueHost({
    queue: deps.queue.client,
    poison: deps.queue.poison,
    consume: createDeliveryConsumer(deps.consumer),
    maxDequeueCount: p.maxDequeueCount,
    visibilityTimeoutMs: p.visibilityTimeoutMs,
    batchSize: DEFAULT_BATCH_SIZE,
    maxPollingIntervalMs: maxPollingIntervalMs ?? timeSpanMs(DEFAULT_MAX_POLLING_INTERVAL),
    logSink,
  });
}

/** Listens; a failure to listen stops the queue consumer already started. Returns the origin, e.g. http://127.0.0.1:7071. */
async function listen(
  server: Server,
  port: number,
  host: string,
  queueHost: LocalQueueHost | undefined,
): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err) => void queueHost?.stop().finally(() => reject(err)));
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const bound = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${bound}:${address.port}`;
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
  const queueHost =
    options.consumeQueue === false
      ? undefined
      : await startQueueConsumer(deps, settings, logSink, options.maxPollingIntervalMs);
  const server = createServer(
    requestListener(collectRoutes(options.register ?? mapWebhookEndpoints, handler), logSink),
  );
  server.keepAliveTimeout = 5_000;
  const origin = await listen(server, options.port ?? 7071, options.host ?? "127.0.0.1", queueHost);
  const description = describeRuntime(settings);
  if (options.store) description[0] = `idempotency store: ${options.store.kind} (instance given to the dev server)`;
  return {
    url: `${origin}/${ROUTE_PREFIX}/webhooks`,
    origin,
    store: deps.store,
    settings,
    description,
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
