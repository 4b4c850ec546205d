import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import { parseIndexerStatus, IndexerStatusParseError } from "../../../src/search/ops/indexer-status.js";
import {
  blobPathFromErrorKey,
  buildStatusReport,
  checkIndexStatus,
  checkStatus,
} from "../../../src/search/ops/status-report.js";

const examples = path.resolve(import.meta.dirname, "../../fixtures/azure-search/examples");
const official = (file: string) => JSON.parse(readFileSync(path.join(examples, file), "utf8")).responses["200"].body;
const options = { container: "$web", expectedFailures: ["index.html", "404.html"] };
const root = "https://acct.blob.core.windows.net/$web";

const rootFailure = (name: string) => ({
  key: `${root}/${name}`,
  statusCode: 400,
  errorMessage: "Could not apply mapping function 'extractTokenAtPosition' to field 'section'.",
});
const run = (over: Record<string, unknown>) => ({
  status: "success",
  startTime: "2026-11-23T08:00:00Z",
  endTime: "2026-11-23T08:05:00Z",
  itemsProcessed: 10,
  itemsFailed: 0,
  errors: [],
  warnings: [],
  ...over,
});

describe("status: official payloads", () => {
  for (const file of [
    "2026-04-01_SearchServiceGetIndexerStatus.json",
    "2026-10-01_SearchServiceGetIndexerStatus.json",
  ]) {
    it(`parses ${file}: last run success without failures, older transientFailure in the history`, () => {
      const report = buildStatusReport(parseIndexerStatus(official(file)), options);
      expect(report.serviceStatus).toBe("running");
      expect(report.inProgress).toBeNull();
      expect(report.lastRun).toMatchObject({
        status: "success",
        itemsProcessed: 11,
        itemsFailed: 0,
        unexpectedFailures: 0,
      });
      expect(report.history.map((h) => h.status)).toEqual(["success", "transientFailure"]);
      expect(report.history[1]).toMatchObject({ itemsFailed: 2, unexpectedFailures: 2, expectedFailures: 0 });
      expect(report.lastSuccessfulRunEnd).toBe("2014-11-26T03:37:19.012Z");
      expect(report.ok).toBe(true);
    });
  }
  it("fails when the official failing run is the last one, with both errors unexpected", () => {
    const body = official("2026-10-01_SearchServiceGetIndexerStatus.json");
    body.executionHistory.shift();
    body.lastResult = body.executionHistory[0];
    const report = buildStatusReport(parseIndexerStatus(body), options);
    expect(report.ok).toBe(false);
    expect(report.lastRun?.errors.map((e) => e.classification)).toEqual(["unexpected", "unexpected"]);
    expect(report.reasons.join()).toMatch(/transientFailure/);
  });
});

