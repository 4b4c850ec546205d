// `docs-index preview` as text (src/search/views/preview-text.ts): one line per blob saying what became of it,
// then the counts with the expected and unexpected failures apart.
import { describe, expect, it } from "vitest";
import type { PreviewReport } from "../../../src/search/ops/preview.js";
import { formatPreview } from "../../../src/search/views/preview-text.js";

const blob = {
  excluded: false,
  id: "x",
  app: "billing",
  repo: "billing",
  section: "guides",
  format: ".html",
  contentType: "text/html",
  url: "https://docs.example.com/billing/guides/setup",
  error: null,
  expectedFailure: false,
};

describe("formatPreview", () => {
  it("says where each blob lands, which are excluded, and which failures were expected", () => {
    const report: PreviewReport = {
      blobs: [
        { ...blob, path: "404.html", error: "no app", expectedFailure: true },
        { ...blob, path: "billing/guides/setup.html" },
        { ...blob, path: "billing/logo.png", excluded: true },
        { ...blob, path: "index.html", error: "no app" },
      ],
      summary: {
        blobs: 4,
        excluded: 1,
        indexed: 1,
        failed: 2,
        apps: { billing: 1 },
        expectedFailures: 1,
        unexpectedFailures: 1,
      },
    };
    expect(formatPreview(report).split("\n")).toEqual([
      "404.html  fails as expected (search.expected_failures): no app",
      "billing/guides/setup.html  app billing, section guides, format .html  https://docs.example.com/billing/guides/setup",
      "billing/logo.png  excluded",
      "index.html  FAILED (unexpected): no app",
      "4 blobs: 1 indexed, 1 excluded, 2 failed (1 expected, 1 unexpected)",
    ]);
  });
});
