// `docs-index backfill`'s use case (src/search/ops/backfill.ts) through a fake port: refused while a run is in
// progress (nothing reset), otherwise coverage, confirmation, reset, run, wait for that run, verdict, coverage.
import { describe, expect, it } from "vitest";
import { backfill, type BackfillPort } from "../../../src/search/ops/backfill.js";
import type { CoverageReport } from "../../../src/search/ops/coverage.js";
import type { IndexerStatusRecord, RunRecord } from "../../../src/search/ops/indexer-status.js";
import type { StatusReport } from "../../../src/search/ops/status-report.js";

const run = (status: string, startTime: string): RunRecord => ({
  status,
  errorMessage: null,
  startTime,
  endTime: null,
  itemsProcessed: 0,
  itemsFailed: 0,
  errors: [],
  warningCount: 0,
});
const statusOf = (last: RunRecord): IndexerStatusRecord => ({
  name: "ix",
  serviceStatus: "running",
  lastResult: last,
  history: [last],
});

function port(statuses: IndexerStatusRecord[], confirm: () => Promise<void> = async () => {}) {
  const steps: string[] = [];
  let coverage = 0;
  const p: BackfillPort = {
    indexerStatus: async () => statuses.shift()!,
    coverage: async () => ({ total: ++coverage }) as unknown as CoverageReport,
    confirm: async (before) => {
      steps.push(`confirm (coverage ${before.total})`);
      await confirm();
    },
    resetIndexer: async () => void steps.push("reset"),
    runIndexer: async () => void steps.push("run"),
    started: () => steps.push("started"),
    waitForRunAfter: async (before) => {
      steps.push(`wait after ${before}`);
      return statusOf(run("success", "t2"));
    },
    statusVerdict: async (finished) => ({ ok: finished.lastResult?.status === "success" }) as StatusReport,
  };
  return { port: p, steps };
}

describe("backfill", () => {
  it("refuses while a run is in progress, without asking or resetting", async () => {
    const { port: p, steps } = port([statusOf(run("inProgress", "t0"))]);
    expect(await backfill(p)).toEqual({ kind: "refused", runInProgressSince: "t0" });
    expect(steps).toEqual([]);
  });

  it("confirms, resets, runs and waits for the run after the reset, then judges it with coverage before and after", async () => {
    const { port: p, steps } = port([statusOf(run("success", "t0")), statusOf(run("reset", "t1"))]);
    const outcome = await backfill(p);
    expect(steps).toEqual(["confirm (coverage 1)", "reset", "run", "started", "wait after reset@t1"]);
    expect(outcome).toMatchObject({
      kind: "done",
      status: { ok: true },
      coverageBefore: { total: 1 },
      coverageAfter: { total: 2 },
    });
  });

  it("resets nothing when the confirmation is refused", async () => {
    const declined = new Error("not confirmed");
    const { port: p, steps } = port([statusOf(run("success", "t0"))], async () => Promise.reject(declined));
    await expect(backfill(p)).rejects.toBe(declined);
    expect(steps).toEqual(["confirm (coverage 1)"]);
  });
});
