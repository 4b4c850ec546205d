// Structured logs: one JSON object per line through the invocation context (so Application Insights gets them),
// always carrying the correlation fields (requestId, traceId, messageId). Anything that looks like a credential
// is redacted before it is written: sensitive keys (Authorization, cookies, tokens, keys, secrets) and any
// string that looks like a bearer token or a JWT.
import type { InvocationContext } from "@azure/functions";

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** A logger adding `fields` to every line. */
  with(fields: Record<string, unknown>): Logger;
}

const SENSITIVE_KEY = /authorization|cookie|token|secret|password|api[-_]?key|functions-key|signature|credential|^code$/i;
const TOKEN_LIKE = /^\s*bearer\s|^eyJ[\w-]*\.[\w-]*\.[\w-]*$/i;
export const REDACTED = "[redacted]";

/** A copy of `value` without credentials (depth-limited; never throws). */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return TOKEN_LIKE.test(value) ? REDACTED : value;
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return "[truncated]";
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, v] of Object.entries(value)) out[k] = SENSITIVE_KEY.test(k) ? REDACTED : redact(v, depth + 1);
  return out;
}

/** Request headers fit for a log line: sensitive ones redacted. */
export function loggableHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  headers.forEach((value, name) => {
    out[name] = SENSITIVE_KEY.test(name) || TOKEN_LIKE.test(value) ? REDACTED : value.slice(0, 300);
  });
  return out;
}

export type LogSink = (level: LogLevel, line: string) => void;

export function sinkFor(context: InvocationContext): LogSink {
  return (level, line) => {
    if (level === "debug") context.debug(line);
    else if (level === "info") context.info(line);
    else if (level === "warn") context.warn(line);
    else context.error(line);
  };
}

export function createLogger(sink: LogSink, base: Record<string, unknown> = {}): Logger {
  const write = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    let line: string;
    try {
      line = JSON.stringify(redact({ level, msg, ...base, ...fields }));
    } catch {
      line = JSON.stringify({ level, msg, ...(redact(base) as object), note: "fields not serialisable" });
    }
    sink(level, line);
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
    with: (fields) => createLogger(sink, { ...base, ...fields }),
  };
}
