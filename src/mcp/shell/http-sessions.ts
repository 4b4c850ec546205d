// Stateful Streamable HTTP sessions: one transport per client, found by its Mcp-Session-Id and bound to the caller
// who opened it (a token's tenant and object id; without token validation, on loopback, everyone is the local
// caller). Another caller's request naming it is answered as for an unknown session (404, nothing about whose it
// is), so it can neither use nor end it. Idle sessions are closed; their number is capped per caller (429) and in
// all (503).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

/** Who a request comes from: a token's caller id, or LOCAL_CALLER without token validation. */
export const LOCAL_CALLER = "local";

export type SessionHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  caller: string,
) => Promise<void>;

export interface Sessions {
  handle: SessionHandler;
  count(): number;
  close(): Promise<void>;
}

export interface SessionOptions {
  newServer: () => McpServer;
  maxSessions: number;
  /** Sessions one caller may hold; not applied to LOCAL_CALLER (the machine's own user). */
  sessionsPerCaller: number;
  idleSessionMs: number;
  refuse: (res: ServerResponse, status: number, message: string, headers?: Record<string, string>) => void;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  caller: string;
  lastSeen: number;
}

export function sessionHandler(options: SessionOptions): Sessions {
  const sessions = new Map<string, Session>();
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const s of sessions.values())
        if (now - s.lastSeen > options.idleSessionMs) void s.transport.close().catch(() => {});
    },
    Math.min(options.idleSessionMs, 60_000),
  );
  sweep.unref();
  const held = (caller: string) => [...sessions.values()].filter((s) => s.caller === caller).length;

  const handle: SessionHandler = async (req, res, body, caller) => {
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = sessions.get(sessionId);
      if (!session || session.caller !== caller)
        return options.refuse(res, 404, "session not found: initialize a new session");
      session.lastSeen = Date.now();
      return session.transport.handleRequest(req, res, body);
    }
    if (req.method !== "POST") return options.refuse(res, 400, "bad request: no session (POST an initialize request)");
    if (caller !== LOCAL_CALLER && held(caller) >= options.sessionsPerCaller)
      return options.refuse(
        res,
        429,
        `too many sessions for this caller (at most ${options.sessionsPerCaller}): end one with DELETE, or wait until an idle one is closed`,
        { "retry-after": "60" },
      );
    if (sessions.size >= options.maxSessions)
      return options.refuse(res, 503, "too many sessions", { "retry-after": "5" });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, caller, lastSeen: Date.now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await options.newServer().connect(transport);
    await transport.handleRequest(req, res, body);
  };
  return {
    handle,
    count: () => sessions.size,
    close: async () => {
      clearInterval(sweep);
      await Promise.all([...sessions.values()].map((s) => s.transport.close().catch(() => {})));
    },
  };
}
