// `docs-index orphans` as text (src/search/views/orphans-text.ts): the lists cut at the limit with a pointer to
// --json, and the dry run's hint or the deletion's tally after them.
import { describe, expect, it } from "vitest";
import type { DeletionResult } from "../../../src/search/ops/orphan-deletion.js";
import type { OrphanReport } from "../../../src/search/ops/orphans.js";
import { formatOrphanReport, formatOrphansResult } from "../../../src/search/views/orphans-text.js";

const entry = (path: string) => ({ id: path, path, app: "billing", repo: "billing" });
const report = (over: Partial<OrphanReport> = {}): OrphanReport => ({
  blobs: 10,
  documents: 12,
  missingBlob: [entry("billing/old.html")],
  staleRootEra: [],
  mismatched: [],
  undecodable: [],
  unknownApps: [],
  appSource: "container top-level folders",
  ...over,
});

describe("formatOrphanReport", () => {
  it("lists each kind with its count, cutting long lists at the limit", () => {
    const many = report({ missingBlob: ["a", "b", "c"].map((p) => entry(`billing/${p}.html`)) });
    expect(formatOrphanReport(many, 2).split("\n")).toEqual([
      "10 blobs, 12 documents",
      "documents whose blob no longer exists: 3",
      "  billing/a.html  (app billing)",
      "  billing/b.html  (app billing)",
      "  ... 1 more (use --json for all)",
      "stale root-era documents: 0",
      "documents whose app/repo differ from their path (a reset and run fixes them): 0",
      "app values that are no current app folder (container top-level folders): none",
    ]);
  });

  it("says where a stale root-era copy is served now, and names the unknown apps with their counts", () => {
    const text = formatOrphanReport(
      report({
        missingBlob: [],
        staleRootEra: [
          { ...entry("guides/setup.html"), currentPath: "billing/guides/setup.html", derivedApp: "billing" },
        ],
        unknownApps: [{ app: "gone", documents: 4 }],
        appSource: "--apps",
      }),
    );
    expect(text).toContain("  guides/setup.html  (app billing)  now served from billing/guides/setup.html");
    expect(text).toContain("app values that are no current app folder (--apps): gone (4)");
  });
});

describe("formatOrphansResult", () => {
  it("ends a dry run with what --delete and --include-stale would remove", () => {
    const stale = report({
      staleRootEra: [{ ...entry("guides/a.html"), currentPath: "billing/guides/a.html", derivedApp: "billing" }],
    });
    expect(formatOrphansResult(report(), { dryRun: true, deletion: null, target: "t" }).split("\n").at(-1)).toBe(
      "(dry run: nothing deleted; --delete removes the documents whose blob is gone)",
    );
    expect(formatOrphansResult(stale, { dryRun: true, deletion: null, target: "t" }).split("\n").at(-1)).toBe(
      "(dry run: nothing deleted; --delete removes the documents whose blob is gone, --include-stale also the stale ones)",
    );
  });

  it("ends a deletion with its tally on the target, and says nothing more when nothing was selected", () => {
    const deletion: DeletionResult = {
      requested: 3,
      deleted: 2,
      failed: [{ key: "x", statusCode: 409, message: null }],
      skippedRechecked: [],
    };
    const target = "index docs-index (dev)";
    expect(formatOrphansResult(report(), { dryRun: false, deletion, target }).split("\n").at(-1)).toBe(
      "deleted 2 of 3 document(s) from index docs-index (dev); 1 failed; 0 skipped after re-checking storage",
    );
    expect(formatOrphansResult(report(), { dryRun: false, deletion: null, target })).toBe(formatOrphanReport(report()));
  });
});
