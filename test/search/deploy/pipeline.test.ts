// The deploy use case on in-memory ports (test/support/memory-service.ts): what it writes, and what `wait`
// follows and judges (the run it started, the one already going, nothing on a dry run). The SDK-level paths run
// against the stand-in in ./deploy-alias.test.ts, ./saved-plan-deploy.test.ts and test/cli/.
import { describe, expect, it } from "vitest";
import { deploy, type RunFollowPort } from "../../../src/search/deploy/pipeline.js";
import { ConcurrentChangeError } from "../../../src/search/deploy/apply-plan.js";
import { RebuildRefusedError } from "../../../src/search/deploy/refusals.js";
import type { Definitions } from "../../../src/search/definitions/definitions.js";
import { kindsIn } from "../../../src/search/definitions/definitions.js";
import type { IndexerStatusRecord, RunRecord } from "../../../src/search/ops/indexer-status.js";
import type { StatusReport } from "../../../src/search/ops/status-report.js";
import type { WaitOptions } from "../../../src/search/ops/run-wait.js";
import { memoryService, type MemoryService } from "../../support/memory-service.js";
import { devDefinitions, withLanguageField, withSearchableSection } from "../../support/plan-fixtures.js";

/** The service after a deploy of `files`: every object as the files say. */
function deployed(files: Definitions): MemoryService {
  const service = memoryService();
  for (const kind of kindsIn(files)) service.set(kind, String(files[kind]!.name), files[kind]!);
  return service;
}

const run = (status: string, startTime: string): RunRecord => ({
  status,
  errorMessage: null,
  startTime,
  endTime: status === "inProgress" ? null : startTime,
  itemsProcessed: 1,
  itemsFailed: 0,
  errors: [],
  warningCount: 0,
});

/** The run-follow port, recording what the deploy asked of it. */
function follower() {
  const finished: IndexerStatusRecord = {
    name: "docs-indexer",
    serviceStatus: "running",
    lastResult: run("success", "2026-01-02T00:00:00Z"),
    history: [run("success", "2026-01-02T00:00:00Z")],
  };
  // The core passes the verdict through untouched: any report stands for the shell's.
  const report = { ok: true } as unknown as StatusReport;
  const asked: { waited: WaitOptions["mode"][]; verdicts: (IndexerStatusRecord | undefined)[] } = {
    waited: [],
    verdicts: [],
  };
  const port: RunFollowPort = {
    async waitForRun(mode) {
      asked.waited.push(mode);
      return finished;
    },
    async statusVerdict(status) {
      asked.verdicts.push(status);
      return report;
    },
  };
  return { port, asked, finished, report };
}

