// The tenant's token signing keys (the JWKS that OpenID discovery names), fetched with a timeout and cached by the
// policy in src/mcp/core/key-cache-policy.ts: one fetch in flight at a time, however many requests wait on it;
// cached keys keep serving (bounded) while fetches fail; keys that cannot be had are reported as an outage.
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";
import {
  afterFetchFailed,
  afterFetchSucceeded,
  DEFAULT_KEY_CACHE_POLICY,
  EMPTY_KEY_CACHE,
  keyDecision,
  type KeyCachePolicy,
  type KeyCacheState,
} from "../core/key-cache-policy.js";

export type KeyLookup =
  | { kind: "keys"; getKey: JWTVerifyGetKey }
  | { kind: "unknown-key" }
  | { kind: "unavailable"; retryAfterSeconds: number };

export interface SigningKeysOptions {
  fetchImpl?: typeof fetch;
  /** The clock (tests move it). */
  now?: () => number;
  /** How long one fetch of the key set may take. */
  timeoutMs?: number;
  policy?: KeyCachePolicy;
  log?: (line: string) => void;
}

/** A key set larger than this is not Entra ID's (it holds a handful of keys). */
const MAX_JWKS_BYTES = 1024 * 1024;

export class SigningKeys {
  private state: KeyCacheState = EMPTY_KEY_CACHE;
  private set?: JWTVerifyGetKey;
  private inFlight?: Promise<void>;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly policy: KeyCachePolicy;
  private readonly log: (line: string) => void;

  constructor(
    private readonly jwksUri: string,
    options: SigningKeysOptions = {},
  ) {
    this.fetchImpl = options.fetchImpl ?? fetch;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.policy = options.policy ?? DEFAULT_KEY_CACHE_POLICY;
    this.log = options.log ?? (() => {});
  }

  /** The keys to verify a token naming `kid` with, after a fetch when the policy asks for one. */
  async lookup(kid: string | undefined): Promise<KeyLookup> {
    let decision = keyDecision(this.state, this.now(), kid, this.policy);
    if (decision.kind === "fetch") {
      await this.refresh();
      decision = keyDecision(this.state, this.now(), kid, this.policy);
    }
    switch (decision.kind) {
      case "use":
        if (decision.refresh) void this.refresh();
        return { kind: "keys", getKey: this.set! };
      case "fetch": // not after a fetch (the policy defers the next one); kept total for the type
        return { kind: "unavailable", retryAfterSeconds: 1 };
      default:
        return decision;
    }
  }

  /** Fetches the key set, or joins the fetch in flight. Never throws: a failure backs off. */
  refresh(): Promise<void> {
    this.inFlight ??= this.fetchOnce().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async fetchOnce(): Promise<void> {
    try {
      const jwks = await this.fetchKeySet();
      this.set = createLocalJWKSet(jwks);
      const kids = jwks.keys.map((k) => k.kid).filter((k): k is string => typeof k === "string");
      this.state = afterFetchSucceeded(this.state, this.now(), kids, this.policy);
    } catch (err) {
      this.state = afterFetchFailed(this.state, this.now(), this.policy);
      const retry = Math.max(0, Math.round((this.state.nextFetchAt - this.now()) / 1000));
      this.log(
        `mcp auth: the signing keys could not be fetched from ${this.jwksUri} (${(err as Error).message}); ` +
          `${this.state.keys ? "using the cached keys; " : ""}next attempt in ${retry} s`,
      );
    }
  }

  private async fetchKeySet(): Promise<JSONWebKeySet> {
    const response = await this.fetchImpl(this.jwksUri, {
      signal: AbortSignal.timeout(this.timeoutMs),
      headers: { accept: "application/json" },
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    const body = await response.text();
    if (body.length > MAX_JWKS_BYTES) throw new Error("the key set is too large");
    const parsed = JSON.parse(body) as Partial<JSONWebKeySet>;
    if (!Array.isArray(parsed.keys)) throw new Error("no keys array");
    return { keys: parsed.keys };
  }
}
