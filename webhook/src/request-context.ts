// What the HTTP function's core takes from its host, and reads off a request besides its payload: the request
// (WebhookRequest) and the invocation (Invocation: id, the host's trace context, where log lines go), the body as
// UTF-8 text, the request path, and the correlation for problems, log lines and downstream calls. No host runtime
// here: the Functions binding (functions-binding.ts) adapts InvocationContext to Invocation, and the local host
// (local/webhook/dev-server.ts) builds its own. Pure apart from the lazily created ids.
import { isUtf8 } from "node:buffer";
import { randomUUID } from "node:crypto";
import type { LogSink } from "./log.js";
import type { ProblemContext } from "./problem.js";
import { chooseTraceparent } from "./trace.js";

/**
 * The parts of an HTTP request the receiver reads. The Functions host's HttpRequest satisfies it; the local host
 * passes a lighter object over node:http's request (local/webhook/adapter-request.ts) so the undici Request and
 * web stream the Functions class builds per request are not paid for locally.
 */
export interface WebhookRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: {
    get(name: string): string | null;
    forEach(callback: (value: string, name: string) => void): void;
  };
  arrayBuffer(): Promise<ArrayBuffer>;
  /** The body without the copy into a new ArrayBuffer, where the request offers it (the local adapter does). */
  bytes?(): Promise<Uint8Array>;
}

/** One invocation of a function as the core sees it, whichever host runs it. */
export interface Invocation {
  /** The host's id for the invocation: the request id of problems and log lines ("unknown" or absent: a new one). */
  readonly invocationId?: string | undefined;
  /** The host's traceparent, if it started or continued a trace; read only when a trace id is needed. */
  readonly traceparent?: string | undefined;
  /** Where the invocation's log lines go (WebhookDeps.logSink overrides it). */
  readonly logSink: LogSink;
}

/** The body as text (a leading BOM dropped), or undefined when it is not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  const text = (
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  ).toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

// scheme://authority, then the path up to a query or fragment (RFC 3986 §3); cheaper than new URL() per request.
const URL_PATH = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i;

/** The request path for a problem's `instance`. */
export function pathOf(url: string): string {
  return URL_PATH.exec(url)?.[1] || "/";
}

/**
 * A request's correlation for problems, log lines and downstream calls. The path and the traceparent are worked
 * out on first use: an acknowledged delivery with its log lines dropped needs neither.
 */
export class RequestCorrelation implements ProblemContext {
  #instance: string | undefined;
  #traceId: string | undefined;
  constructor(
    private readonly request: WebhookRequest,
    private readonly invocation: Invocation,
    readonly requestId: string,
  ) {}
  get instance(): string {
    return (this.#instance ??= pathOf(this.request.url));
  }
  /** The request's traceparent when valid, else the host's, else a new one (traceparent format). */
  get traceId(): string {
    return (this.#traceId ??= chooseTraceparent(this.request.headers.get("traceparent"), this.invocation.traceparent));
  }
}

/** The host's invocation id, or a new one where the host gave none. */
export function requestIdOf(invocation: Invocation): string {
  const id = invocation.invocationId;
  return id && id !== "unknown" ? id : randomUUID();
}
