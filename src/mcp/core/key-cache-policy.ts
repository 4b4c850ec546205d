// When the token signing keys (the tenant's JWKS) are fetched again, and what a request does meanwhile. Keys are
// fresh for `freshMs`; older ones are still used (and refreshed in the background) up to `maxStaleMs` after the
// last successful fetch, so a token signed by a cached key keeps working for a bounded time while the key
// endpoint fails. A failed fetch backs off (1 s, 2 s, 4 s … up to `backoffMaxMs`); a token naming a key the set
// does not hold causes a refetch at most once per `unknownKidCooldownMs`. Keys that cannot be had are an outage
// (503 with Retry-After), not a bad token. One fetch at a time is the shell's part (src/mcp/shell/signing-keys.ts).
// Pure.

export interface KeyCachePolicy {
  freshMs: number;
  maxStaleMs: number;
  unknownKidCooldownMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export const DEFAULT_KEY_CACHE_POLICY: KeyCachePolicy = {
  freshMs: 10 * 60_000,
  maxStaleMs: 6 * 3_600_000,
  unknownKidCooldownMs: 30_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 5 * 60_000,
};

export interface KeyCacheState {
  /** The last successful fetch: when, and the key ids it held. */
  keys?: { fetchedAt: number; kids: readonly string[] };
  /** Failed fetches since the last success. */
  failures: number;
  /** No fetch starts before this (back-off after a failure, cooldown after a success). */
  nextFetchAt: number;
}

export const EMPTY_KEY_CACHE: KeyCacheState = { failures: 0, nextFetchAt: 0 };

export type KeyDecision =
  /** Verify with the cached keys; `refresh`: start a fetch in the background (they are no longer fresh). */
  | { kind: "use"; refresh: boolean }
  /** Fetch (or join the fetch in flight), then decide again. */
  | { kind: "fetch" }
  /** The token names a key the tenant's current set does not hold: a bad token (401). */
  | { kind: "unknown-key" }
  /** No usable keys and no fetch allowed yet: 503, retry after this many seconds. */
  | { kind: "unavailable"; retryAfterSeconds: number };

/** What a request whose token names `kid` (undefined: none) does now. */
export function keyDecision(
  state: KeyCacheState,
  now: number,
  kid: string | undefined,
  policy: KeyCachePolicy = DEFAULT_KEY_CACHE_POLICY,
): KeyDecision {
  const usable = state.keys !== undefined && now - state.keys.fetchedAt <= policy.maxStaleMs;
  const canFetch = now >= state.nextFetchAt;
  const known = usable && (kid === undefined || state.keys!.kids.includes(kid));
  if (known) return { kind: "use", refresh: canFetch && now - state.keys!.fetchedAt > policy.freshMs };
  if (canFetch) return { kind: "fetch" };
  // The set was fetched successfully a moment ago and does not hold the key: the token is at fault.
  if (usable && state.failures === 0) return { kind: "unknown-key" };
  return { kind: "unavailable", retryAfterSeconds: Math.max(1, Math.ceil((state.nextFetchAt - now) / 1000)) };
}

export function afterFetchSucceeded(
  _state: KeyCacheState,
  now: number,
  kids: readonly string[],
  policy: KeyCachePolicy = DEFAULT_KEY_CACHE_POLICY,
): KeyCacheState {
  return { keys: { fetchedAt: now, kids: [...kids] }, failures: 0, nextFetchAt: now + policy.unknownKidCooldownMs };
}

export function afterFetchFailed(
  state: KeyCacheState,
  now: number,
  policy: KeyCachePolicy = DEFAULT_KEY_CACHE_POLICY,
): KeyCacheState {
  const failures = state.failures + 1;
  const delay = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** Math.min(failures - 1, 30));
  return { ...state, failures, nextFetchAt: now + delay };
}
