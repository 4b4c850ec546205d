// Bounded retries with exponential backoff and full jitter (delay = random * min(cap, base * 2^n)); a
// downstream Retry-After hint is honoured up to the cap. Only errors marked `retryable` are retried.

export interface RetryPolicy {
  /** Total attempts, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 3, baseDelayMs: 250, maxDelayMs: 2_000 };

export interface RetryHooks {
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

function isRetryable(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { retryable?: unknown }).retryable === true;
}

/** The wait before retry number `retry` (0-based), given an optional Retry-After hint in seconds. */
export function backoffDelay(
  policy: RetryPolicy,
  retry: number,
  random: () => number,
  retryAfterSeconds?: number,
): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  const jittered = Math.floor(random() * exp);
  if (retryAfterSeconds !== undefined && retryAfterSeconds > 0)
    return Math.min(policy.maxDelayMs, Math.max(jittered, retryAfterSeconds * 1000));
  return jittered;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetry<T>(
  fn: (attempt: number) => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  hooks: RetryHooks = {},
): Promise<T> {
  const sleep = hooks.sleep ?? defaultSleep;
  const random = hooks.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (!isRetryable(err) || attempt >= policy.attempts) throw err;
      const hint = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
      const delayMs = backoffDelay(policy, attempt - 1, random, hint);
      hooks.onRetry?.({ attempt, delayMs, error: err });
      await sleep(delayMs);
    }
  }
}
