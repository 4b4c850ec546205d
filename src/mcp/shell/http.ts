// Streamable HTTP at /mcp: one MCP session per client (a server and a transport each, sharing the backend),
// behind the checks the specification asks for: Host and Origin validation (DNS rebinding), loopback unless
// callers present a validated Entra ID token.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isLoopbackHost } from "../../search/service/endpoint.js";
import { bearerToken, hostAllowed, MCP_PATH, originAllowed, servedUrl } from "../core/http-policy.js";
import type { TokenValidator } from "./entra-auth.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

export interface HttpOptions {
  host: string;
  port: number;
  allowedOrigins: readonly string[];
  /** Required for a non-loopback bind (the caller checks with bindRefusal first). */
  validateToken?: TokenValidator;
  /** A new MCP server for a new session. */
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

function jsonRpcError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

export async function serveHttp(options: HttpOptions): Promise<RunningHttp> {
  const loopbackBind = isLoopbackHost(options.host.replace(/^\[(.*)\]$/, "$1"));
  if (!loopbackBind && !options.validateToken)
    throw new Error(`refusing to bind ${options.host} without token validation`);
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

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path !== MCP_PATH) return jsonRpcError(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`);
    if (!hostAllowed(req.headers.host, loopbackBind))
      return jsonRpcError(res, 403, "forbidden: the Host header does not name this loopback server");
    const origin = req.headers.origin;
    if (!originAllowed(origin, options.allowedOrigins))
      return jsonRpcError(res, 403, `forbidden: origin ${origin} is not allowed (mcp.allowed_origins)`);
    if (options.validateToken) {
      const token = bearerToken(req.headers.authorization);
      if (token === undefined)
        return jsonRpcError(res, 401, "unauthorized: an Entra ID bearer token is required", {
          "www-authenticate": 'Bearer error="invalid_request"',
        });
      const verdict = await options.validateToken(token);
      if (!verdict.ok)
        return jsonRpcError(res, verdict.status, verdict.reason, {
          "www-authenticate": `Bearer error="${verdict.status === 401 ? "invalid_token" : "insufficient_scope"}"`,
        });
    }
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
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
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
    sessions: () => transports.size,
    close: async () => {
      clearInterval(sweep);
      await Promise.all([...transports.values()].map((t) => t.close().catch(() => {})));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
