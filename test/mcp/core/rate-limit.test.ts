// The per-caller tool call limit (src/mcp/core/rate-limit.ts): a token bucket.
import { describe, expect, it } from "vitest";
import { burstOf, isFull, takeCall, type Bucket } from "../../../src/mcp/core/rate-limit.js";

describe("tool call rate limit", () => {
  it("lets a burst of a quarter minute's calls through, then one call per 60/perMinute seconds", () => {
    expect(burstOf(120)).toBe(30);
    let bucket: Bucket | undefined;
    let allowed = 0;
    for (let i = 0; i < 40; i++) {
      const take = takeCall(bucket, 0, 120);
      bucket = take.bucket;
      if (take.allowed) allowed++;
    }
    expect(allowed).toBe(30);
    expect(takeCall(bucket, 0, 120)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(takeCall(bucket, 500, 120).allowed).toBe(true);
    expect(isFull(bucket!, 15_000, 120)).toBe(true);
    expect(takeCall(undefined, 0, 1)).toMatchObject({ allowed: true, bucket: { tokens: 0 } });
    expect(takeCall({ tokens: 0, at: 0 }, 0, 1)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
  });
});
