// Streamable HTTP at /mcp, behind the checks the specification asks for: Host and Origin validation (DNS
// rebinding; configured public host names pass), loopback unless callers present a validated Entra ID token, and
// with a configured resource the RFC 9728 metadata and the 401 challenge that names it (RFC 6750 answers: no
// `error` without a token, a generic `invalid_token`, `insufficient_scope` with the scope; details to the log).
// For direct exposure: header and request timeouts, a connection cap, a body size cap and read deadline; one
// JSON-RPC message per request (no batches); a per-caller limit on tool calls (429). Two ways to serve:
//   - sessions (default): one MCP session per client, bound to the caller who opened it (http-sessions.ts);
//   - stateless: a new server and transport for every POST, no session id, JSON responses, GET/DELETE 405, so any
//     process behind a load balancer answers any request (what the hosted app runs).
// The backend (its caches: dedup decision, provenance, container base) is per process in both.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { McpAuthConfig } from "../../config/mcp.js";
import { isLoopbackHost } from "../../../shared/loopback.js";
import { bearerToken, bindRefusal, hostAllowed, MCP_PATH, originAllowed, servedUrl } from "../core/http-policy.js";
import { isFull, takeCall, type Bucket } from "../core/rate-limit.js";
import { bearerChallenge, protectedResourceMetadata, resourceMetadataPaths } from "../core/resource-metadata.js";
import type { TokenValidator } from "./entra-auth.js";
import { readJsonBody } from "./http-body.js";
import { LOCAL_CALLER, sessionHandler, type SessionHandler, type Sessions } from "./http-sessions.js";

export interface HttpAuth {
  validate: TokenValidator;
  config: McpAuthConfig;
}

/** Bounds for a server a client can reach directly (docs/mcp.md, "Limits for direct exposure"). */
interface HttpLimits {
  /** Time to receive the request headers. */
  headersTimeoutMs: number;
  /** Time to receive the whole request (headers and body). */
  requestTimeoutMs: number;
  /** Time to read a POST body, from the moment the server starts reading it. */
  bodyTimeoutMs: number;
  /** How often the timeouts above are checked (Node's connectionsCheckingInterval). */
  checkIntervalMs: number;
  /** Connections held at once; one beyond is closed at once. */
  maxConnections: number;
  /** Largest POST body (the SDK's own cap is 4 MiB). */
  maxBodyBytes: number;
}

const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  bodyTimeoutMs: 10_000,
  checkIntervalMs: 1_000,
  maxConnections: 256,
  maxBodyBytes: 4 * 1024 * 1024,
};

export interface HttpOptions {
  host: string;
  port: number;
  allowedOrigins: readonly string[];
  /** Public host names admitted in Host (and as https origins); require auth. */
  publicHosts?: readonly string[];
  /** Required for a non-loopback bind or public hosts (the caller checks with bindRefusal first). */
  auth?: HttpAuth;
  /** A new server and transport per request, no sessions. */
  stateless?: boolean;
  /** A new MCP server for a new session (or, stateless, for a request). */
  newServer: () => McpServer;
  log: (line: string) => void;
  /** Sessions kept at once; a new one beyond this is refused with 503. */
  maxSessions?: number;
  /** Sessions one caller (a token's tenant and object id) may hold; beyond, 429. */
  sessionsPerCaller?: number;
  /** A session without a request for this long is closed (a client that never sends DELETE). */
  idleSessionMs?: number;
  /** Tool calls per minute and caller with token validation on; beyond, 429 with Retry-After. */
  toolCallsPerMinute?: number;
  limits?: Partial<HttpLimits>;
  /** The clock of the rate limit (tests). */
  now?: () => number;
}

export interface RunningHttp {
  url: string;
  port: number;
  sessions(): number;
  close(): Promise<void>;
}

type Handler = SessionHandler;

function jsonRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  id: unknown = null,
  code = -32000,
) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id }));
}

const refuse = (res: ServerResponse, status: number, message: string, headers?: Record<string, string>) =>
  jsonRpcError(res, status, message, headers);

