// Never hang on the storage services: every table and queue request of `webhook-deliveries` has a per-request
// timeout and carries the command's deadline, and an answer slower than a few seconds is reported once (`waiting
// for <url> (from <source>)`). The table client takes docs-index's patience policies; the queue client's
// pipeline takes no policies, so each queue call is run through a RequestGuard with the same rules.
import { patientAttempt, patientClientOptions, storageRetryOptions } from "../../search/io/patience-policy.js";
import type { ServiceOptions } from "../../search/io/service-options.js";

/** Runs one request with an AbortSignal that ends it at its timeout or the command's deadline. */
export type RequestGuard = <T>(url: string, send: (abortSignal: AbortSignal) => Promise<T>) => Promise<T>;

/** No guard: the request as is (library callers that bring their own limits). */
export const unguarded: RequestGuard = (_url, send) => send(new AbortController().signal);

export function requestGuard(service: ServiceOptions): RequestGuard {
  return (url, send) => patientAttempt(service, url, send);
}

/** Table client options: the retry budget, the deadline on every call and the timeout on every attempt. */
export const tableClientOptions = patientClientOptions;

/** Queue client options: the storage retry budget, each try bounded by the request timeout. */
export function queueClientOptions(service: ServiceOptions) {
  return { retryOptions: storageRetryOptions(service) };
}
