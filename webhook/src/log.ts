// Structured logs: one JSON object per line through a LogSink (in Azure the invocation context's log methods, so
// Application Insights gets them: functions-binding.ts), always carrying the correlation fields (requestId,
// traceId, messageId). Anything that looks like a credential is redacted before it is written: sensitive keys
// (Authorization, cookies, tokens, keys, secrets) and any string that looks like a bearer token or a JWT.
export type LogLevel = "debug" | "info" | "warn" | "error";

/** A line's fields, or a function building them: called only when the line is written. */
type LogFields = Record<string, unknown> | (() => Record<string, unknown>);

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger adding `fields` to every line. */
  with(fields: Record<string, unknown>): Logger;
}

const SENSITIVE_KEY =
  /authorization|cookie|token|secret|password|api[-_]?key|functions-key|signature|credential|^code$/i;
const TOKEN_LIKE = /^\s*bearer\s|^eyJ[\w-]*\.[\w-]*\.[\w-]*$/i;
export const REDACTED = "[redacted]";

/** A copy of `value` without credentials (depth-limited; never throws). */
function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return TOKEN_LIKE.test(value) ? REDACTED : value;
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return "[truncated]";
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, v] of Object.entries(value)) out[k] = SENSITIVE_KEY.test(k) ? REDACTED : redact(v, depth + 1);
  return out;
}

/** Request headers fit for a log line: sensitive ones redacted. */
export function loggableHeaders(headers: {
  forEach(callback: (value: string, name: string) => void): void;
}): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  headers.forEach((value, name) => {
    out[name] = SENSITIVE_KEY.test(name) || TOKEN_LIKE.test(value) ? REDACTED : value.slice(0, 300);
  });
  return out;
}

export type LogSink = (level: LogLevel, line: string) => void;

/** The sink that drops every line. A logger over it formats nothing (JSON formatting is most of a line's cost). */
export const discardLogs: LogSink = () => {};

/** JSON.stringify replacer applying the same rules as redact() in one pass, without copying. */
function redactingReplacer(key: string, value: unknown): unknown {
  if (key !== "" && SENSITIVE_KEY.test(key)) return REDACTED;
  if (typeof value === "string" && TOKEN_LIKE.test(value)) return REDACTED;
  return value;
}

class JsonLogger implements Logger {
  constructor(
    private readonly sink: LogSink,
    private readonly base: Record<string, unknown>,
  ) {}

  debug(msg: string, fields?: LogFields): void {
    this.write("debug", msg, fields);
  }
  info(msg: string, fields?: LogFields): void {
    this.write("info", msg, fields);
  }
  warn(msg: string, fields?: LogFields): void {
    this.write("warn", msg, fields);
  }
  error(msg: string, fields?: LogFields): void {
    this.write("error", msg, fields);
  }
  with(fields: Record<string, unknown>): Logger {
    return new JsonLogger(this.sink, { ...this.base, ...fields });
  }

  private write(level: LogLevel, msg: string, given?: LogFields): void {
    let line: string;
    try {
      const fields = typeof given === "function" ? given() : given;
      line = JSON.stringify({ level, msg, ...this.base, ...fields }, redactingReplacer);
    } catch {
      line = JSON.stringify({ level, msg, ...(redact(this.base) as object), note: "fields not serialisable" });
    }
    this.sink(level, line);
  }
}

const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  with: () => silentLogger,
};

/** A logger adding `base` to every line; given as a function, `base` is built only if the sink keeps lines. */
export function createLogger(
  sink: LogSink,
  base: Record<string, unknown> | (() => Record<string, unknown>) = {},
): Logger {
  if (sink === discardLogs) return silentLogger;
  return new JsonLogger(sink, typeof base === "function" ? base() : base);
}
