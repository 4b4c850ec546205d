// When the token signing keys are fetched again and what a request does meanwhile (src/mcp/core/key-cache-policy.ts).
import { describe, expect, it } from "vitest";
import {
  afterFetchFailed,
  afterFetchSucceeded,
  DEFAULT_KEY_CACHE_POLICY as P,
  EMPTY_KEY_CACHE,
  keyDecision,
} from "../../../src/mcp/core/key-cache-policy.js";

const T0 = 1_000_000;
const fetched = afterFetchSucceeded(EMPTY_KEY_CACHE, T0, ["k1"]);

describe("signing key cache policy", () => {
  it("fetches when it holds no keys, uses fresh keys, and refreshes old ones in the background", () => {
    expect(keyDecision(EMPTY_KEY_CACHE, T0, "k1")).toEqual({ kind: "fetch" });
    expect(keyDecision(fetched, T0 + 1000, "k1")).toEqual({ kind: "use", refresh: false });
    expect(keyDecision(fetched, T0 + P.freshMs + 1, "k1")).toEqual({ kind: "use", refresh: true });
  });

  it("keeps using cached keys while fetches fail, up to maxStaleMs after the last success", () => {
    let state = afterFetchFailed(fetched, T0 + P.freshMs + 1);
    expect(keyDecision(state, T0 + P.freshMs + 2, "k1")).toEqual({ kind: "use", refresh: false });
    state = afterFetchFailed(state, T0 + P.maxStaleMs - 10);
    expect(keyDecision(state, T0 + P.maxStaleMs - 5, "k1").kind).toBe("use");
    expect(keyDecision(state, T0 + P.maxStaleMs + 5, "k1")).toMatchObject({ kind: "unavailable" });
  });

  it("backs off after failed fetches (1 s, 2 s, 4 s … at most backoffMaxMs) and says when to retry", () => {
    let state = afterFetchFailed(EMPTY_KEY_CACHE, T0);
    expect(state.nextFetchAt - T0).toBe(1000);
    expect(keyDecision(state, T0 + 10, "k1")).toEqual({ kind: "unavailable", retryAfterSeconds: 1 });
    state = afterFetchFailed(state, T0);
    expect(state.nextFetchAt - T0).toBe(2000);
    state = afterFetchFailed(state, T0);
    expect(keyDecision(state, T0, "k1")).toEqual({ kind: "unavailable", retryAfterSeconds: 4 });
    for (let i = 0; i < 40; i++) state = afterFetchFailed(state, T0);
    expect(state.nextFetchAt - T0).toBe(P.backoffMaxMs);
    expect(keyDecision(state, state.nextFetchAt, "k1")).toEqual({ kind: "fetch" });
  });

  it("refetches for a key id it does not hold at most once per cooldown; after a good fetch it is a bad token", () => {
    expect(keyDecision(fetched, T0 + 1, "other")).toEqual({ kind: "unknown-key" });
    expect(keyDecision(fetched, T0 + P.unknownKidCooldownMs, "other")).toEqual({ kind: "fetch" });
    // While fetches fail, an unknown key id may be a new key: an outage, not a bad token.
    const failing = afterFetchFailed(fetched, T0 + 5);
    expect(keyDecision(failing, T0 + 6, "other")).toMatchObject({ kind: "unavailable" });
  });
});
