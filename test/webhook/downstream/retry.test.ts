import { describe, expect, it } from "vitest";
import { RetryableDownstreamError } from "../../../webhook/src/downstream/errors.js";
import { backoffDelay, withRetry } from "../../../webhook/src/downstream/retry.js";

const policy = { attempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 };

describe("retry with backoff and jitter", () => {
  it("keeps delays within [0, min(cap, base * 2^n)) and honours Retry-After up to the cap", () => {
    expect(backoffDelay(policy, 0, () => 0.999)).toBe(99);
    expect(backoffDelay(policy, 3, () => 0.999)).toBe(799);
    expect(backoffDelay(policy, 10, () => 0.999)).toBe(999);
    expect(backoffDelay(policy, 0, () => 0)).toBe(0);
    expect(backoffDelay(policy, 0, () => 0, 0.5)).toBe(500);
    expect(backoffDelay(policy, 0, () => 0, 60)).toBe(1_000);
  });

  it("retries retryable errors a bounded number of times, then throws the last error", async () => {
    const delays: number[] = [];
    let calls = 0;
    const err = await withRetry(
      async () => {
        calls++;
        throw new RetryableDownstreamError("svc", `fail ${calls}`);
      },
      policy,
      { sleep: async (ms) => void delays.push(ms), random: () => 0.5 },
    ).catch((e: unknown) => e);
    expect(calls).toBe(4);
    expect((err as Error).message).toBe("fail 4");
    expect(delays).toEqual([50, 100, 200]);
  });

  it("does not retry other errors or errors marked retryNow: false", async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error("boom");
        },
        policy,
        { sleep: async () => {} },
      ),
    ).rejects.toThrow("boom");
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new RetryableDownstreamError("svc", "later", undefined, { retryNow: false });
        },
        policy,
        { sleep: async () => {} },
      ),
    ).rejects.toThrow("later");
    expect(calls).toBe(2);
  });

  it("returns the first success", async () => {
    let calls = 0;
    const v = await withRetry(
      async () => (++calls < 3 ? Promise.reject(new RetryableDownstreamError("s", "x")) : "ok"),
      policy,
      { sleep: async () => {} },
    );
    expect([v, calls]).toEqual(["ok", 3]);
  });
});
