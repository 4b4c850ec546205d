// What the HTTP function reads off a request besides its payload: the body as UTF-8 text, the request path, and the
// correlation (invocation id, traceparent) for problems, log lines and downstream calls. Pure apart from the
// lazily created trace id.
import { isUtf8 } from "node:buffer";
import { randomUUID } from "node:crypto";
import type { InvocationContext } from "@azure/functions";
import type { ProblemContext } from "./problem.js";
import { chooseTraceparent } from "./trace.js";

/**
 * The parts of the Functions HttpRequest the receiver reads. The host's HttpRequest satisfies it; the local
 * adapter passes a lighter object over node:http's request (src/dev-server.ts) so the undici Request and web
 * stream the Functions class builds per request are not paid for locally.
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
    private readonly context: InvocationContext,
    readonly requestId: string,
  ) {}
  get instance(): string {
    return (this.#instance ??= pathOf(this.request.url));
  }
  /** The request's traceparent when valid, else the host's, else a new one (traceparent format). */
  get traceId(): string {
    return (this.#traceId ??= chooseTraceparent(
      this.request.headers.get("traceparent"),
      this.context.traceContext?.traceParent,
    ));
  }
}

export function requestIdOf(context: InvocationContext): string {
  return context.invocationId && context.invocationId !== "unknown" ? context.invocationId : randomUUID();
}