/** Host, metadata, path and Origin; true when the request was answered (refused or metadata served). */
function answeredByPolicy(req: IncomingMessage, res: ServerResponse, options: HttpOptions, loopbackBind: boolean) {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  const publicHosts = options.publicHosts ?? [];
  const auth = options.auth;
  if (!hostAllowed(req.headers.host, loopbackBind, publicHosts)) {
    jsonRpcError(res, 403, "forbidden: the Host header names neither this loopback server nor a public host");
    return true;
  }
  const resource = auth?.config.resource;
  if (resource !== undefined && req.method === "GET" && resourceMetadataPaths(resource).includes(path)) {
    res.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=3600" });
    res.end(JSON.stringify(protectedResourceMetadata(auth!.config, resource)));
    return true;
  }
  if (path !== MCP_PATH) {
    jsonRpcError(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`);
    return true;
  }
  const origin = req.headers.origin;
  if (!originAllowed(origin, options.allowedOrigins, publicHosts)) {
    jsonRpcError(res, 403, `forbidden: origin ${origin} is not allowed (mcp.allowed_origins)`);
    return true;
  }
  return false;
}

/** Refusal lines logged a minute at most: a flood of bad tokens must not become a flood of log lines. */
const REFUSALS_LOGGED_PER_MINUTE = 60;

/** A log for refusals: up to REFUSALS_LOGGED_PER_MINUTE lines a minute, then one line counting the rest. */
function refusalLog(log: (line: string) => void, now: () => number): (line: string) => void {
  let windowStart = Number.NEGATIVE_INFINITY;
  let logged = 0;
  let suppressed = 0;
  return (line) => {
    const t = now();
    if (t - windowStart >= 60_000) {
      if (suppressed > 0)
        log(`mcp auth: ${suppressed} more refusals were not logged (at most ${REFUSALS_LOGGED_PER_MINUTE} a minute)`);
      windowStart = t;
      logged = 0;
      suppressed = 0;
    }
    if (logged < REFUSALS_LOGGED_PER_MINUTE) {
      logged++;
      log(line);
    } else suppressed++;
  };
}

/**
 * The caller a request comes from (LOCAL_CALLER without token validation), or undefined when the request was
 * answered: 401/403 per RFC 6750, 503 when the signing keys cannot be fetched. Reasons go to the log only.
 */
async function authenticated(
  req: IncomingMessage,
  res: ServerResponse,
  auth: HttpAuth | undefined,
  log: (line: string) => void,
): Promise<string | undefined> {
  if (!auth) return LOCAL_CALLER;
  const header = req.headers.authorization;
  const token = bearerToken(header);
  if (token === undefined && !/^bearer(\s|$)/i.test(header ?? "")) {
    jsonRpcError(res, 401, "unauthorized: this server requires an Entra ID access token (Authorization: Bearer)", {
      "www-authenticate": bearerChallenge(undefined, auth.config),
    });
    return undefined;
  }
  const verdict = token === undefined ? undefined : await auth.validate(token);
  if (verdict?.ok) return verdict.caller.id;
  if (verdict?.status === 503) {
    log(`mcp auth: 503: ${verdict.reason}`);
    jsonRpcError(res, 503, "service unavailable: the token signing keys cannot be fetched; retry later", {
      "retry-after": String(verdict.retryAfterSeconds),
    });
  } else if (verdict?.status === 403) {
    log(`mcp auth: refused (403): ${verdict.reason}`);
    const scope = verdict.missing === "scope" && auth.config.scope ? ` (scope ${auth.config.scope})` : "";
    jsonRpcError(res, 403, `forbidden: the access token lacks the permission this server requires${scope}`, {
      "www-authenticate": bearerChallenge("insufficient_scope", auth.config),
    });
  } else {
    log(`mcp auth: refused (401): ${verdict?.reason ?? "malformed Authorization header"}`);
    jsonRpcError(res, 401, "unauthorized: the access token is not valid for this server; sign in again", {
      "www-authenticate": bearerChallenge("invalid_token", auth.config),
    });
  }
  return undefined;
}

/** Stateless: every POST gets its own server and transport, closed when the response is done. */
function statelessHandler(options: HttpOptions): Handler {
  return async (req, res, body) => {
    if (req.method !== "POST")
      return jsonRpcError(res, 405, "method not allowed: this server is stateless (POST only, no event stream)", {
        allow: "POST",
      });
    const server = options.newServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close().catch(() => {});
      void server.close().catch(() => {});
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
}

/** The per-caller tool call limit; returns false when the request was answered 429. */
function toolCallLimit(options: HttpOptions): (res: ServerResponse, caller: string, message: unknown) => boolean {
  const perMinute = options.toolCallsPerMinute;
  const buckets = new Map<string, Bucket>();
  const now = options.now ?? Date.now;
  return (res, caller, message) => {
    if (perMinute === undefined || caller === LOCAL_CALLER) return true;
    const m = message as { method?: unknown; id?: unknown } | null;
    if (m?.method !== "tools/call") return true;
    const t = now();
    if (buckets.size > 10_000) for (const [k, b] of buckets) if (isFull(b, t, perMinute)) buckets.delete(k);
    const take = takeCall(buckets.get(caller), t, perMinute);
    buckets.set(caller, take.bucket);
    if (take.allowed) return true;
    jsonRpcError(
      res,
      429,
      `too many tool calls: at most ${perMinute} a minute per caller; retry after ${take.retryAfterSeconds} s`,
      { "retry-after": String(take.retryAfterSeconds) },
      m.id ?? null,
    );
    return false;
  };
}

/** Reads a POST's JSON-RPC message (one, not a batch) within the limits; undefined when it was answered. */
async function postedMessage(req: IncomingMessage, res: ServerResponse, limits: HttpLimits) {
  // The SDK's own test of the media type; the body is read here, so the SDK never reads one itself.
  if (!(req.headers["content-type"] ?? "").includes("application/json")) {
    jsonRpcError(res, 415, "unsupported media type: the body must be application/json");
    return undefined;
  }
  const read = await readJsonBody(req, limits.maxBodyBytes, limits.bodyTimeoutMs);
  switch (read.kind) {
    case "json":
      if (!Array.isArray(read.value)) return { message: read.value };
      jsonRpcError(res, 400, "batches are not accepted: send one JSON-RPC message per request", {}, null, -32600);
      return undefined;
    case "not-json":
      jsonRpcError(res, 400, "parse error: the body is not JSON", {}, null, -32700);
      return undefined;
    case "too-large":
      jsonRpcError(res, 413, `the body is larger than ${limits.maxBodyBytes} bytes`, { connection: "close" });
      return undefined;
    case "too-slow":
      jsonRpcError(res, 408, "the body did not arrive in time", { connection: "close" });
      return undefined;
    default:
      res.destroy();
      return undefined;
  }
}

export async function serveHttp(options: HttpOptions): Promise<RunningHttp> {
  const loopbackBind = isLoopbackHost(options.host.replace(/^\[(.*)\]$/, "$1"));
  const refusal = bindRefusal(options.host, options.auth !== undefined, options.publicHosts ?? []);
  if (refusal) throw new Error(refusal);
  const limits = { ...DEFAULT_HTTP_LIMITS, ...options.limits };
  const sessions: Sessions | undefined = options.stateless
    ? undefined
    : sessionHandler({
        newServer: options.newServer,
        maxSessions: options.maxSessions ?? 1000,
        sessionsPerCaller: options.sessionsPerCaller ?? 20,
        idleSessionMs: options.idleSessionMs ?? 30 * 60_000,
        refuse,
      });
  const handle = sessions?.handle ?? statelessHandler(options);
  const withinLimit = toolCallLimit(options);
  const logRefusal = refusalLog(options.log, options.now ?? Date.now);

  const server: Server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    (req, res) => {
      (async () => {
        if (answeredByPolicy(req, res, options, loopbackBind)) return;
        const caller = await authenticated(req, res, options.auth, logRefusal);
        if (caller === undefined) return;
        const posted = req.method === "POST" ? await postedMessage(req, res, limits) : { message: undefined };
        if (posted === undefined || !withinLimit(res, caller, posted.message)) return;
        await handle(req, res, posted.message, caller);
      })().catch((err: unknown) => {
        options.log(`mcp http: ${(err as Error).message}`);
        if (!res.headersSent) jsonRpcError(res, 500, "internal error");
        else res.end();
      });
    },
  );
  server.maxConnections = limits.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: servedUrl(options.host, port),
    port,
    sessions: () => sessions?.count() ?? 0,
    close: async () => {
      await sessions?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
