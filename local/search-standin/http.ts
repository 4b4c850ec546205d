// The stand-in's HTTP plumbing: path normalisation for both URL forms the service accepts
// (`/indexes('docs-index')/search.status` and `/indexes/docs-index/status`), a small router,
// JSON bodies and the service's error body shape {"error":{"code","message"}}.
import type { IncomingMessage, ServerResponse } from "node:http";

export interface StandInRequest {
  method: string;
  /** Path segments after normalisation, e.g. ["indexers", "docs-indexer", "status"]. */
  segments: string[];
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  /** Parsed JSON body (undefined when empty). */
  body: unknown;
  /** Values bound by the route pattern, e.g. { name: "docs-index" }. */
  params: Record<string, string>;
}

export interface StandInResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: StandInRequest) => StandInResponse | Promise<StandInResponse>;

/** Thrown by handlers; rendered as the service's error body. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Action aliases: the OData-style names the SDK sends and the plain names of the REST docs. */
const ACTION_ALIASES: Record<string, string> = {
  "search.status": "status",
  "search.reset": "reset",
  "search.run": "run",
  "search.post.search": "search",
  "search.index": "index",
  "search.stats": "stats",
  "search.analyze": "analyze",
};

/** `/indexes('a''b')/docs('k')` -> ["indexes", "a'b", "docs", "k"]; aliases mapped. */
export function normalisePath(pathname: string): string[] {
  const segments: string[] = [];
  for (const raw of pathname.split("/")) {
    if (raw === "") continue;
    const part = decodeURIComponent(raw);
    const call = /^([A-Za-z$.]+)\('(.*)'\)$/s.exec(part);
    if (call) {
      segments.push(call[1]!, call[2]!.replaceAll("''", "'"));
    } else {
      segments.push(ACTION_ALIASES[part] ?? part);
    }
  }
  return segments;
}

interface Route {
  method: string;
  pattern: string[];
  handler: Handler;
}

export class Router {
  private readonly routes: Route[] = [];

  /** `pattern` like "/indexes/:name/docs/search"; `:x` binds one segment. */
  on(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, pattern: pattern.split("/").filter(Boolean), handler });
    return this;
  }

  match(
    method: string,
    segments: string[],
  ): { handler: Handler; params: Record<string, string> } | "method-not-allowed" | undefined {
    let pathMatched = false;
    for (const route of this.routes) {
      const params = bind(route.pattern, segments);
      if (!params) continue;
      pathMatched = true;
      if (route.method === method) return { handler: route.handler, params };
    }
    return pathMatched ? "method-not-allowed" : undefined;
  }
}

function bind(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const s = segments[i]!;
    if (p.startsWith(":")) params[p.slice(1)] = s;
    else if (p !== s) return undefined;
  }
  return params;
}

export async function readBody(req: IncomingMessage, limitBytes = 16 * 1024 * 1024): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new ServiceError(413, "RequestEntityTooLarge", "The request is too large.");
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError(
      400,
      "InvalidRequestBody",
      "The request is invalid. Details: The request body is not valid JSON.",
    );
  }
}

export function send(res: ServerResponse, response: StandInResponse, requestId: string): void {
  const headers: Record<string, string> = { "request-id": requestId, ...response.headers };
  if (response.body === undefined) {
    res.writeHead(response.status, headers).end();
    return;
  }
  const payload = JSON.stringify(response.body);
  headers["content-type"] ??= "application/json; odata.metadata=minimal; charset=utf-8";
  res.writeHead(response.status, headers).end(payload);
}

export function errorBody(code: string, message: string): { error: { code: string; message: string } } {
  return { error: { code, message } };
}