describe("status: classification and verdict", () => {
  it("is OK when the only failures are the root index.html and 404.html, although itemsFailed > 0", () => {
    const last = run({ itemsFailed: 2, errors: [rootFailure("index.html"), rootFailure("404.html")] });
    const report = buildStatusReport(
      parseIndexerStatus({ name: "docs-indexer", status: "running", lastResult: last, executionHistory: [last] }),
      options,
    );
    expect(report.lastRun).toMatchObject({ expectedFailures: 2, unexpectedFailures: 0 });
    expect(report.ok).toBe(true);
  });
  it("is NOT OK on any other failure even though the service says success", () => {
    const last = run({ itemsFailed: 2, errors: [rootFailure("index.html"), rootFailure("app/index.html")] });
    const report = buildStatusReport(
      parseIndexerStatus({ status: "running", lastResult: last, executionHistory: [last] }),
      options,
    );
    expect(report.lastRun?.status).toBe("success");
    expect(report.ok).toBe(false);
    expect(report.lastRun?.errors.find((e) => e.blobPath === "app/index.html")?.classification).toBe("unexpected");
  });
  it("counts failed items missing from the errors list as unexpected", () => {
    const last = run({ itemsFailed: 3, errors: [rootFailure("index.html")] });
    const report = buildStatusReport(
      parseIndexerStatus({ status: "running", lastResult: last, executionHistory: [last] }),
      options,
    );
    expect(report.lastRun?.unexplainedFailures).toBe(2);
    expect(report.ok).toBe(false);
  });
  it("reports a run in progress from lastResult.status, judging the last completed run", () => {
    const active = run({ status: "inProgress", endTime: null, itemsProcessed: 3 });
    const done = run({ itemsFailed: 1, errors: [rootFailure("404.html")] });
    const report = buildStatusReport(
      parseIndexerStatus({
        status: "running",
        lastResult: active,
        executionHistory: [active, run({ status: "reset" }), done],
      }),
      options,
    );
    expect(report.inProgress).toEqual({ startTime: active.startTime, itemsProcessed: 3, itemsFailed: 0 });
    expect(report.lastRun?.expectedFailures).toBe(1);
    expect(report.ok).toBe(true);
  });
  it("is NOT OK when the indexer never completed a run, or the last run failed", () => {
    expect(buildStatusReport(parseIndexerStatus({ status: "running", executionHistory: [] }), options).ok).toBe(false);
    const failed = run({ status: "persistentFailure", errorMessage: "boom" });
    expect(
      buildStatusReport(
        parseIndexerStatus({ status: "error", lastResult: failed, executionHistory: [failed] }),
        options,
      ).reasons[0],
    ).toMatch(/persistentFailure: boom/);
  });
  it("judges only the serving generation's runs: a failed candidate's crawl is reported apart, unknown fails", () => {
    const status = parseIndexerStatus({
      executionHistory: [
        run({ startTime: "2026-11-23T09:00:00Z", itemsFailed: 3, errors: [rootFailure("guides/a.html")] }),
        run({}),
      ],
    });
    const [candidateCrawl, servingRun] = status.history;
    const elsewhere = [{ index: "docs-index-3", why: "failed verification", runs: [candidateCrawl!] }];
    const known = buildStatusReport(status, {
      ...options,
      serving: { basis: "known", serving: "docs-index-2", runs: [servingRun!], elsewhere },
    });
    expect(known).toMatchObject({
      ok: true,
      servingIndex: "docs-index-2",
      lastSuccessfulRunEnd: "2026-11-23T08:05:00Z",
    });
    expect(known.lastRun?.startTime).toBe("2026-11-23T08:00:00Z");
    expect(known.runsElsewhere).toMatchObject([{ index: "docs-index-3", lastRun: { unexpectedFailures: 1 } }]);
    const unknown = buildStatusReport(status, {
      ...options,
      serving: { basis: "unknown", serving: "docs-index-1", reason: "no record", elsewhere: [] },
    });
    expect(unknown).toMatchObject({ ok: false, lastRun: null, lastSuccessfulRunEnd: null, servingRuns: "unknown" });
    expect(unknown.reasons).toEqual(["the last run into the serving generation is unknown: no record"]);
    const assumed = buildStatusReport(status, {
      ...options,
      serving: { basis: "assumed", serving: "docs-index-1", runs: [servingRun!], elsewhere: [], caveat: "why" },
    });
    expect(assumed).toMatchObject({ ok: true, servingRuns: "assumed", servingRunsReason: "why" });
  });

  it("reads the SDK's shape (itemCount/failedItemCount, Date objects)", () => {
    const sdk = {
      name: "x",
      status: "running",
      lastResult: {
        status: "success",
        startTime: new Date("2026-01-01T00:00:00Z"),
        endTime: new Date("2026-01-01T00:01:00Z"),
        itemCount: 5,
        failedItemCount: 1,
        errors: [rootFailure("404.html")],
        warnings: [],
      },
    };
    const parsed = parseIndexerStatus({ ...sdk, executionHistory: [sdk.lastResult] });
    expect(parsed.lastResult).toMatchObject({ itemsProcessed: 5, itemsFailed: 1, endTime: "2026-01-01T00:01:00.000Z" });
  });
  it("rejects a payload that is not a status", () => {
    expect(() => parseIndexerStatus({ lastResult: { status: 3 } })).toThrow(IndexerStatusParseError);
  });
  it("finds the blob behind every key form", () => {
    expect(blobPathFromErrorKey(`${root}/index.html`, "$web")).toBe("index.html");
    expect(blobPathFromErrorKey(`localId=${encodeURIComponent(`${root}/404.html`)}&documentKey=abc`, "$web")).toBe(
      "404.html",
    );
    expect(blobPathFromErrorKey(base64Encode(`${root}/index.html`), "$web")).toBe("index.html");
    expect(blobPathFromErrorKey("document id 1", "$web")).toBeUndefined();
  });
});

