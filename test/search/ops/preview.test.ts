// `docs-index preview`'s core (src/search/ops/preview.ts): every file mapped as the indexer would, sorted, counted,
// and the failures outside search.expected_failures set apart (they fail the check).
import { describe, expect, it } from "vitest";
import { readRawDefinitions } from "../../../src/search/definitions/definitions.js";
import { indexerDefinitionView } from "../../../src/search/definitions/definition-views.js";
import { previewFiles } from "../../../src/search/ops/preview.js";

const def = indexerDefinitionView(readRawDefinitions().indexer);
const options = {
  accountName: "docsacct",
  container: "$web",
  docsUrl: "https://docs.example.com",
  fieldMappings: def.fieldMappings,
  configuration: def.configuration,
};
const at = new Date("2026-11-01T00:00:00Z");
const files = ["billing/guides/setup.html", "404.html", "index.html", "billing/logo.png"].map((path) => ({
  path,
  lastModified: at,
}));

describe("previewFiles", () => {
  it("maps, sorts and counts every file; a root file listed in expected_failures fails as expected", () => {
    const { report, unexpected, passed } = previewFiles(files, {
      ...options,
      expectedFailures: ["404.html", "index.html"],
    });
    expect(report.blobs.map((b) => b.path)).toEqual([
      "404.html",
      "billing/guides/setup.html",
      "billing/logo.png",
      "index.html",
    ]);
    const setup = report.blobs.find((b) => b.path === "billing/guides/setup.html")!;
    expect(setup).toMatchObject({ excluded: false, app: "billing", section: "guides", error: null });
    expect(setup.url).toBe("https://docs.example.com/billing/guides/setup");
    expect(report.blobs.find((b) => b.path === "billing/logo.png")).toMatchObject({ excluded: true });
    expect(report.summary).toMatchObject({ blobs: 4, indexed: 1, excluded: 1, failed: 2, apps: { billing: 1 } });
    expect(report.summary).toMatchObject({ expectedFailures: 2, unexpectedFailures: 0 });
    expect(unexpected).toEqual([]);
    expect(passed).toBe(true);
  });

  it("sets apart a failure not listed as expected, and lists only failures with failuresOnly (counting all)", () => {
    const { report, unexpected, passed } = previewFiles(files, {
      ...options,
      expectedFailures: ["404.html"],
      failuresOnly: true,
    });
    expect(unexpected.map((b) => b.path)).toEqual(["index.html"]);
    expect(passed).toBe(false);
    expect(report.blobs.map((b) => [b.path, b.expectedFailure])).toEqual([
      ["404.html", true],
      ["index.html", false],
    ]);
    expect(report.summary).toMatchObject({ blobs: 4, expectedFailures: 1, unexpectedFailures: 1 });
  });
});
