// What the local host hands to the receiver's core in place of what the Functions host hands it: the request
// (WebhookRequest) over node:http's request and the buffered body, and the invocation (Invocation). The
// Functions classes build an undici Request, a web stream and three WeakMap entries per request, which would cost
// the local host about half its throughput; the Functions binding (webhook/src/functions-binding.ts) adapts the
// real classes, and the handler tests call it with them, as the host does.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { LogSink } from "../../webhook/src/log.js";
import type { Invocation, WebhookRequest } from "../../webhook/src/request-context.js";

/** Read-only Fetch-style view of node:http's (already lower-cased) request headers. */
class AdapterHeaders {
  constructor(private readonly raw: IncomingMessage["headers"]) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  }
  forEach(callback: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.raw)) callback(this.get(name)!, name);
  }
}

/** The request members the receiver reads (WebhookRequest in webhook/src/request-context.ts). */
export class AdapterRequest implements WebhookRequest {
  readonly headers: AdapterHeaders;
  constructor(
    readonly method: string,
    readonly url: string,
    rawHeaders: IncomingMessage["headers"],
    private readonly body: Buffer,
  ) {
    this.headers = new AdapterHeaders(rawHeaders);
  }
  async bytes(): Promise<Uint8Array> {
    return this.body;
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.body.buffer.slice(this.body.byteOffset, this.body.byteOffset + this.body.byteLength) as ArrayBuffer;
  }
}

/**
 * One local invocation: a new id, and as the host's trace context the request's own traceparent header (the core
 * keeps it when valid and starts a trace otherwise, as the host does). Log lines go to the dev server's sink.
 */
export function localInvocation(traceparentHeader: string | undefined, logSink: LogSink): Invocation {
  return { invocationId: randomUUID(), traceparent: traceparentHeader, logSink };
}

// A plain origin-form target ("/api/webhooks?x=1") needs no URL parsing; anything else (absolute form, dot
// segments, percent escapes) goes through WHATWG URL as the host would.
const PLAIN_TARGET = /^(\/[A-Za-z0-9_~/-]*)(?:\?[^#]*)?$/;

/** The request's absolute URL and its path. */
export function resolveTarget(target: string, host: string | undefined): { href: string; pathname: string } {
  const origin = `http://${host ?? "127.0.0.1"}`;
  const plain = PLAIN_TARGET.exec(target);
  if (plain) return { href: origin + target, pathname: plain[1]! };
  try {
    const url = new URL(target, origin);
    return { href: url.href, pathname: url.pathname };
  } catch {
    return { href: "http://127.0.0.1/", pathname: "/" };
  }
}
