// What each step of a blue/green rebuild or migration did, worded from the fact the core records; the result's
// --json document carries the same words.
import { describe, expect, it } from "vitest";
import { stepDetailText, withWordedSteps } from "../../../src/search/views/bluegreen-text.js";

const ks = (written: boolean) => ({ knowledgeSource: "docs-ks", index: "docs-index-2", written });

describe("stepDetailText", () => {
  it("building the generation: unused ones deleted, the index created, the indexer pointed, the crawl", () => {
    expect(stepDetailText({ did: "deleted-unused", indexes: ["docs-index-3"] })).toBe(
      "deleted docs-index-3 as planned: left unused by an earlier rolled-back or interrupted rebuild",
    );
    expect(stepDetailText({ did: "created-index", index: "docs-index-2" })).toBe(
      "created index docs-index-2 from the reviewed definition",
    );
    expect(
      stepDetailText({ did: "pointed-indexer", indexer: "docs-indexer", index: "docs-index-2", was: "docs-index-1" }),
    ).toBe("docs-indexer now writes into docs-index-2 (was docs-index-1)");
    expect(
      stepDetailText({ did: "started-crawl", indexer: "docs-indexer", index: "docs-index-2", joined: false }),
    ).toBe("reset docs-indexer and started a full crawl into docs-index-2");
    expect(stepDetailText({ did: "started-crawl", indexer: "docs-indexer", index: "docs-index-2", joined: true })).toBe(
      "reset docs-indexer and joined a full crawl into docs-index-2",
    );
    expect(stepDetailText({ did: "crawl-finished", index: "docs-index-2" })).toBe(
      "the crawl into docs-index-2 finished",
    );
  });

  it("the verification, and the rollback with whether the crawl window was recorded", () => {
    expect(stepDetailText({ did: "verified", index: "docs-index-2", ok: true })).toBe("docs-index-2 passed");
    expect(stepDetailText({ did: "verified", index: "docs-index-2", ok: false })).toBe("docs-index-2 FAILED");
    const back = { did: "rolled-back", indexer: "docs-indexer", serving: "docs-index-1" } as const;
    expect(
      stepDetailText({
        ...back,
        crawlWindow: {
          recorded: true,
          index: "docs-index-2",
          from: "2026-11-28T01:00:00Z",
          until: "2026-11-28T01:05:00Z",
        },
      }),
    ).toBe(
      "docs-indexer points at docs-index-1 again; the alias was not touched; docs-index-2 records its crawl window (2026-11-28T01:00:00Z to 2026-11-28T01:05:00Z)",
    );
    expect(
      stepDetailText({ ...back, crawlWindow: { recorded: false, index: "docs-index-2", reason: "index not found" } }),
    ).toBe(
      "docs-indexer points at docs-index-1 again; the alias was not touched; docs-index-2's crawl window was NOT recorded (index not found): status reports the serving generation's last run as unknown until docs-index-2 is pruned",
    );
  });

  it("the swap (with the knowledge source moved, or already there), the wait, the prune", () => {
    const swap = { did: "swapped", alias: "docs-index", from: "docs-index-1", to: "docs-index-2" } as const;
    expect(stepDetailText({ ...swap, knowledgeSource: undefined })).toBe(
      "alias docs-index: docs-index-1 → docs-index-2",
    );
    expect(stepDetailText({ ...swap, knowledgeSource: ks(true) })).toBe(
      "alias docs-index: docs-index-1 → docs-index-2; knowledge source docs-ks → docs-index-2 (read back)",
    );
    expect(stepDetailText({ ...swap, knowledgeSource: ks(false) })).toBe(
      "alias docs-index: docs-index-1 → docs-index-2; knowledge source docs-ks names docs-index-2",
    );
    expect(stepDetailText({ did: "propagated", waitedMs: 10_000 })).toBe(
      "waited 10000 ms for the alias update to propagate",
    );
    expect(stepDetailText({ did: "pruned", indexes: ["docs-index-1", "docs-index-0"] })).toBe(
      "deleted docs-index-1, docs-index-0",
    );
  });

  it("the migration: the knowledge source moved, the concrete index deleted, the alias created", () => {
    expect(stepDetailText({ did: "pointed-knowledge-source", point: ks(true) })).toBe(
      "knowledge source docs-ks → docs-index-2 (read back)",
    );
    expect(stepDetailText({ did: "pointed-knowledge-source", point: undefined })).toBe("");
    expect(stepDetailText({ did: "deleted-concrete-index", alias: "docs-index" })).toBe(
      "deleted the concrete index docs-index (queries to docs-index fail until the alias exists)",
    );
    expect(stepDetailText({ did: "created-alias", alias: "docs-index", index: "docs-index-1", attempts: 2 })).toBe(
      "alias docs-index → docs-index-1 (attempt 2)",
    );
  });
});

describe("withWordedSteps", () => {
  it("words each step's detail and keeps the rest of the result as it is", () => {
    const result = {
      alias: "docs-index",
      steps: [{ step: "propagate" as const, ms: 12, detail: { did: "propagated" as const, waitedMs: 200 } }],
      pruned: [],
    };
    expect(withWordedSteps(result)).toEqual({
      alias: "docs-index",
      steps: [{ step: "propagate", ms: 12, detail: "waited 200 ms for the alias update to propagate" }],
      pruned: [],
    });
  });
});
