// The operations' logic, tested through its small ports without any service:
// waiting for a run, deleting orphans, deriving the coverage fields, the expected-failure rule.
import { describe, expect, it } from "vitest";
import { coverageFields } from "../../../src/search/ops/coverage.js";
import { isExpectedFailure } from "../../../src/search/ops/expected-failure.js";
import type { IndexerStatusRecord, RunRecord } from "../../../src/search/ops/indexer-status.js";
import { deleteOrphans } from "../../../src/search/ops/orphan-deletion.js";
import type { OrphanReport } from "../../../src/search/ops/orphans.js";
import { waitForRun } from "../../../src/search/ops/run-wait.js";

const run = (status: string, startTime: string): RunRecord => ({
  status,
  errorMessage: null,
  startTime,
  endTime: null,
  itemsProcessed: 1,
  itemsFailed: 0,
  errors: [],
  warningCount: 0,
});
const statusOf = (last: RunRecord | null): IndexerStatusRecord => ({
  name: "docs-indexer",
  serviceStatus: "running",
  lastResult: last,
  history: last ? [last] : [],
});

function scripted(statuses: IndexerStatusRecord[]) {
  let clock = 0;
  let i = 0;
  return {
    readStatus: async () => statuses[Math.min(i++, statuses.length - 1)]!,
    sleep: async (ms: number) => {
      clock += ms;
      return "tick" as const;
    },
    now: () => clock,
  };
}

describe("waitForRun", () => {
  it("waits for the run started after `before`, not the previous one", async () => {
    const old = run("success", "t0");
    const port = scripted([statusOf(old), statusOf(run("inProgress", "t1")), statusOf(run("success", "t1"))]);
    const result = await waitForRun(port, {
      mode: { kind: "ours-after", before: "success@t0" },
      timeoutMs: 60_000,
      pollMs: 1_000,
    });
    expect(result).toMatchObject({ outcome: "finished", waitedMs: 2_000 });
    expect(result.status.lastResult?.startTime).toBe("t1");
  });
  it("'current' returns at once when nothing runs, and times out on a run that never ends", async () => {
    expect(
      (
        await waitForRun(scripted([statusOf(run("success", "t0"))]), {
          mode: { kind: "current" },
          timeoutMs: 1,
          pollMs: 1,
        })
      ).outcome,
    ).toBe("finished");
    const stuck = scripted([statusOf(run("inProgress", "t0"))]);
    expect((await waitForRun(stuck, { mode: { kind: "current" }, timeoutMs: 5_000, pollMs: 1_000 })).outcome).toBe(
      "timeout",
    );
  });
  it("stops on an interruption without ending the run", async () => {
    const port = { ...scripted([statusOf(run("inProgress", "t0"))]), sleep: async () => "interrupted" as const };
    expect((await waitForRun(port, { mode: { kind: "current" }, timeoutMs: 60_000, pollMs: 1 })).outcome).toBe(
      "interrupted",
    );
  });
});

describe("deleteOrphans", () => {
  const report: OrphanReport = {
    blobs: 3,
    documents: 5,
    missingBlob: [
      { id: "a", path: "x/a.html" },
      { id: "b", path: "x/b.html" },
      { id: "c", path: "x/c.html" },
    ],
    staleRootEra: [{ id: "s", path: "guide.html", currentPath: "guides/guide.html", derivedApp: "guides" }],
    mismatched: [],
    undecodable: [],
    unknownApps: [],
    appSource: "--apps",
  } as unknown as OrphanReport;

  it("re-checks storage, deletes in batches and accounts for every item", async () => {
    const existing = new Set(["x/b.html", "guides/guide.html"]); // b re-appeared since the listing
    const batches: string[][] = [];
    const result = await deleteOrphans(
      {
        blobExists: async (p) => existing.has(p),
        deleteBatch: async (keys) => {
          batches.push(keys);
          // the service answers for a only; c gets a per-item failure; s is not answered at all
          return keys.flatMap(
            (key): { key: string; succeeded: boolean; statusCode: number; errorMessage?: string }[] =>
              key === "a"
                ? [{ key, succeeded: true, statusCode: 200 }]
                : key === "c"
                  ? [{ key, succeeded: false, statusCode: 422, errorMessage: "no" }]
                  : [],
          );
        },
      },
      report,
      { includeStale: true, batchSize: 2 },
    );
    expect(batches).toEqual([["a", "c"], ["s"]]);
    expect(result).toEqual({
      requested: 4,
      skippedRechecked: ["b"],
      deleted: 1,
      failed: [
        { key: "c", statusCode: 422, message: "no" },
        { key: "s", statusCode: 0, message: "no per-item result returned" },
      ],
    });
  });
  it("keeps a stale copy whose app copy is gone", async () => {
    const result = await deleteOrphans(
      {
        blobExists: async () => false,
        deleteBatch: async (keys) => keys.map((key) => ({ key, succeeded: true, statusCode: 200 })),
      },
      { ...report, missingBlob: [] },
      { includeStale: true, batchSize: 10 },
    );
    expect(result).toMatchObject({ requested: 1, skippedRechecked: ["s"], deleted: 0 });
  });
});

describe("coverageFields", () => {
  const f = (name: string, filterable: boolean, key = false) => ({ name, filterable, key });
  it("covers every non-key field of the definition and the live index; a new field is counted once deployed", () => {
    const definition = [f("id", false, true), f("title", false), f("repo", true), f("app", false), f("language", true)];
    const live = [f("id", false, true), f("title", false), f("repo", true), f("app", false)];
    expect(coverageFields(definition, live)).toEqual([
      { field: "title", countOn: null, error: expect.stringMatching(/not filterable/) },
      { field: "repo", countOn: "repo" },
      { field: "app", countOn: "repo" },
      { field: "language", countOn: null, error: "not in the live index yet (run deploy)" },
    ]);
    expect(coverageFields(definition, [...live, f("language", true)]).at(-1)).toEqual({
      field: "language",
      countOn: "language",
    });
  });
  it("uses the definition's attributes when the live index cannot be read", () => {
    expect(coverageFields([f("format", true)], null)).toEqual([{ field: "format", countOn: "format" }]);
  });
});

describe("isExpectedFailure", () => {
  it("only root files listed in search.expected_failures", () => {
    const listed = ["index.html", "404.html"];
    expect(isExpectedFailure("index.html", listed)).toBe(true);
    expect(isExpectedFailure("billing/index.html", listed)).toBe(false);
    expect(isExpectedFailure("other.html", listed)).toBe(false);
    expect(isExpectedFailure(null, listed)).toBe(false);
  });
});
