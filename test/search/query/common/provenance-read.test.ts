// The provenance read's choices (src/search/query/common/provenance-read.ts): which generation an answer's freshness is
// about, and how each refused read becomes an `unknown` part with its reason. The reads are a fake port: the SDK
// calls behind them are covered end to end by test/mcp and test/cli/query-passages.
import { describe, expect, it } from "vitest";
import type { Resolution } from "../../../../src/search/service/resolution.js";
import type { ServingRuns } from "../../../../src/search/ops/serving-runs-facts.js";
import type { IndexerStatusRecord, RunRecord } from "../../../../src/search/ops/indexer-status.js";
import {
  freshnessOf,
  readProvenance,
  type ProvenanceReads,
} from "../../../../src/search/query/common/provenance-read.js";

const run = (status: string, endTime: string | null): RunRecord => ({
  status,
  errorMessage: null,
  startTime: "2026-01-01T00:00:00Z",
  endTime,
  itemsProcessed: 1,
  itemsFailed: 0,
  errors: [],
  warningCount: 0,
});

const status = (lastResult: RunRecord | null, history: RunRecord[] = []): IndexerStatusRecord => ({
  name: "docs-indexer",
  serviceStatus: "running",
  lastResult,
  history,
});

const servingRuns = (serving: string, runs: RunRecord[], elsewhere: ServingRuns["elsewhere"] = []): ServingRuns => ({
  basis: "known",
  serving,
  runs,
  elsewhere,
});

const refused = () => Object.assign(new Error("Forbidden"), { statusCode: 403 });

function reads(overrides: Partial<ProvenanceReads> = {}): ProvenanceReads & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    servingIndex: async (name): Promise<Resolution> => ({
      kind: "alias",
      alias: name,
      index: "docs-index-3",
      generation: 3,
    }),
    indexEtag: async (index) => {
      asked.push(`etag ${index}`);
      return `"etag-of-${index}"`;
    },
    indexerStatus: async () => status(run("success", "2026-01-02T00:00:00Z")),
    servingRuns: async (names) => {
      asked.push(`runs ${names.index}`);
      return servingRuns("docs-index-3", [run("success", "2026-01-02T00:00:00Z")]);
    },
    ...overrides,
  };
}

const names = { index: "docs-index", indexer: "docs-indexer", apiVersion: "2026-04-01" };

describe("readProvenance", () => {
  it("states the alias's generation, its eTag and the last successful run into it", async () => {
    const port = reads();
    const facts = await readProvenance(port, names);
    expect(facts.serving).toEqual({
      status: "known",
      value: { kind: "alias", alias: "docs-index", index: "docs-index-3", generation: 3 },
    });
    expect(facts.etag).toEqual({ status: "known", value: '"etag-of-docs-index-3"' });
    expect(facts.freshness).toEqual({
      status: "known",
      value: { last_successful_run: "2026-01-02T00:00:00Z", run_in_progress: false },
    });
    expect(facts).toMatchObject({ index: "docs-index", apiVersion: "2026-04-01" });
    expect(port.asked).toEqual(["etag docs-index-3", "runs docs-index"]);
  });

  it("reads the runs of the configured name's generations when a named generation is queried", async () => {
    const port = reads({
      servingIndex: async (): Promise<Resolution> => ({ kind: "concrete", index: "docs-index-2" }),
      servingRuns: async (n) => {
        port.asked.push(`runs ${n.index}`);
        return servingRuns(
          "docs-index-3",
          [run("success", "2026-01-03T00:00:00Z")],
          [{ index: "docs-index-2", why: "failed verification", runs: [run("success", "2026-01-01T12:00:00Z")] }],
        );
      },
    });
    const facts = await readProvenance(port, { ...names, index: "docs-index-2", configured: "docs-index" });
    expect(port.asked).toContain("runs docs-index");
    // The queried generation's run, not the serving generation's newer one.
    expect(facts.freshness).toMatchObject({ status: "known", value: { last_successful_run: "2026-01-01T12:00:00Z" } });
  });

  it("leaves the serving index and the eTag unknown with the refusal, and still dates the serving generation", async () => {
    const port = reads({ servingIndex: async () => Promise.reject(refused()) });
    const facts = await readProvenance(port, names);
    expect(facts.serving).toMatchObject({ status: "unknown", retry: false });
    expect(facts.serving.status === "unknown" && facts.serving.reason).toContain(
      "reading the alias and index definitions refused (403)",
    );
    expect(facts.etag).toEqual(facts.serving);
    expect(port.asked).toEqual(["runs docs-index"]);
    expect(facts.freshness).toMatchObject({ status: "known", value: { last_successful_run: "2026-01-02T00:00:00Z" } });
  });

  it("says the index does not exist instead of reading an eTag", async () => {
    const port = reads({ servingIndex: async (name): Promise<Resolution> => ({ kind: "missing", name }) });
    const facts = await readProvenance(port, names);
    expect(facts.etag).toEqual({ status: "unknown", reason: "docs-index does not exist" });
    expect(port.asked).not.toContain("etag docs-index");
  });

  it("leaves the freshness unknown with the reason when the indexer status is refused, without reading runs", async () => {
    const port = reads({ indexerStatus: async () => Promise.reject(refused()) });
    const facts = await readProvenance(port, names);
    expect(facts.freshness).toMatchObject({ status: "unknown", retry: false });
    expect(facts.freshness.status === "unknown" && facts.freshness.reason).toContain(
      "reading the indexer status refused (403)",
    );
    expect(port.asked).toEqual(["etag docs-index-3"]);
  });
});

describe("freshnessOf", () => {
  it("reports a run in progress beside the last successful end", () => {
    const active = status(run("inProgress", null));
    expect(freshnessOf(active, servingRuns("docs-index-3", [run("success", "E")]), "docs-index-3", "ix")).toEqual({
      status: "known",
      value: { last_successful_run: "E", run_in_progress: true },
    });
  });

  it("names the indexer and the generation when no run into it succeeded", () => {
    const failed = servingRuns("docs-index-3", [run("transientFailure", "E")]);
    expect(freshnessOf(status(null), failed, "docs-index-3", "docs-indexer")).toEqual({
      status: "unknown",
      reason: "the indexer docs-indexer has no successful run into docs-index-3 in its status history",
    });
  });

  it("passes on why the runs cannot be told apart", () => {
    const unknown: ServingRuns = { basis: "unknown", serving: null, reason: "no reset in the history", elsewhere: [] };
    expect(freshnessOf(status(null), unknown, "docs-index", "ix")).toEqual({
      status: "unknown",
      reason: "the last successful run into the serving generation: no reset in the history",
    });
  });
});
