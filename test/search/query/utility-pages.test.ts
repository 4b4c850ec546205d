// The generators' utility pages (404, Sphinx's general index, module index and search page) are kept out of
// agents' answers by the filter every agent-facing request sends; the filter is evaluated here by the stand-in
// with the service's null semantics, against the section the indexer derives from each page's path (spec C).
import { describe, expect, it } from "vitest";
import { schemaOf } from "../../../local/search-standin/documents/schema.js";
import { evaluateFilter } from "../../../local/search-standin/odata/evaluate.js";
import { parseFilter } from "../../../local/search-standin/odata/filter.js";
import { decideDedup } from "../../../src/search/dedup/policy.js";
import { UTILITY_PAGES, utilityPagesFilter } from "../../../src/search/query/common/filters.js";
import { buildSearchDocsRequest } from "../../../src/search/query/search-docs/request.js";
import { literalSearchText } from "../../../src/search/query/search-docs/search-text.js";
import { loadDefinition } from "../../standin/fixtures.js";

const schema = schemaOf(loadDefinition("docs-index.json"));
const kept = (filter: string, doc: Record<string, unknown>) =>
  evaluateFilter(parseFilter(filter, schema), doc, () => false);
/** A document as the indexer maps `click/<page>`: section is the path token after the app folder. */
const page = (section: string | null) => ({ format: ".html", repo: "click", section });

describe("utility pages", () => {
  const filter = buildSearchDocsRequest({ query: "options" }, decideDedup({ kind: "not-checked" })).filter;

  it("search_docs leaves out the 404 page, the general index, the module index and the search page", () => {
    expect(UTILITY_PAGES).toEqual(["404.html", "genindex.html", "py-modindex.html", "search.html"]);
    for (const section of UTILITY_PAGES) expect(kept(filter, page(section)), section).toBe(false);
    expect(filter).toContain(utilityPagesFilter());
  });

  it("keeps every other page, sections named like them, and documents whose section is not filled yet", () => {
    expect(kept(filter, page("options.html"))).toBe(true);
    expect(kept(filter, page("docs"))).toBe(true);
    expect(kept(filter, page("search"))).toBe(true);
    expect(kept(filter, page(null))).toBe(true);
  });

  it("applies with an app and excluded sections too", () => {
    const restricted = buildSearchDocsRequest(
      { query: "options", app: "click", exclude_sections: ["changes.html"] },
      decideDedup({ kind: "not-checked" }),
    ).filter;
    expect(kept(restricted, page("genindex.html"))).toBe(false);
    expect(kept(restricted, page("changes.html"))).toBe(false);
    expect(kept(restricted, page("api.html"))).toBe(true);
  });
});

describe("search_docs search text", () => {
  it("escapes the simple syntax's operators, so a question's flags and quotes are words", () => {
    expect(literalSearchText("pass -v several times")).toBe("pass \\-v several times");
    expect(literalSearchText('set "--help" (or -h) in C++ | *')).toBe(
      'set \\"\\-\\-help\\" \\(or \\-h\\) in C\\+\\+ \\| \\*',
    );
    expect(literalSearchText("a\\b")).toBe("a\\\\b");
    const request = buildSearchDocsRequest({ query: "How do I use -v?" }, decideDedup({ kind: "not-checked" }));
    expect(request.searchText).toBe("How do I use \\-v?");
  });
});
