// The MCP server's cache of the facts behind every answer (src/search/query/common/io/refreshing.ts): a value
// re-read when the recheck policy says it is due, concurrent callers sharing one read. Time is a fake clock.
import { describe, expect, it } from "vitest";
import { coverageCheckFailed, recheckPolicy } from "../../../../../src/search/query/common/recheck.js";
import { Refreshing } from "../../../../../src/search/query/common/io/refreshing.js";
import type { FormatCoverageCheck } from "../../../../../src/search/dedup/policy.js";

const policy = recheckPolicy(300_000);

describe("Refreshing (the MCP server's cache of coverage and provenance)", () => {
  function coverageReads(outcomes: FormatCoverageCheck["kind"][]) {
    let now = 0;
    let reads = 0;
    const cache = new Refreshing<FormatCoverageCheck>(
      async () => {
        const kind = outcomes[Math.min(reads++, outcomes.length - 1)];
        return kind === "failed"
          ? { kind, reason: "the count query failed: connect ECONNREFUSED", checkedAt: String(now) }
          : { kind: "counted", nullFormat: 0, total: 5, checkedAt: String(now) };
      },
      { policy, failed: coverageCheckFailed, now: () => now },
    );
    return {
      cache,
      at: (t: number) => (now = t),
      reads: () => reads,
    };
  }

  it("answers from a fresh read seconds after the service is back, not after the time to live", async () => {
    const c = coverageReads(["failed", "counted"]);
    expect((await c.cache.get()).kind).toBe("failed"); // the service down at start
    c.at(1_999);
    expect((await c.cache.get()).kind).toBe("failed");
    expect(c.reads()).toBe(1);
    c.at(2_000);
    expect((await c.cache.get()).kind).toBe("counted");
    expect(c.reads()).toBe(2);
    c.at(2_000 + 299_999); // a good read is kept for the time to live
    await c.cache.get();
    expect(c.reads()).toBe(2);
    c.at(2_000 + 300_000);
    await c.cache.get();
    expect(c.reads()).toBe(3);
  });

  it("backs off while the service stays down, and starts again from seconds after a good read", async () => {
    const c = coverageReads(["failed", "failed", "failed", "counted", "failed", "failed"]);
    const readTimes: number[] = [];
    for (let t = 0; t <= 400_000; t += 500) {
      c.at(t);
      const before = c.reads();
      await c.cache.get();
      if (c.reads() > before) readTimes.push(t);
    }
    // failed at 0, retried at 2 s, 6 s (4 s later), 14 s (8 s later: good); then 300 s later fails, 2 s later again
    expect(readTimes.slice(0, 6)).toEqual([0, 2_000, 6_000, 14_000, 314_000, 316_000]);
  });

  it("shares one read between concurrent callers", async () => {
    const c = coverageReads(["counted"]);
    await Promise.all([c.cache.get(), c.cache.get(), c.cache.get()]);
    expect(c.reads()).toBe(1);
  });
});
