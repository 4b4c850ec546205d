// Per-request timeout and bounded retries for the app's storage clients (the idempotency table and the delivery
// queue). The Azure SDKs set no client-side timeout of their own (the queue SDK's `tryTimeoutInMs` is only sent to
// the service as its `timeout` parameter), so a storage endpoint that accepts the connection and never answers
// would hold the acknowledgement forever. Table: each attempt is ended after `requestTimeoutMs` as a retriable
// network timeout (ETIMEDOUT), retried up to `maxRetries` times. Queue: its client takes no HTTP client of this
// kind (only a core-http v1 one), so each queue call as a whole is ended after the same budget (its attempts,
// their timeouts and the retry delays; the SDK retries within it).
import { createDefaultHttpClient, RestError, type HttpClient, type PipelineRequest } from "@azure/core-rest-pipeline";
import type { TableServiceClientOptions } from "@azure/data-tables";
import type { StoragePipelineOptions } from "@azure/storage-queue";

export interface StorageLimits {
  /** One attempt of one storage request, from sending to the last byte of the answer. */
  requestTimeoutMs: number;
  /** Attempts after the first (timeouts, connection errors, 5xx). */
  maxRetries: number;
}

// Why these figures: the acknowledgement waits for two storage round trips (claim insert, queue write), each a
// few milliseconds in the app's own region, and the sender's and the gateway's timeouts are not documented (the
// gateway's forward-request default is 300 s; common webhook senders give up after 10-30 s). 1.5 s is hundreds of
// times a normal round trip, and with one retry 100 ms later a storage call gives up after about 3.1 s, so with
// the table down the 503 with Retry-After goes out in about 3 s (the queue down: 4 s, its whole-call budget); a
// claim, queue write and release that each exhaust their attempts still answer within about 10 s. The app
// settings WEBHOOK_STORAGE_REQUEST_TIMEOUT_MS and WEBHOOK_STORAGE_MAX_RETRIES change them (settings.ts).
export const DEFAULT_STORAGE_LIMITS: StorageLimits = { requestTimeoutMs: 1_500, maxRetries: 1 };
const RETRY_DELAY_MS = 100;
const MAX_RETRY_DELAY_MS = 1_000;
/**
 * A table query (the retention's scan on UpdatedAt) may take the Table service up to 5 s before it answers with
 * a partial page and a continuation token: queries get that much and a margin, whatever the per-request figure.
 */
const TABLE_QUERY_TIMEOUT_MS = 10_000;

/** Pure: the timeout of one attempt of `request`. */
export function attemptTimeoutMs(request: Pick<PipelineRequest, "method" | "url">, limits: StorageLimits): number {
  const query = request.method === "GET" && /[?&](\$|%24)filter=/i.test(request.url);
  return query ? Math.max(limits.requestTimeoutMs, TABLE_QUERY_TIMEOUT_MS) : limits.requestTimeoutMs;
}

/** The SDK's HTTP client with every attempt ended after its timeout, as a retriable ETIMEDOUT error. */
function timeoutHttpClient(limits: StorageLimits, inner: HttpClient = createDefaultHttpClient()): HttpClient {
  return {
    async sendRequest(request) {
      const caller = request.abortSignal;
      const attempt = new AbortController();
      const timeoutMs = attemptTimeoutMs(request, limits);
      const timer = setTimeout(() => attempt.abort(), timeoutMs);
      const follow = () => attempt.abort();
      if (caller?.aborted) attempt.abort();
      else caller?.addEventListener("abort", follow, { once: true });
      request.abortSignal = attempt.signal;
      try {
        return await inner.sendRequest(request);
      } catch (err) {
        if (attempt.signal.aborted && !caller?.aborted)
          throw new RestError(`no answer from ${new URL(request.url).origin} within ${timeoutMs} ms`, {
            code: "ETIMEDOUT",
            request,
          });
        throw err;
      } finally {
        clearTimeout(timer);
        caller?.removeEventListener("abort", follow);
        request.abortSignal = caller;
      }
    },
  };
}

/** The idempotency table client's options: bounded attempts and retries. */
export function tableClientOptions(limits: StorageLimits = DEFAULT_STORAGE_LIMITS): TableServiceClientOptions {
  return {
    httpClient: timeoutHttpClient(limits),
    retryOptions: {
      maxRetries: limits.maxRetries,
      retryDelayInMs: RETRY_DELAY_MS,
      maxRetryDelayInMs: MAX_RETRY_DELAY_MS,
    },
  };
}

/** The delivery queue client's options: bounded retries, and the per-request figure as the service's timeout. */
export function queuePipelineOptions(limits: StorageLimits = DEFAULT_STORAGE_LIMITS): StoragePipelineOptions {
  return {
    retryOptions: {
      maxTries: limits.maxRetries + 1,
      tryTimeoutInMs: limits.requestTimeoutMs,
      retryDelayInMs: RETRY_DELAY_MS,
      maxRetryDelayInMs: MAX_RETRY_DELAY_MS,
    },
  };
}

/** The longest one queue call may take: every attempt's timeout and the delays between them (4 s by default). */
export function queueCallTimeoutMs(limits: StorageLimits = DEFAULT_STORAGE_LIMITS): number {
  return (limits.maxRetries + 1) * limits.requestTimeoutMs + limits.maxRetries * MAX_RETRY_DELAY_MS;
}
