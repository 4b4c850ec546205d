// mapLimit (src/async/map-limit.ts): results in input order, never more than `limit` calls in flight.
import { describe, expect, it } from "vitest";
import { mapLimit } from "../../src/async/map-limit.js";

describe("mapLimit", () => {
  it("returns the results in input order whatever order the calls end in", async () => {
    const delays = [30, 0, 20, 10, 0];
    const out = await mapLimit(delays, 2, async (ms) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return ms * 2;
    });
    expect(out).toEqual([60, 0, 40, 20, 0]);
  });

  it("keeps at most `limit` calls in flight", async () => {
    let inFlight = 0;
    let most = 0;
    await mapLimit([1, 2, 3, 4, 5, 6, 7], 3, async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
    });
    expect(most).toBe(3);
  });

  it("calls nothing for no items, and a rejected call rejects the whole", async () => {
    expect(await mapLimit([], 4, async () => 1)).toEqual([]);
    await expect(
      mapLimit([1, 2], 2, async (n) => {
        if (n === 2) throw new Error("two");
        return n;
      }),
    ).rejects.toThrow("two");
  });
});
