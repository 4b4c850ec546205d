// Streamable HTTP at /mcp, behind the checks the specification asks for: Host and Origin validation (DNS
// rebinding; configured public host names pass), loopback unless callers present a validated Entra ID token, and
// with a configured resource the RFC 9728 metadata and the 401 challenge that names it. Two ways to serve:
//   - sessions (default): one MCP session per client, a server and a transport each, sharing the backend;
//   - stateless: a new server and transport for every POST, no session id, JSON responses, GET/DELETE 405, so any
//     process behind a load balancer answers any request (what the hosted app runs).
// The backend (its caches: dedup decision, provenance, container base) is per process in both.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { McpAuthConfig } from "../../config/mcp.js";
import { isLoopbackHost } from "../../../webhook/src/loopback.js";
import { bearerToken, hostAllowed, MCP_PATH, originAllowed, servedUrl } from "../core/http-policy.js";
import { bearerChallenge, protectedResourceMetadata, resourceMetadataPaths } from "../core/resource-metadata.js";
import type { TokenValidator } from "./entra-auth.js";

export interface HttpAuth {
  validate: TokenValidator;
  config: McpAuthConfig;
}

export interface HttpOptions {
  host: string;
  port: number;
  allowedOrigins: readonly string[];
  /** Public host names admitted in Host (and as https origins). */
  publicHosts?: readonly string[];
  /** Required for a non-loopback bind (the caller checks with bindRefusal first). */
  auth?: HttpAuth;
  /** A new server and transport per request, no sessions. */
  stateless?: boolean;
  /** A new MCP server for a new session (or, stateless, for a request). */
  newServer: () => McpServer;
  log: (line: string) => void;
  /** Sessions kept at once; a new one beyond this is refused with 503. */
  maxSessions?: number;
  /** A session without a request for this long is closed (a client that never sends DELETE). */
  idleSessionMs?: number;
}

export interface RunningHttp {
  url: string;
  port: number;
  sessions(): number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function jsonRpcError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

/** The checks before any MCP handling; true when the request was answered (refused or metadata served). */
async function answeredByPolicy(
  req: IncomingMessage,
  res: ServerResponse,
  options: HttpOptions,
  loopbackBind: boolean,
): Promise<boolean> {
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
  if (!auth) return false;
  const token = bearerToken(req.headers.authorization);
  if (token === undefined) {
    jsonRpcError(res, 401, "unauthorized: an Entra ID bearer token is required", {
      "www-authenticate": bearerChallenge("invalid_request", auth.config),
    });
    return true;
  }
  const verdict = await auth.validate(token);
  if (verdict.ok) return false;
  jsonRpcError(res, verdict.status, verdict.reason, {
    "www-authenticate": bearerChallenge(verdict.status === 401 ? "invalid_token" : "insufficient_scope", auth.config),
  });
  return true;
}

/** Stateless: every POST gets its own server and transport, closed when the response is done. */
function statelessHandler(options: HttpOptions): Handler {
  return async (req, res) => {
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
    await transport.handleRequest(req, res);
  };
}

interface Sessions {
  handle: Handler;
  count(): number;
  close(): Promise<void>;
}

/** Sessions: one transport per client, found by its Mcp-Session-Id; idle ones closed, their number capped. */
function sessionHandler(options: HttpOptions): Sessions {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const lastSeen = new Map<string, number>();
  const maxSessions = options.maxSessions ?? 1000;
  const idleMs = options.idleSessionMs ?? 30 * 60_000;
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, seen] of lastSeen)
        if (now - seen > idleMs)
          void transports
            .get(id)
            ?.close()
            .catch(() => {});
    },
    Math.min(idleMs, 60_000),
  );
  sweep.unref();
  const handle: Handler = async (req, res) => {
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const transport = transports.get(sessionId);
      if (!transport) return jsonRpcError(res, 404, "session not found: initialize a new session");
      lastSeen.set(sessionId, Date.now());
      return transport.handleRequest(req, res);
    }
    if (req.method !== "POST") return jsonRpcError(res, 400, "bad request: no session (POST an initialize request)");
    if (transports.size >= maxSessions) return jsonRpcError(res, 503, "too many sessions", { "retry-after": "5" });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
        lastSeen.set(id, Date.now());
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) {
        transports.delete(transport.sessionId);
        lastSeen.delete(transport.sessionId);
      }
    };
    await options.newServer().connect(transport);
    await transport.handleRequest(req, res);
  };
  return {
    handle,
    count: () => transports.size,
    close: async () => {
      clearInterval(sweep);
      await Promise.all([...transports.values()].map((t) => t.close().catch(() => {})));
    },
  };
}

export async function serveHttp(options: HttpOptions): Promise<RunningHttp> {
  const loopbackBind = isLoopbackHost(options.host.replace(/^\[(.*)\]$/, "$1"));
  if (!loopbackBind && !options.auth) throw new Error(`refusing to bind ${options.host} without token validation`);
  const sessions = options.stateless ? undefined : sessionHandler(options);
  const handle = sessions?.handle ?? statelessHandler(options);

  const server: Server = createServer((req, res) => {
    (async () => {
      if (!(await answeredByPolicy(req, res, options, loopbackBind))) await handle(req, res);
    })().catch((err: unknown) => {
      options.log(`mcp http: ${(err as Error).message}`);
      if (!res.headersSent) jsonRpcError(res, 500, "internal error");
      else res.end();
    });
  });
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
