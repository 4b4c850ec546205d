// The per-caller limit on tool calls: a token bucket refilled at `perMinute` a minute, holding at most a quarter
// minute's worth (so a burst of parallel calls passes, a loop does not). Pure: the shell keeps one bucket a caller.

export interface Bucket {
  tokens: number;
  at: number;
}

export type Take = { allowed: true; bucket: Bucket } | { allowed: false; bucket: Bucket; retryAfterSeconds: number };

/** The largest burst: a quarter of the per-minute rate, at least 1. */
export function burstOf(perMinute: number): number {
  return Math.max(1, Math.ceil(perMinute / 4));
}

/** Takes one call from the caller's bucket (undefined: a caller not seen yet, a full bucket). */
export function takeCall(bucket: Bucket | undefined, now: number, perMinute: number): Take {
  const capacity = burstOf(perMinute);
  const perMs = perMinute / 60_000;
  const tokens = bucket === undefined ? capacity : Math.min(capacity, bucket.tokens + (now - bucket.at) * perMs);
  if (tokens >= 1) return { allowed: true, bucket: { tokens: tokens - 1, at: now } };
  return {
    allowed: false,
    bucket: { tokens, at: now },
    retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)),
  };
}

/** A bucket that has refilled completely carries no information and may be forgotten. */
export function isFull(bucket: Bucket, now: number, perMinute: number): boolean {
  return bucket.tokens + (now - bucket.at) * (perMinute / 60_000) >= burstOf(perMinute);
}
