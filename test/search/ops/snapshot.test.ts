// `docs-index snapshot`'s core (src/search/ops/snapshot.ts takeSnapshot) through a fake port: the pinned object in
// the order users paste it, and a warning for every part that is not pinned.
import { describe, expect, it } from "vitest";
import type { ServingRuns } from "../../../src/search/ops/serving-runs-facts.js";
import type { RunRecord } from "../../../src/search/ops/indexer-status.js";
import { takeSnapshot, type SnapshotPort } from "../../../src/search/ops/snapshot.js";

const success: RunRecord = {
  status: "success",
  errorMessage: null,
  startTime: "2026-11-23T08:00:00Z",
  endTime: "2026-11-23T08:05:00Z",
  itemsProcessed: 3,
  itemsFailed: 0,
  errors: [],
  warningCount: 0,
};
type Names = { name: string; serving: string | null; alias: boolean };

function port(over: Partial<SnapshotPort<Names>> = {}): SnapshotPort<Names> {
  return {
    indexInfo: async () => ({ etag: '"0x1"' }),
    indexerStatus: async () => ({ name: "ix", serviceStatus: "running", lastResult: success, history: [success] }),
    documentCount: async () => 42,
    servingRuns: async (): Promise<ServingRuns> => ({
      basis: "known",
      serving: "docs-index-3",
      runs: [success],
      elsewhere: [],
    }),
    indexNames: async () => ({ name: "docs-index", serving: "docs-index-3", alias: true }),
    knowledgeSource: async () => null,
    elapsedMs: () => 12.4,
    now: () => new Date("2026-11-24T00:00:00Z"),
    ...over,
  };
}
const request = {
  index: "docs-index",
  indexer: "ix",
  apiVersion: "2026-04-01",
  endpoint: "https://s.search.windows.net",
};

describe("takeSnapshot", () => {
  it("pins the eTag, the serving generation's last run and the count, in the documented order", async () => {
    const pinned = await takeSnapshot(port(), request);
    expect(Object.keys(pinned)).toEqual([
      "index",
      "indexer",
      "indexEtag",
      "lastSuccessfulRunEnd",
      "lastSuccessfulRunUnknownReason",
      "runInProgress",
      "documentCount",
      "apiVersion",
      "endpoint",
      "takenAt",
      "tookMs",
      "warnings",
      "servingIndex",
      "alias",
    ]);
    expect(pinned).toMatchObject({
      indexEtag: '"0x1"',
      lastSuccessfulRunEnd: "2026-11-23T08:05:00Z",
      documentCount: 42,
      takenAt: "2026-11-24T00:00:00.000Z",
      tookMs: 12,
      servingIndex: "docs-index-3",
      warnings: [],
    });
  });

  it("warns about each unpinned part, and about a knowledge source it could not read", async () => {
    const pinned = await takeSnapshot(
      port({
        indexInfo: async () => ({ etag: null, error: "GET index refused (403)" }),
        servingRuns: async () => ({ basis: "unknown", serving: null, reason: "no reset", elsewhere: [] }),
        knowledgeSource: async () => Promise.reject(new Error("refused (403)\nmore")),
      }),
      request,
    );
    expect(pinned.warnings).toEqual([
      "GET index refused (403)",
      "the index eTag could not be read (a query-only identity may lack permission to GET the index)",
      "the last successful run into the serving generation is unknown (no reset): the corpus state is not pinned",
      "the knowledge source could not be read (refused (403))",
    ]);
    expect(pinned).not.toHaveProperty("knowledgeSource");
  });
});
