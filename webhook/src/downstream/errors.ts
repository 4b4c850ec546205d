// Failures of event processing, each mapped to its log line and inline answer by processing/failure.ts (queued
// processing retries every one of them from the queue):
//   PayloadRejectedError      -> 400 (the delivery is valid JSON but this event kind needs more fields)
//   RetryableDownstreamError  -> 503 + Retry-After, claim released (the provider should redeliver)
//   DownstreamAuthError       -> 502, claim released, diagnostics logged (401/403 from a downstream API)
//   DownstreamRejectedError   -> 502, claim released (another 4xx from a downstream API)
import type { FieldError } from "../problem.js";

export class PayloadRejectedError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(`payload rejected: ${errors.map((e) => `${e.key} ${e.values.join("; ")}`).join(", ")}`);
    this.name = "PayloadRejectedError";
  }
}

export class RetryableDownstreamError extends Error {
  /** Whether the in-process retry loop should try again (false: only a later redelivery can help). */
  readonly retryable: boolean;
  constructor(
    readonly service: string,
    message: string,
    /** The downstream's own Retry-After hint, in seconds, when it sent one. */
    readonly retryAfterSeconds?: number,
    options?: { cause?: unknown; retryNow?: boolean },
  ) {
    super(message, options);
    this.name = "RetryableDownstreamError";
    this.retryable = options?.retryNow ?? true;
  }
}

export class DownstreamAuthError extends Error {
  constructor(
    readonly service: string,
    readonly status: 401 | 403,
    /** Things to check, for the log line (spec A errors: the 403 causes). */
    readonly diagnostics: Record<string, unknown>,
  ) {
    super(`${service} answered HTTP ${status}`);
    this.name = "DownstreamAuthError";
  }
}

export class DownstreamRejectedError extends Error {
  constructor(
    readonly service: string,
    readonly status: number,
    readonly responseExcerpt: string,
  ) {
    super(`${service} rejected the request with HTTP ${status}`);
    this.name = "DownstreamRejectedError";
  }
}
