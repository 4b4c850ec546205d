// Service options for tests: the same retry rules as in production, with millisecond back-off, so a 429/503 is
// still retried but an unreachable service fails at once.
import type { ServiceOptions } from "../../src/search/io/service-options.js";

export const FAST_SERVICE: Partial<ServiceOptions> = {
  maxRetries: 2,
  retryDelayMs: 1,
  maxRetryDelayMs: 5,
  requestTimeoutMs: 10_000,
};
