// Starts `docs-index mcp`: the backend over the search clients, then stdio (default) or Streamable HTTP. The
// first coverage check and provenance read start at once but do not delay the handshake.
import type { SearchConfig } from "../../config/search.js";
import type { McpConfig } from "../../config/mcp.js";
import type { SearchClients } from "../../search/io/clients.js";
import { bindRefusal } from "../core/http-policy.js";
import { toolLimits } from "../core/limits.js";
import { DocsIndexBackend } from "./backend.js";
import { entraTokenValidator } from "./entra-auth.js";
import { serveHttp, type RunningHttp } from "./http.js";
import { createDocsMcpServer, type Log } from "./server.js";
import { serveStdio } from "./stdio.js";

export type McpTransportChoice = { kind: "stdio" } | { kind: "http"; host: string; port: number };

export interface McpRunOptions {
  clients: SearchClients;
  search: SearchConfig;
  mcp: McpConfig;
  version: string;
  transport: McpTransportChoice;
  log: Log;
}

/** A refusal to start that the user can fix (a non-loopback bind without auth, discovery failing). */
export class McpStartRefused extends Error {
  override name = "McpStartRefused";
}

export function createBackend(options: Pick<McpRunOptions, "clients" | "search" | "mcp">): DocsIndexBackend {
  return new DocsIndexBackend({
    clients: options.clients,
    index: options.search.index_name,
    indexer: options.search.indexer_name,
    container: options.search.container,
    docsUrl: options.search.docs_url,
    apiVersion: options.search.api_version,
    limits: toolLimits(options.mcp),
    recheckMs: options.mcp.recheck_seconds * 1000,
  });
}

/** Checks and binds; for HTTP resolves once listening (with the running server), for stdio once stdin closes. */
export async function startMcp(options: McpRunOptions): Promise<{ http?: RunningHttp; done: Promise<void> }> {
  if (options.transport.kind === "http") {
    const refusal = bindRefusal(options.transport.host, options.mcp.auth !== undefined);
    if (refusal) throw new McpStartRefused(refusal);
  }
  let validateToken;
  if (options.transport.kind === "http" && options.mcp.auth) {
    try {
      validateToken = await entraTokenValidator(options.mcp.auth);
    } catch (err) {
      throw new McpStartRefused((err as Error).message);
    }
  }
  const backend = createBackend(options);
  void backend.warmUp().catch((err: unknown) => options.log(`mcp: first coverage check failed: ${String(err)}`));
  const newServer = () => createDocsMcpServer(backend, options.version, options.log);
  if (options.transport.kind === "stdio") return { done: serveStdio(newServer()) };
  const http = await serveHttp({
    host: options.transport.host,
    port: options.transport.port,
    allowedOrigins: options.mcp.allowed_origins,
    ...(validateToken ? { validateToken } : {}),
    newServer,
    log: options.log,
  });
  return { http, done: new Promise<void>(() => {}) };
}
