// A pipeline policy for the Azure SDK clients: every attempt gets a timeout, every request the command's
// deadline, and a slow answer is reported once. The SDKs set no request timeout of their own, so without this
// a service that accepts connections but never answers keeps a command waiting forever.
import type { PipelinePolicy } from "@azure/core-rest-pipeline";
import { NoAnswerError, origin, type ServiceOptions } from "./service-options.js";

export function deadlinePolicy(options: { signal?: AbortSignal }): PipelinePolicy {
  return {
    name: "docsIndexDeadline",
    sendRequest(request, next) {
      // perCall: the retry policy's back-off waits on request.abortSignal too, so the deadline ends them.
      if (options.signal)
        request.abortSignal = request.abortSignal
          ? AbortSignal.any([request.abortSignal as AbortSignal, options.signal])
          : options.signal;
      return next(request);
    },
  };
}

type AttemptOptions = Pick<ServiceOptions, "requestTimeoutMs" | "slowNoticeMs" | "onSlow" | "onAttempt" | "signal">;

/**
 * One attempt at `url` under the patience rules, the one place they live: `send` gets a signal that ends the
 * attempt after `requestTimeoutMs` or at the command's deadline, either of which is a NoAnswerError naming the
 * endpoint (never retried); an answer slower than `slowNoticeMs` is reported once through `onSlow`.
 */
export async function patientAttempt<T>(
  options: AttemptOptions,
  url: string,
  send: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  options.onAttempt?.(origin(url));
  const attempt = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    attempt.abort();
  }, options.requestTimeoutMs);
  const slow = options.onSlow ? setTimeout(() => options.onSlow?.(origin(url)), options.slowNoticeMs) : undefined;
  try {
    return await send(options.signal ? AbortSignal.any([attempt.signal, options.signal]) : attempt.signal);
  } catch (err) {
    if (timedOut) throw new NoAnswerError(origin(url), "request-timeout", options.requestTimeoutMs);
    if (options.signal?.aborted)
      throw new NoAnswerError(origin(url), "deadline", Number(options.signal.reason?.afterMs ?? 0));
    throw err;
  } finally {
    clearTimeout(timer);
    clearTimeout(slow);
  }
}

export function attemptTimeoutPolicy(options: AttemptOptions): PipelinePolicy {
  return {
    name: "docsIndexAttemptTimeout",
    async sendRequest(request, next) {
      const callSignal = request.abortSignal;
      try {
        return await patientAttempt(options, request.url, (attemptSignal) => {
          request.abortSignal = callSignal
            ? AbortSignal.any([callSignal as AbortSignal, attemptSignal])
            : attemptSignal;
          return next(request);
        });
      } finally {
        request.abortSignal = callSignal;
      }
    },
  };
}

/** The retry budget of ServiceOptions for a core-pipeline client (search, tables, ARM). */
export function coreRetryOptions(service: Pick<ServiceOptions, "maxRetries" | "retryDelayMs" | "maxRetryDelayMs">) {
  return {
    maxRetries: service.maxRetries,
    retryDelayInMs: service.retryDelayMs,
    maxRetryDelayInMs: service.maxRetryDelayMs,
  };
}

/** Options of a core-pipeline SDK client: the retry budget, the deadline on every call, a timeout on every attempt. */
export function patientClientOptions(service: ServiceOptions) {
  return {
    retryOptions: coreRetryOptions(service),
    additionalPolicies: [
      { policy: deadlinePolicy(service), position: "perCall" as const },
      { policy: attemptTimeoutPolicy(service), position: "perRetry" as const },
    ],
  };
}

/**
 * The retry budget for the storage SDKs (blobs, queues), which take their own retry options. `tryTimeoutInMs` is
 * sent to the service as its own `timeout` parameter; it does not end a request the service never answers.
 */
export function storageRetryOptions(service: ServiceOptions) {
  return {
    maxTries: service.maxRetries + 1,
    tryTimeoutInMs: service.requestTimeoutMs,
    retryDelayInMs: service.retryDelayMs,
    maxRetryDelayInMs: Math.max(service.retryDelayMs, service.maxRetryDelayMs),
  };
}
