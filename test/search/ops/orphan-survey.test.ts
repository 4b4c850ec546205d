// `docs-index orphans`'s survey (src/search/ops/orphan-survey.ts) through a fake port: the container listing
// against the documents, the listing's gaps passed on, progress reported.
import { describe, expect, it } from "vitest";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import { surveyOrphans, type OrphanSurveyPort } from "../../../src/search/ops/orphan-survey.js";
import type { DocRef } from "../../../src/search/ops/orphans.js";
import { progressLine } from "../../../src/search/views/progress-text.js";

const root = "https://acct.blob.core.windows.net/$web";
const ref = (path: string, app: string | null): DocRef => ({ id: base64Encode(`${root}/${path}`), app, repo: app });

function port(blobs: string[], docs: DocRef[], gaps: string[] = []): OrphanSurveyPort & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    listBlobs: async (into, onProgress) => {
      for (const b of blobs) into.add(b);
      onProgress(blobs.length);
    },
    documents: async () => {
      const incomplete: string[] = [];
      async function* refs() {
        yield* docs;
        incomplete.push(...gaps); // the pager learns of its gaps while paging
      }
      return { refs: refs(), incomplete };
    },
    progress: (event) => lines.push(progressLine(event)),
  };
}

describe("surveyOrphans", () => {
  it("reports the documents whose blob is gone and the app values that are no app folder", async () => {
    const p = port(
      ["billing/index.html", "billing/guides/setup.html"],
      [ref("billing/index.html", "billing"), ref("billing/old.html", "billing"), ref("gone/x.html", "gone")],
    );
    const { report, incomplete } = await surveyOrphans(p, { container: "$web" });
    expect(report.missingBlob.map((e) => e.path)).toEqual(["billing/old.html", "gone/x.html"]);
    expect(report.unknownApps).toEqual([{ app: "gone", documents: 1 }]);
    expect(report).toMatchObject({ blobs: 2, documents: 3, appSource: "container top-level folders" });
    expect(incomplete).toEqual([]);
    expect(p.lines).toEqual(["listing blobs: 2"]);
  });

  it("takes the current app folders from the request, and passes on why the listing is incomplete", async () => {
    const p = port(["billing/index.html"], [ref("billing/index.html", "billing")], ["a page of 1,000 failed: 503"]);
    const { report, incomplete } = await surveyOrphans(p, {
      container: "$web",
      apps: new Set(["billing", "payments"]),
    });
    expect(report.appSource).toBe("--apps");
    expect(incomplete).toEqual(["a page of 1,000 failed: 503"]);
  });

  it("reports reading progress every 5,000 documents", async () => {
    const docs = Array.from({ length: 10_001 }, (_, i) => ref(`billing/p${i}.html`, "billing"));
    const p = port([], docs);
    await surveyOrphans(p, { container: "$web" });
    expect(p.lines).toEqual(["listing blobs: 0", "reading documents: 5000", "reading documents: 10000"]);
  });
});
