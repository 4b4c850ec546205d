// `docs-index coverage`'s read (src/search/ops/coverage-read.ts) through a fake port: what it counts and on which
// field, when it lists the null-`format` ids, and what it warns about.
import { describe, expect, it } from "vitest";
import type { IndexFieldView } from "../../../src/search/definitions/definition-views.js";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import type { ServingRuns } from "../../../src/search/ops/serving-runs-facts.js";
import { readCoverage, type CoveragePort } from "../../../src/search/ops/coverage-read.js";
import type { RunRecord } from "../../../src/search/ops/indexer-status.js";

const field = (name: string, filterable = true, key = false): IndexFieldView => ({ name, key, filterable });
const fields = [field("id", true, true), field("app", false), field("repo"), field("format"), field("last_modified")];
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
const root = "https://acct.blob.core.windows.net/$web";

function port(nulls: Record<string, number>, over: Partial<CoveragePort> = {}) {
  const calls: string[] = [];
  const warnings: string[] = [];
  const p: CoveragePort = {
    indexInfo: async () => ({ etag: '"0x1"', fields }),
    countAll: async () => 100,
    countMatching: async (filter) => {
      calls.push(`count ${filter}`);
      return nulls[filter.split(" ")[0]!] ?? 0;
    },
    listSelected: async (filter, select) => {
      calls.push(`list ${filter} ${select.join(",")}`);
      return [{ id: base64Encode(`${root}/index.html`), repo: null, format: null, last_modified: "x" }];
    },
    indexerStatus: async () => ({ name: "ix", serviceStatus: "running", lastResult: success, history: [success] }),
    servingRuns: async (): Promise<ServingRuns> => ({
      basis: "known",
      serving: "docs-index",
      runs: [success],
      elsewhere: [],
    }),
    warn: (m) => warnings.push(m),
    ...over,
  };
  return { port: p, calls, warnings };
}
const request = {
  definitionFields: fields,
  excludedExtensions: [],
  container: "$web",
  expectedFailures: ["index.html"],
};

describe("readCoverage", () => {
  it("counts each field's nulls on itself or its filterable proxy (app on repo), and dates the serving run", async () => {
    const { port: p, calls } = port({});
    const report = await readCoverage(p, request);
    expect(calls).toEqual([
      "count repo eq null",
      "count repo eq null",
      "count format eq null",
      "count last_modified eq null",
    ]);
    expect(report.fields.find((f) => f.field === "app")).toMatchObject({ countedVia: "repo", nullCount: 0 });
    expect(report).toMatchObject({ total: 100, indexEtag: '"0x1"', lastSuccessfulRunEnd: "2026-11-23T08:05:00Z" });
    expect(report.complete).toBe(true);
  });

  it("lists the few null-format documents, and counts an expected-failure root copy as permanent", async () => {
    const { port: p, calls } = port({ format: 1 });
    const report = await readCoverage(p, request);
    expect(calls.at(-1)).toBe("list format eq null id,repo,format,last_modified");
    expect(report.nullFormat).toMatchObject({ listed: true, expectedFailure: 1, pending: 0 });
    expect(report.dedup.mode).toBe("strict");
  });

  it("takes the fields from the definition when the index may not be read, and warns about it and a caveat", async () => {
    const { port: p, warnings } = port(
      {},
      {
        indexInfo: async () => ({ etag: null, fields: null, error: "GET index refused (403)" }),
        servingRuns: async () => ({
          basis: "assumed",
          serving: "docs-index-3",
          runs: [success],
          elsewhere: [],
          caveat: "docs-index-4 records no crawl window",
        }),
      },
    );
    const report = await readCoverage(p, request);
    expect(report.indexEtag).toBeNull();
    expect(warnings).toEqual([
      "GET index refused (403): the index eTag is unavailable; the fields are taken from the definition file",
      "docs-index-4 records no crawl window",
    ]);
  });

  it("passes on why the serving generation's last run is unknown", async () => {
    const { port: p } = port(
      {},
      {
        servingRuns: async () => ({
          basis: "unknown",
          serving: null,
          reason: "no reset in the history",
          elsewhere: [],
        }),
      },
    );
    const report = await readCoverage(p, request);
    expect(report).toMatchObject({
      lastSuccessfulRunEnd: null,
      lastSuccessfulRunUnknownReason: "no reset in the history",
    });
  });
});
