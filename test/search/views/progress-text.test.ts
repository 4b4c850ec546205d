// The progress lines on stderr, each worded from one event a use case reports through its port.
import { describe, expect, it } from "vitest";
import { progressLine } from "../../../src/search/views/progress-text.js";

describe("progressLine", () => {
  it("a deploy's writes as they start, and the run", () => {
    expect(progressLine({ event: "writing", write: "create", kind: "index", name: "docs-index" })).toBe(
      "creating index docs-index",
    );
    expect(progressLine({ event: "writing", write: "update", kind: "datasource", name: "docs-datasource" })).toBe(
      "updating datasource docs-datasource",
    );
    expect(progressLine({ event: "writing", write: "recreate", kind: "index", name: "docs-index" })).toBe(
      "recreating index docs-index",
    );
    expect(progressLine({ event: "starting-run", indexer: "docs-indexer" })).toBe("starting a run of docs-indexer");
  });

  it("a delete is the index dropped by --allow-rebuild, or a knowledge object deleted to be recreated", () => {
    expect(progressLine({ event: "writing", write: "delete", kind: "index", name: "docs-index" })).toBe(
      "dropping index docs-index (--allow-rebuild)",
    );
    expect(progressLine({ event: "writing", write: "delete", kind: "knowledgeSource", name: "docs-ks" })).toBe(
      "deleting knowledge source docs-ks",
    );
  });

  it("a blue/green build's steps and crawl, and the migration's alias retried", () => {
    const swapped = { did: "swapped", alias: "docs-index", from: "docs-index-1", to: "docs-index-2" } as const;
    expect(progressLine({ event: "step-done", step: "swap", detail: { ...swapped, knowledgeSource: undefined } })).toBe(
      "swap: alias docs-index: docs-index-1 → docs-index-2",
    );
    expect(progressLine({ event: "crawling", itemsProcessed: 40, itemsFailed: 1, since: "2026-11-28T01:00:00Z" })).toBe(
      "crawling: 40 processed, 1 failed (since 2026-11-28T01:00:00Z)",
    );
    expect(progressLine({ event: "crawling", itemsProcessed: 0, itemsFailed: 0, since: null })).toBe(
      "crawling: 0 processed, 0 failed (since ?)",
    );
    expect(progressLine({ event: "alias-retry", alias: "docs-index", error: "name in use", waitMs: 200 })).toBe(
      "the service refused alias docs-index (name in use); retrying in 200 ms",
    );
  });

  it("the wait for a run: seconds so far, and our run once it started", () => {
    expect(progressLine({ event: "waiting-for-run", waitedMs: 2600, run: null })).toBe(
      "3s: waiting for the run to start",
    );
    const run = { status: "inProgress", itemsProcessed: 12, itemsFailed: 0 };
    expect(progressLine({ event: "waiting-for-run", waitedMs: 10_000, run })).toBe(
      "10s: inProgress, 12 processed, 0 failed",
    );
  });

  it("the orphan survey and deletion", () => {
    expect(progressLine({ event: "listing-blobs", count: 5 })).toBe("listing blobs: 5");
    expect(progressLine({ event: "reading-documents", count: 5000 })).toBe("reading documents: 5000");
    expect(progressLine({ event: "deleting-orphans", deleted: 100, total: 250 })).toBe("deleted 100 of 250");
  });

  it("preflight's read, of the account or Azurite", () => {
    expect(progressLine({ event: "reading-blob-service-properties", account: "stdocs", local: false })).toBe(
      "reading blob service properties of stdocs...",
    );
    expect(progressLine({ event: "reading-blob-service-properties", account: "devstore", local: true })).toBe(
      "reading blob service properties of Azurite...",
    );
  });

  it("the evaluation", () => {
    expect(progressLine({ event: "evaluating", done: 10, total: 42, index: "docs-index" })).toBe(
      "evaluated 10/42 queries against docs-index",
    );
  });
});
