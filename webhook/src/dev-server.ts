// The local adapter (Functions Core Tools cannot be installed here): node:http -> HttpRequest -> the registered
// handler -> response. Routes come from the same mapWebhookEndpoints() call the Functions entry point makes, under
// the same "api" prefix, so an unregistered route answers 404 here as it does in the host.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { HttpFunctionOptions, HttpHandler, HttpResponseInit, HttpRequest as HttpRequestType, HttpResponse as HttpResponseType } from "@azure/functions";
import { HttpResponse, InvocationContext } from "./functions.js";
import { mapWebhookEndpoints, ROUTE_PREFIX, type HttpRegistrar } from "./endpoints.js";
import { createWebhookHandler, MAX_BODY_BYTES, type WebhookRequest } from "./handler.js";
import type { IdempotencyStore } from "./idempotency/store.js";
import type { LogSink } from "./log.js";
import { PROBLEM_TYPES, problemResponse } from "./problem.js";
import { buildWebhookDeps, describeRuntime, type RuntimeOverrides } from "./runtime.js";
import { loadSettings, type Settings } from "./settings.js";
import { chooseTraceparent } from "./trace.js";

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
  close(): Promise<void>;
}

interface Route {
  name: string;
  methods: Set<string>;
  handler: HttpHandler;
}

const consoleSink: LogSink = (level, line) => (level === "warn" || level === "error" ? process.stderr : process.stdout).write(`${line}\n`);

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
    req.on("end", () => resolve({ bytes: Buffer.concat(chunks).subarray(0, limit + 1), truncated }));
    req.on("error", reject);
  });
}

/** Read-only Fetch-style view of node:http's (already lower-cased) request headers. */
class AdapterHeaders {
  constructor(private readonly raw: IncomingMessage["headers"]) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
  forEach(callback: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.raw)) callback(this.get(name)!, name);
  }
}

/**
 * What the adapter hands to registered handlers: the HttpRequest members the receiver reads (WebhookRequest in
 * src/handler.ts) plus text()/json(), over the buffered body. Building the Functions HttpRequest (an undici
 * Request and a web stream per request) would halve local throughput; the handler tests use the real class.
 */
class AdapterRequest implements WebhookRequest {
  readonly headers: AdapterHeaders;
  readonly query: URLSearchParams;
  readonly params: Record<string, string> = {};
  constructor(
    readonly method: string,
    readonly url: string,
    rawHeaders: IncomingMessage["headers"],
    private readonly bytes: Buffer,
    query: URLSearchParams,
  ) {
    this.headers = new AdapterHeaders(rawHeaders);
    this.query = query;
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.bytes.buffer.slice(this.bytes.byteOffset, this.bytes.byteOffset + this.bytes.byteLength) as ArrayBuffer;
  }
  async text(): Promise<string> {
    return this.bytes.toString("utf8");
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

/** Methods the Functions host (and the Fetch API) refuse; they never reach a handler. */
const REFUSED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

async function send(res: ServerResponse, method: string, result: HttpResponseInit | HttpResponseType, close: boolean): Promise<void> {
  let status: number;
  let headers: Record<string, string> = {};
  let body: Buffer;
  if (result instanceof HttpResponse) {
    status = result.status;
    result.headers.forEach((v, k) => (headers[k] = v));
    body = Buffer.from(await result.arrayBuffer());
  } else {
    status = result.status ?? 200;
    headers = { ...(result.headers as Record<string, string> | undefined) };
    if (result.jsonBody !== undefined) {
      body = Buffer.from(JSON.stringify(result.jsonBody));
      if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) headers["content-type"] = "application/json";
    } else body = typeof result.body === "string" ? Buffer.from(result.body) : Buffer.alloc(0);
  }
  headers["content-length"] = String(body.length);
  if (close) headers.connection = "close";
  res.writeHead(status, headers);
  res.end(method === "HEAD" ? undefined : body);
}

export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const settings = options.settings ?? loadSettings(options.env ?? process.env);
  const logSink: LogSink = options.quiet ? () => {} : (options.logSink ?? consoleSink);
  const deps = buildWebhookDeps(settings, { ...options.overrides, store: options.store ?? options.overrides?.store, logSink });
  const handler = createWebhookHandler(deps);

  const routes = new Map<string, Route>();
  const collector: HttpRegistrar = {
    http(name: string, fnOptions: HttpFunctionOptions) {
      const path = `/${ROUTE_PREFIX}/${fnOptions.route ?? name}`.toLowerCase();
      routes.set(path, { name, methods: new Set(fnOptions.methods ?? ["GET", "POST"]), handler: fnOptions.handler });
    },
  };
  (options.register ?? mapWebhookEndpoints)(collector, handler);

  const server = createServer((req, res) => {
    void (async () => {
      const method = (req.method ?? "GET").toUpperCase();
      const origin = `http://${req.headers.host ?? "127.0.0.1"}`;
      let url: URL;
      try {
        url = new URL(req.url ?? "/", origin);
      } catch {
        url = new URL("/", "http://127.0.0.1");
      }
      const route = routes.get(url.pathname.replace(/\/+$/, "").toLowerCase());
      const pctx = { instance: url.pathname, requestId: randomUUID(), traceId: chooseTraceparent(req.headers.traceparent as string | undefined) };
      if (!route || !route.methods.has(method)) {
        req.resume();
        // The host answers 404 for a route (or method) no function registered (spec A: the mapping was not registered).
        return send(res, method, problemResponse(pctx, 404, PROBLEM_TYPES.notFound, `No function is registered for ${method} ${url.pathname}.`), false);
      }
      if (REFUSED_METHODS.has(method)) {
        req.resume();
        return send(res, method, problemResponse(pctx, 405, PROBLEM_TYPES.methodNotAllowed, `${method} is not supported; deliver webhooks with POST.`, { headers: { allow: "POST" } }), false);
      }
      const { bytes, truncated } = await readBody(req, MAX_BODY_BYTES);
      // GET and HEAD carry no body, as in the host.
      const request = new AdapterRequest(method, url.href, req.headers, method === "GET" || method === "HEAD" ? Buffer.alloc(0) : bytes, url.searchParams);
      const context = new InvocationContext({
        invocationId: randomUUID(),
        functionName: route.name,
        logHandler: (level, ...args) => logSink(level === "warning" ? "warn" : level === "error" || level === "critical" ? "error" : "info", args.map(String).join(" ")),
        traceContext: { traceParent: pctx.traceId, traceState: undefined, attributes: {} },
      });
      const result = await route.handler(request as unknown as HttpRequestType, context);
      await send(res, method, result ?? { status: 204 }, truncated);
    })().catch((err: unknown) => {
      logSink("error", JSON.stringify({ level: "error", msg: "dev server adapter failed", error: (err as Error)?.message }));
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/problem+json" });
      res.end(JSON.stringify({ type: PROBLEM_TYPES.internal, title: "Internal Server Error", status: 500, detail: "The local adapter failed." }));
    });
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
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
    description: options.store ? [`idempotency store: ${options.store.kind} (instance given to the dev server)`, ...describeRuntime(settings).slice(1)] : describeRuntime(settings),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
