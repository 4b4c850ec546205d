// list_apps's summary of an app (src/search/query/common/apps.ts): sections, root pages, documents without a section.
import { describe, expect, it } from "vitest";
import { appSummary } from "../../../../src/search/query/common/apps.js";

describe("app summary", () => {
  it("summarises an app's sections, counting documents without a section", () => {
    expect(
      appSummary({ value: "payments", count: 10 }, [
        { value: "guides", count: 4 },
        { value: "reference", count: 5 },
      ]),
    ).toEqual({
      app: "payments",
      documents: 10,
      sections: [
        { section: "reference", documents: 5 },
        { section: "guides", documents: 4 },
      ],
      root_pages: 0,
      documents_without_section: 1,
    });
  });
  it("counts pages directly under the app folder as its root, not as sections named after files", () => {
    const summary = appSummary({ value: "payments", count: 9 }, [
      { value: "guides", count: 4 },
      { value: "index.html", count: 1 },
      { value: "faq.html", count: 1 },
      { value: "v1.2", count: 2 },
    ]);
    // not sections "faq.html (1), index.html (1)"
    expect(summary.sections.map((s) => s.section)).toEqual(["guides", "v1.2"]);
    expect(summary).toMatchObject({ root_pages: 2, documents_without_section: 1 });
  });
});