describe("deploy(ports, request) on in-memory ports", () => {
  it("in place with wait: writes the changed index, starts one run, follows that run and judges its final status", async () => {
    const service = deployed(devDefinitions());
    service.indexerStatus.lastResult = run("success", "2026-01-01T00:00:00Z");
    service.indexerStatus.history = [service.indexerStatus.lastResult];
    const runs = follower();
    const outcome = await deploy(
      { service: service.port, runs: runs.port },
      {
        kind: "fresh",
        files: withLanguageField(),
        wait: true,
      },
    );
    expect(service.writes.map((w) => `${w.method} ${w.kind ?? ""} ${w.name}`)).toEqual([
      "PUT index docs-index",
      "RUN  docs-indexer",
    ]);
    expect(outcome.run).toBe("started");
    // The run it started is told from the one before by that one's identity (status and start).
    expect(runs.asked.waited).toEqual([{ kind: "ours-after", before: "success@2026-01-01T00:00:00Z" }]);
    expect(runs.asked.verdicts).toEqual([runs.finished]);
    expect(outcome.status).toBe(runs.report);
    expect(outcome.recreated).toBe(false);
  });

  it("a run already going (the service started one): wait follows the current run", async () => {
    const service = deployed(devDefinitions());
    service.runAnswer = "already-running";
    const runs = follower();
    const outcome = await deploy(
      { service: service.port, runs: runs.port },
      {
        kind: "fresh",
        files: withLanguageField(),
        wait: true,
      },
    );
    expect(outcome.run).toBe("already-running");
    expect(runs.asked.waited).toEqual([{ kind: "current" }]);
  });

  it("without wait, or on a dry run, nothing is followed and there is no verdict", async () => {
    const runs = follower();
    const service = deployed(devDefinitions());
    const plain = await deploy(
      { service: service.port, runs: runs.port },
      { kind: "fresh", files: withLanguageField() },
    );
    expect(plain.status).toBeNull();
    const dry = deployed(devDefinitions());
    const dryRun = await deploy(
      { service: dry.port, runs: runs.port },
      {
        kind: "fresh",
        files: withLanguageField(),
        dryRun: true,
        wait: true,
      },
    );
    expect(dry.writes).toEqual([]);
    expect(dryRun.status).toBeNull();
    expect(runs.asked).toEqual({ waited: [], verdicts: [] });
  });

  it("a rebuild before the alias: refused without allowRebuild (nothing written), recreated with it", async () => {
    const service = deployed(devDefinitions());
    const refused = deploy({ service: service.port }, { kind: "fresh", files: withSearchableSection() });
    await expect(refused).rejects.toBeInstanceOf(RebuildRefusedError);
    expect(service.writes).toEqual([]);
    let confirmed = false;
    const outcome = await deploy(
      {
        service: service.port,
        confirm: async () => {
          confirmed = true;
        },
      },
      { kind: "fresh", files: withSearchableSection(), allowRebuild: true },
    );
    expect(confirmed).toBe(true);
    expect(outcome.recreated).toBe(true);
    expect(outcome.steps.filter((s) => s.kind === "index").map((s) => s.operation)).toEqual(["delete", "recreate"]);
  });

  it("shows the plan once, before the prompt, when it confirms a rebuild; never for a write in place", async () => {
    const events: string[] = [];
    const ports = {
      onPlan: () => void events.push("onPlan"),
      showPlan: () => void events.push("showPlan"),
      expectBuild: () => void events.push("expectBuild"),
      confirm: async () => void events.push("confirm"),
    };
    await deploy(
      { service: deployed(devDefinitions()).port, ...ports },
      { kind: "fresh", files: withSearchableSection(), allowRebuild: true },
    );
    // A drop and recreate: no blue/green build to give time to.
    expect(events).toEqual(["onPlan", "showPlan", "confirm"]);
    events.length = 0;
    await deploy({ service: deployed(devDefinitions()).port, ...ports }, { kind: "fresh", files: withLanguageField() });
    expect(events).toEqual(["onPlan"]);
  });

  it("its verdict: passed unless the status verdict after the run failed", async () => {
    const failing = follower();
    failing.report.ok = false;
    const judged = await deploy(
      { service: deployed(devDefinitions()).port, runs: failing.port },
      { kind: "fresh", files: withLanguageField(), wait: true },
    );
    expect(judged).toMatchObject({ status: { ok: false }, passed: false });
    const passing = follower();
    const waited = await deploy(
      { service: deployed(devDefinitions()).port, runs: passing.port },
      { kind: "fresh", files: withLanguageField(), wait: true },
    );
    expect(waited.passed).toBe(true);
    const plain = await deploy(
      { service: deployed(devDefinitions()).port },
      { kind: "fresh", files: withLanguageField() },
    );
    expect(plain).toMatchObject({ status: null, passed: true });
  });

  it("a resume expects a blue/green build before it reads anything", async () => {
    const events: string[] = [];
    const service = deployed(devDefinitions());
    await deploy(
      {
        service: service.port,
        expectBuild: () => void events.push("expectBuild"),
        onPlan: () => void events.push("onPlan"),
      },
      { kind: "fresh", files: devDefinitions(), resume: true },
    ).catch(() => undefined);
    expect(events[0]).toBe("expectBuild");
  });

  it("another client's write between the read and the write: ConcurrentChangeError, nothing written", async () => {
    const service = deployed(devDefinitions());
    const outcome = deploy(
      // The other client writes the index right after the one read.
      { service: service.port, onPlan: () => void service.set("index", "docs-index", devDefinitions().index) },
      { kind: "fresh", files: withLanguageField() },
    );
    await expect(outcome).rejects.toBeInstanceOf(ConcurrentChangeError);
    expect(service.writes).toEqual([]);
  });
});
