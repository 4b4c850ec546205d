import { describe, expect, it } from "vitest";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import { buildCoverageReport, type CoverageInput } from "../../../src/search/ops/coverage.js";
import { formatCoverageReport } from "../../../src/search/views/coverage-text.js";
import { DEDUP_FILTER_STRICT, DEDUP_FILTER_TRANSITIONAL } from "../../../src/search/dedup/filter.js";

const root = "https://acct.blob.core.windows.net/$web";
const allNull = {
  description: null,
  tags: null,
  app: null,
  section: null,
  format: null,
  content_type: null,
  last_modified: null,
};
const base: CoverageInput = {
  total: 100,
  nullCounts: { description: 10, tags: 100, app: 0, section: 0, format: 0, content_type: 0, last_modified: 0 },
  container: "$web",
  expectedFailures: ["index.html", "404.html"],
  excludedExtensions: [".xml", ".css"],
  indexEtag: '"0x1"',
  lastSuccessfulRunEnd: "2026-11-23T08:00:00Z",
};

describe("coverage", () => {
  it("recommends the strict dedup filter at 100 % format, with tags and description informational", () => {
    const report = buildCoverageReport(base);
    expect(report.dedup).toMatchObject({ mode: "strict", filter: DEDUP_FILTER_STRICT });
    expect(report.complete).toBe(true);
    expect(report.fields.find((f) => f.field === "tags")).toMatchObject({
      nullCount: 100,
      percentFilled: 0,
      contentDependent: true,
    });
    expect(report.percentReprocessed).toBe(100);
  });
  it("keeps the transitional filter while documents wait for a reset and run", () => {
    const report = buildCoverageReport({
      ...base,
      nullCounts: { ...base.nullCounts, format: 40, last_modified: 40, app: 40 },
    });
    expect(report.dedup).toMatchObject({ mode: "transitional", filter: DEDUP_FILTER_TRANSITIONAL });
    expect(report.dedup.reason).toMatch(/40 document/);
    expect(report.percentReprocessed).toBe(60);
    expect(report.complete).toBe(false);
  });
  it("keeps the columns aligned when a field name is longer than the name column", () => {
    // A long name must not push its figures right of the header's (`metadata_storage_size     20       20         0`).
    const text = formatCoverageReport(
      buildCoverageReport({ ...base, nullCounts: { ...base.nullCounts, metadata_storage_size: 20 } }),
    );
    const lines = text.split("\n");
    const header = lines.find((l) => l.startsWith("field "))!;
    const ends = (l: string) => [...l.matchAll(/\S+(?= |$)/g)].map((m) => m.index! + m[0].length);
    const headerEnds = ends(header.replace("filled %", "filled_%")).slice(1);
    for (const name of ["app", "metadata_storage_size", "last_modified"]) {
      const line = lines.find((l) => l.startsWith(`${name} `))!;
      expect(ends(line).slice(1, 4), name).toEqual(headerEnds);
    }
  });
  it("never reports more reprocessed than a just-added field is filled (it names that field)", () => {
    // Never `reprocessed since the fields were added: 100 %` beside a new field at 0 % filled.
    const report = buildCoverageReport({ ...base, nullCounts: { ...base.nullCounts, tier: 100 } });
    expect(report).toMatchObject({ percentReprocessed: 0, reprocessedBoundBy: "tier", complete: false });
    const text = formatCoverageReport(report);
    expect(text).toMatch(
      /^documents: 100; reprocessed since the newest field was added: at most 0 % \(tier is filled in 0 %\)$/m,
    );
    expect(text).not.toMatch(/100 %/);
    // Half reprocessed since: the share follows the new field, never above its fill.
    const half = buildCoverageReport({ ...base, nullCounts: { ...base.nullCounts, last_modified: 10, tier: 50 } });
    expect(half).toMatchObject({ percentReprocessed: 50, reprocessedBoundBy: "tier" });
    // Content-dependent fields (tags at 0 %) do not bound it; with every field full the marker names it.
    expect(buildCoverageReport(base)).toMatchObject({ percentReprocessed: 100, reprocessedBoundBy: "last_modified" });
    expect(formatCoverageReport(buildCoverageReport(base))).toMatch(/reprocessed since the fields were added: 100 %/);
  });
  it("does not let expected-failure root copies and excluded-extension leftovers block tightening", () => {
    const ids = [`${root}/index.html`, `${root}/404.html`, `${root}/sitemap.xml`].map((u) => base64Encode(u));
    const report = buildCoverageReport({
      ...base,
      nullCounts: { ...base.nullCounts, format: 3, app: 3, last_modified: 3 },
      nullFormatDocs: ids.map((id) => ({ id, fields: allNull })),
    });
    expect(report.nullFormat).toEqual({ listed: true, expectedFailure: 2, excludedExtension: 1, pending: 0 });
    expect(report.dedup.mode).toBe("strict");
    expect(report.complete).toBe(true);
  });
  it("counts a null-format page that will be reprocessed as pending", () => {
    const report = buildCoverageReport({
      ...base,
      nullCounts: { ...base.nullCounts, format: 2 },
      nullFormatDocs: [`${root}/index.html`, `${root}/app/page.html`].map((u) => ({
        id: base64Encode(u),
        fields: allNull,
      })),
    });
    expect(report.nullFormat.pending).toBe(1);
    expect(report.dedup.mode).toBe("transitional");
  });
  it("reports a field that could not be counted without failing the others", () => {
    const report = buildCoverageReport({
      ...base,
      nullCounts: { ...base.nullCounts, description: { error: "not filterable" } },
    });
    expect(report.fields.find((f) => f.field === "description")).toMatchObject({
      nullCount: null,
      error: "not filterable",
    });
    expect(report.complete).toBe(true);
  });
  it("keeps the transitional filter for an empty index", () => {
    const zero = { description: 0, tags: 0, app: 0, section: 0, format: 0, content_type: 0, last_modified: 0 };
    expect(buildCoverageReport({ ...base, total: 0, nullCounts: zero }).dedup).toMatchObject({
      mode: "transitional",
      reason: expect.stringMatching(/empty/),
    });
  });
  it("keeps the transitional filter when format could not be counted", () => {
    expect(
      buildCoverageReport({ ...base, nullCounts: { ...base.nullCounts, format: { error: "x" } } }).dedup.mode,
    ).toBe("transitional");
  });
});

describe("coverage verdict line", () => {
  it("a new field at 0 % (exit 1) ends the report with a verdict naming it and what to run", () => {
    const report = buildCoverageReport({ ...base, nullCounts: { ...base.nullCounts, region: 100 } });
    expect(report.complete).toBe(false);
    const last = formatCoverageReport(report).split("\n").at(-1);
    expect(last).toBe(
      "verdict: incomplete (exit 1): up to 100 document(s) still wait for a reset and run to fill region (0 %): run `npx docs-index backfill`",
    );
  });
  it("says complete when it exits 0", () => {
    expect(formatCoverageReport(buildCoverageReport(base)).split("\n").at(-1)).toMatch(/^verdict: complete \(exit 0\)/);
  });
});