describe("checkStatus (through its port)", () => {
  const record = (runs: Record<string, unknown>[]) =>
    parseIndexerStatus({ status: "running", lastResult: runs[0], executionHistory: runs });
  const port = (count: number, read: string[]) => ({
    indexerStatus: async () => {
      read.push("status");
      return record([run({})]);
    },
    documentCount: async () => count,
    servingRuns: async (status: ReturnType<typeof record>) => ({
      basis: "known" as const,
      serving: "docs-index-3",
      runs: status.history,
      elsewhere: [],
    }),
  });

  it("judges the runs into the serving generation, with the document count", async () => {
    const read: string[] = [];
    const report = await checkStatus(port(10, read), { ...options, historyLimit: 10 });
    expect(read).toEqual(["status"]);
    expect(report).toMatchObject({ ok: true, servingIndex: "docs-index-3", documentCount: 10 });
  });

  it("judges a status already read (after a wait) without reading it again, and fails an empty index", async () => {
    const read: string[] = [];
    const report = await checkStatus(port(0, read), { ...options, historyLimit: 10, status: record([run({})]) });
    expect(read).toEqual([]);
    expect(report.ok).toBe(false);
  });
});

describe("checkIndexStatus: docs-index status, the knowledge source included", () => {
  const record = (runs: Record<string, unknown>[]) =>
    parseIndexerStatus({ status: "running", lastResult: runs[0], executionHistory: runs });
  const names = { name: "docs-index", serving: "docs-index-3", alias: true };
  /** The reads in memory; `current`: what the knowledge source reads (undefined: agentic retrieval off). */
  const port = (opts: { count?: number; current?: boolean; read?: string[] } = {}) => {
    const read = opts.read ?? [];
    return {
      indexerStatus: async () => {
        read.push("status");
        return record([run({})]);
      },
      documentCount: async () => opts.count ?? 10,
      servingRuns: async (status: ReturnType<typeof record>) => ({
        basis: "known" as const,
        serving: "docs-index-3",
        runs: status.history,
        elsewhere: [],
      }),
      waitForRun: async () => {
        read.push("wait");
        return record([run({ status: "transientFailure", errorMessage: "the run failed" })]);
      },
      indexNames: async () => names,
      knowledgeSource: async (index: typeof names) =>
        opts.current === undefined ? null : { index: index.serving, current: opts.current },
    };
  };
  const request = { ...options, historyLimit: 10, wait: false };

  it("passes with the runs' verdict when agentic retrieval is off", async () => {
    const outcome = await checkIndexStatus(port(), request);
    expect(outcome).toMatchObject({ index: names, knowledgeSource: null, passed: true });
    expect((await checkIndexStatus(port({ count: 0 }), request)).passed).toBe(false);
  });

  it("fails when the knowledge source reads another generation than the alias serves, though the runs pass", async () => {
    const stale = await checkIndexStatus(port({ current: false }), request);
    expect(stale.report.ok).toBe(true);
    expect(stale).toMatchObject({ knowledgeSource: { index: "docs-index-3", current: false }, passed: false });
    expect((await checkIndexStatus(port({ current: true }), request)).passed).toBe(true);
  });

  it("with wait: judges the run it waited for without reading the status again", async () => {
    const read: string[] = [];
    const outcome = await checkIndexStatus(port({ read }), { ...request, wait: true });
    expect(read).toEqual(["wait"]);
    expect(outcome.report.lastRun?.status).toBe("transientFailure");
    expect(outcome.passed).toBe(false);
  });
});
