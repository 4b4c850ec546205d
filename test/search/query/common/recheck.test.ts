// When the facts behind every answer are read again (src/search/query/common/recheck.ts): a failed coverage or
// provenance read is retried after seconds (doubling), a good one kept for the time to live, a refusal (403) not
// retried early.
import { describe, expect, it } from "vitest";
import {
  coverageCheckFailed,
  provenanceReadFailed,
  recheckDelayMs,
  recheckPolicy,
} from "../../../../src/search/query/common/recheck.js";
import type { ProvenanceFacts } from "../../../../src/search/query/common/provenance.js";
import { unknownBecause } from "../../../../src/search/known.js";

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
