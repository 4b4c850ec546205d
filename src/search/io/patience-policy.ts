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

export function attemptTimeoutPolicy(
  options: Pick<ServiceOptions, "requestTimeoutMs" | "slowNoticeMs" | "onSlow" | "onAttempt" | "signal">,
): PipelinePolicy {
  return {
    name: "docsIndexAttemptTimeout",
    async sendRequest(request, next) {
      options.onAttempt?.(origin(request.url));
      const attempt = new AbortController();
      const callSignal = request.abortSignal;
      request.abortSignal = callSignal ? AbortSignal.any([callSignal as AbortSignal, attempt.signal]) : attempt.signal;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        attempt.abort();
      }, options.requestTimeoutMs);
      const slow = options.onSlow
        ? setTimeout(() => options.onSlow?.(origin(request.url)), options.slowNoticeMs)
        : undefined;
      try {
        return await next(request);
      } catch (err) {
        if (timedOut) throw new NoAnswerError(origin(request.url), "request-timeout", options.requestTimeoutMs);
        if (options.signal?.aborted && (err as Error).name === "AbortError")
          throw new NoAnswerError(origin(request.url), "deadline", Number(options.signal.reason?.afterMs ?? 0));
        throw err;
      } finally {
        clearTimeout(timer);
        clearTimeout(slow);
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
