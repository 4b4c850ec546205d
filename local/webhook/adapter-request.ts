// What the local adapter hands to registered handlers in place of the host's HttpRequest and InvocationContext:
// the members the receiver reads, over node:http's request and the buffered body. The Functions classes build an
// undici Request, a web stream and three WeakMap entries per request, which would cost the local adapter about
// half its throughput; the handler tests call the handler with the real classes, as the host does.
import type { IncomingMessage } from "node:http";
import type { InvocationContext, LogHandler, TraceContext } from "@azure/functions";
import type { WebhookRequest } from "../../webhook/src/request-context.js";
import { chooseTraceparent } from "../../webhook/src/trace.js";

/** Read-only Fetch-style view of node:http's (already lower-cased) request headers. */
export class AdapterHeaders {
  constructor(private readonly raw: IncomingMessage["headers"]) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
  forEach(callback: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.raw)) callback(this.get(name)!, name);
  }
}

/** The HttpRequest members the receiver reads (WebhookRequest in webhook/src/request-context.ts) plus text()/json(). */
export class AdapterRequest implements WebhookRequest {
  readonly headers: AdapterHeaders;
  readonly params: Record<string, string> = {};
  constructor(
    readonly method: string,
    readonly url: string,
    rawHeaders: IncomingMessage["headers"],
    private readonly body: Buffer,
  ) {
    this.headers = new AdapterHeaders(rawHeaders);
  }
  get query(): URLSearchParams {
    return URL.canParse(this.url) ? new URL(this.url).searchParams : new URLSearchParams();
  }
  async bytes(): Promise<Uint8Array> {
    return this.body;
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.body.buffer.slice(this.body.byteOffset, this.body.byteOffset + this.body.byteLength) as ArrayBuffer;
  }
  async text(): Promise<string> {
    return this.body.toString("utf8");
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
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

/** The InvocationContext members a handler uses (ids, trace context, the log methods), without the WeakMaps. */
const NO_EXTRA_BINDINGS = Object.freeze({ get: () => undefined, set: () => {} });
const HTTP_TRIGGER_OPTIONS = Object.freeze({
  trigger: Object.freeze({ name: "httpTrigger", type: "httpTrigger" }),
  extraInputs: [],
  extraOutputs: [],
});

export class AdapterContext {
  // Shared by every request: the receiver declares no extra bindings.
  get extraInputs() {
    return NO_EXTRA_BINDINGS;
  }
  get extraOutputs() {
    return NO_EXTRA_BINDINGS;
  }
  get options() {
    return HTTP_TRIGGER_OPTIONS;
  }
  #traceContext: TraceContext | undefined;
  constructor(
    readonly invocationId: string,
    readonly functionName: string,
    /** The request's traceparent header, if any: the host passes it on when valid and starts a trace otherwise. */
    private readonly traceparentHeader: string | undefined,
    private readonly logHandler: LogHandler,
  ) {}
  get traceContext(): TraceContext {
    return (this.#traceContext ??= {
      traceParent: chooseTraceparent(this.traceparentHeader),
      traceState: undefined,
      attributes: {},
    });
  }
  log(...args: unknown[]): void {
    this.logHandler("information", ...args);
  }
  trace(...args: unknown[]): void {
    this.logHandler("trace", ...args);
  }
  debug(...args: unknown[]): void {
    this.logHandler("debug", ...args);
  }
  info(...args: unknown[]): void {
    this.logHandler("information", ...args);
  }
  warn(...args: unknown[]): void {
    this.logHandler("warning", ...args);
  }
  error(...args: unknown[]): void {
    this.logHandler("error", ...args);
  }
  /** Typed as the host's class for the registered handler's signature. */
  asInvocationContext(): InvocationContext {
    return this as unknown as InvocationContext;
  }
}
