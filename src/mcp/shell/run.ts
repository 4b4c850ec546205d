// Starts `docs-index mcp`: the backend over the search clients, then stdio (default) or Streamable HTTP. The
// first coverage check and provenance read start at once but do not delay the handshake.
import type { ContainerClient } from "@azure/storage-blob";
import type { SearchConfig } from "../../config/search.js";
import type { McpConfig } from "../../config/mcp.js";
import type { SearchClients } from "../../search/io/clients.js";
import { bindRefusal } from "../core/http-policy.js";
import { toolLimits } from "../core/limits.js";
import { DocsIndexBackend } from "./backend.js";
import { entraTokenValidator } from "./entra-auth.js";
import { serveHttp, type HttpAuth, type RunningHttp } from "./http.js";
import { createDocsMcpServer, type Log } from "./server.js";
import { serveStdio } from "./stdio.js";

type McpTransportChoice =
  | { kind: "stdio" }
  | { kind: "http"; host: string; port: number; /** A new server and transport per request. */ stateless?: boolean };

/** What the server needs of the search section (the hosted app gets these from app settings). */
type McpSearchSettings = Pick<
  SearchConfig,
  | "index_name"
  | "indexer_name"
  | "container"
  | "docs_url"
  | "api_version"
  | "agentic_retrieval"
  | "knowledge_base_name"
  | "knowledge_source_name"
>;

export interface McpRunOptions {
  clients: SearchClients;
  /** The docs container, for the pages' main content; without it the tools read the index's content. */
  pages?: ContainerClient;
  search: McpSearchSettings;
  mcp: McpConfig;
  version: string;
  transport: McpTransportChoice;
  log: Log;
}

/**
 * A refusal to start that the user can fix: `usage` (a non-loopback bind without auth, an address or port that
 * cannot be bound) or `service` (OpenID Connect discovery failing).
 */
export class McpStartRefused extends Error {
  override name = "McpStartRefused";
  constructor(
    message: string,
    readonly kind: "usage" | "service",
  ) {
    super(message);
  }
}

/** Why listening failed, for the person who chose the address and port; undefined for anything else. */
function listenRefusal(err: unknown, host: string, port: number): string | undefined {
  const where = `${host}:${port}`;
  switch ((err as NodeJS.ErrnoException).code) {
    case "EADDRINUSE":
      return `cannot listen on ${where}: the port is in use. Choose another --port, or --port 0 for a free one`;
    case "EACCES":
      return `cannot listen on ${where}: not permitted (ports below 1024 need privileges). Choose a --port above 1023`;
    case "EADDRNOTAVAIL":
      return `cannot listen on ${where}: ${host} is not an address of this machine. Choose another --host`;
    default:
      return undefined;
  }
}

function createBackend(options: Pick<McpRunOptions, "clients" | "search" | "mcp" | "pages">): DocsIndexBackend {
  return new DocsIndexBackend({
    clients: options.clients,
    ...(options.pages ? { pages: options.pages } : {}),
    index: options.search.index_name,
    indexer: options.search.indexer_name,
    container: options.search.container,
    docsUrl: options.search.docs_url,
    apiVersion: options.search.api_version,
    limits: toolLimits(options.mcp),
    ...(options.search.agentic_retrieval
      ? {
          knowledge: {
            knowledgeBase: options.search.knowledge_base_name,
            knowledgeSource: options.search.knowledge_source_name,
            client: options.clients.knowledgeRetrievalClient(options.search.knowledge_base_name),
          },
        }
      : {}),
    recheckMs: options.mcp.recheck_seconds * 1000,
  });
}

/** Checks and binds; for HTTP resolves once listening (with the running server), for stdio once stdin closes. */
export async function startMcp(options: McpRunOptions): Promise<{ http?: RunningHttp; done: Promise<void> }> {
  if (options.transport.kind === "http") {
    const refusal = bindRefusal(options.transport.host, options.mcp.auth !== undefined, options.mcp.public_hosts);
    if (refusal) throw new McpStartRefused(refusal, "usage");
  }
  let auth: HttpAuth | undefined;
  if (options.transport.kind === "http" && options.mcp.auth) {
    try {
      auth = { validate: await entraTokenValidator(options.mcp.auth), config: options.mcp.auth };
    } catch (err) {
      throw new McpStartRefused((err as Error).message, "service");
    }
  }
  const backend = createBackend(options);
  void backend.warmUp().catch((err: unknown) => options.log(`mcp: first coverage check failed: ${String(err)}`));
  const newServer = () => createDocsMcpServer(backend, options.version, options.log);
  if (options.transport.kind === "stdio") return { done: serveStdio(newServer()) };
  const { host, port, stateless } = options.transport;
  try {
    const http = await serveHttp({
      host,
      port,
      stateless: stateless ?? false,
      allowedOrigins: options.mcp.allowed_origins,
      publicHosts: options.mcp.public_hosts,
      sessionsPerCaller: options.mcp.sessions_per_caller,
      toolCallsPerMinute: options.mcp.tool_calls_per_minute,
      ...(auth ? { auth } : {}),
      newServer,
      log: options.log,
    });
    return { http, done: new Promise<void>(() => {}) };
  } catch (err) {
    const refusal = listenRefusal(err, host, port);
    throw refusal ? new McpStartRefused(refusal, "usage") : err;
  }
}
