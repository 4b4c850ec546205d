// The facts behind every answer recover fast: a failed coverage or provenance read is retried after seconds
// (doubling), a good one kept for the time to live, a refusal (403) not retried early. Time is a fake clock.
import { describe, expect, it } from "vitest";
import {
  coverageCheckFailed,
  provenanceReadFailed,
  recheckDelayMs,
  recheckPolicy,
} from "../../../src/search/query/recheck.js";
import { Refreshing } from "../../../src/search/query/io/refreshing.js";
import type { ProvenanceFacts } from "../../../src/search/query/provenance.js";
import { unknownBecause } from "../../../src/search/known.js";
import type { FormatCoverageCheck } from "../../../src/search/dedup/policy.js";

const policy = recheckPolicy(300_000);

describe("recheck policy", () => {
  it("retries a failed read after 2 s, doubling, never later than the time to live", () => {
    expect([1, 2, 3, 4, 5].map((f) => recheckDelayMs(f, policy))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(recheckDelayMs(20, policy)).toBe(300_000);
    expect(recheckDelayMs(0, policy)).toBe(300_000);
    expect(recheckPolicy(1_000).firstRetryMs).toBe(1_000);
  });

  it("counts a connection failure as worth retrying, a 403 refusal not", () => {
    const refused = unknownBecause(Object.assign(new Error("Forbidden"), { statusCode: 403 }), "reading the indexer");
    const down = unknownBecause(new Error("connect ECONNREFUSED 127.0.0.1:8443"), "reading the indexer");
    const known = { status: "known" as const, value: null };
    const facts = (freshness: ProvenanceFacts["freshness"]): ProvenanceFacts => ({
      index: "docs-index",
      serving: { status: "known", value: { kind: "index", index: "docs-index" } as never },
      etag: known,
      freshness,
      apiVersion: "2026-04-01",
    });
    expect(provenanceReadFailed(facts(down))).toBe(true);
    expect(provenanceReadFailed(facts(refused))).toBe(false);
    expect(coverageCheckFailed({ kind: "failed", reason: "ECONNREFUSED", checkedAt: "x" })).toBe(true);
  });
});

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
