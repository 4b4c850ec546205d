// What a failed event handler means, in one place: the log line (level, message, fields) and, for inline
// processing, the HTTP answer. Queued processing logs the same line and leaves the retry to the queue.
import {
  DownstreamAuthError,
  DownstreamRejectedError,
  PayloadRejectedError,
  RetryableDownstreamError,
} from "../downstream/errors.js";
import { PROBLEM_TYPES, type FieldError } from "../problem.js";

export interface FailureVerdict {
  level: "warn" | "error";
  msg: string;
  fields: Record<string, unknown>;
  /** The inline answer. */
  status: 400 | 500 | 502 | 503;
  type: string;
  detail: string;
  errors?: FieldError[];
  /** One line for the idempotency record's lastError. */
  summary: string;
}

/** Pure: a handler's error -> what to log and answer. `kind` is the handler's `Object/Event`. */
export function classifyFailure(err: unknown, kind: string): FailureVerdict {
  if (err instanceof PayloadRejectedError)
    return {
      level: "warn",
      msg: "delivery rejected by its handler",
      fields: { errors: err.errors },
      status: 400,
      type: PROBLEM_TYPES.validation,
      detail: `The ${kind} event is missing required fields.`,
      errors: err.errors,
      summary: err.message,
    };
  if (err instanceof RetryableDownstreamError)
    return {
      level: "warn",
      msg: "processing failed temporarily",
      fields: { service: err.service, error: err.message },
      status: 503,
      type: PROBLEM_TYPES.downstreamUnavailable,
      detail: `Processing could not complete: ${err.message}. Redeliver later.`,
      summary: `${err.service}: ${err.message}`,
    };
  if (err instanceof DownstreamAuthError)
    return {
      level: "error",
      msg: `${err.service} refused the receiver's app-only token (HTTP ${err.status})`,
      fields: { service: err.service, status: err.status, diagnostics: err.diagnostics },
      status: 502,
      type: PROBLEM_TYPES.downstreamRejected,
      detail: `The ${err.service} refused the receiver's credentials (HTTP ${err.status}).`,
      summary: `${err.service} answered HTTP ${err.status} (credentials refused; see the log line's checklist)`,
    };
  if (err instanceof DownstreamRejectedError)
    return {
      level: "error",
      msg: `${err.service} rejected the request (HTTP ${err.status})`,
      fields: { service: err.service, status: err.status, response: err.responseExcerpt },
      status: 502,
      type: PROBLEM_TYPES.downstreamRejected,
      detail: `The ${err.service} rejected the request (HTTP ${err.status}).`,
      summary: `${err.message}: ${err.responseExcerpt}`.slice(0, 500),
    };
  return {
    level: "error",
    msg: "processing failed unexpectedly",
    fields: {
      error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
    },
    status: 500,
    type: PROBLEM_TYPES.internal,
    detail: "Processing failed unexpectedly; the delivery can be redelivered.",
    summary: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
  };
}
