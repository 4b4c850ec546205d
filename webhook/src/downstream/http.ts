// One downstream HTTP call with a timeout, classified for the retry loop and the handler:
// network error, timeout, 408, 429 and 5xx are retryable; 401/403 become DownstreamAuthError; other 4xx
// DownstreamRejectedError. The caller's correlation (traceparent, x-correlation-id) is forwarded.
import { DownstreamAuthError, DownstreamRejectedError, RetryableDownstreamError } from "./errors.js";
import type { FetchLike } from "./token.js";

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface CallOptions {
  service: string;
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  fetch: FetchLike;
  /** Extra fields for the 401/403 diagnostics log line. */
  authDiagnostics: () => Record<string, unknown>;
}

function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export async function callDownstream(o: CallOptions): Promise<{ status: number; text: string }> {
  let response: Response;
  try {
    response = await o.fetch(o.url, {
      method: o.method,
      headers: o.headers,
      body: o.body,
      signal: AbortSignal.timeout(o.timeoutMs),
    });
  } catch (err) {
    const timedOut = (err as Error)?.name === "TimeoutError" || (err as Error)?.name === "AbortError";
    throw new RetryableDownstreamError(
      o.service,
      timedOut
        ? `${o.service} did not answer within ${o.timeoutMs} ms`
        : `${o.service} unreachable: ${(err as Error).message}`,
      undefined,
      { cause: err },
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    throw new RetryableDownstreamError(
      o.service,
      `${o.service} response body could not be read: ${(err as Error).message}`,
      undefined,
      { cause: err },
    );
  }
  const status = response.status;
  if (status >= 200 && status < 300) return { status, text };
  if (status === 408 || status === 429 || status >= 500) {
    throw new RetryableDownstreamError(
      o.service,
      `${o.service} answered HTTP ${status}`,
      retryAfterSeconds(response.headers.get("retry-after")),
    );
  }
  if (status === 401 || status === 403) {
    throw new DownstreamAuthError(o.service, status, {
      ...o.authDiagnostics(),
      // The gateway explains its own refusals in these headers (spec A errors).
      errorSource: response.headers.get("errorsource") ?? undefined,
      errorReason: response.headers.get("errorreason") ?? undefined,
      errorMessage: response.headers.get("errormessage") ?? undefined,
      wwwAuthenticate: response.headers.get("www-authenticate") ?? undefined,
      responseExcerpt: text.slice(0, 300),
    });
  }
  return { status, text };
}

export function rejectUnexpected(service: string, status: number, text: string): never {
  throw new DownstreamRejectedError(service, status, text.slice(0, 300));
}
