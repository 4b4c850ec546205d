// The search_docs request (src/search/query/search-docs/request.ts): every clause from typed parameters, top
// clamped, the rules' refusals, semantic mode and its keyword fallback. Pure; no service.
import { describe, expect, it } from "vitest";
import { decideDedup } from "../../../../src/search/dedup/policy.js";
import {
  buildSearchDocsRequest,
  asKeywordRequest,
  DEFAULT_SEARCH_DOCS_LIMITS,
} from "../../../../src/search/query/search-docs/request.js";
import { SearchDocsRefusal } from "../../../../src/search/query/refusal.js";

const transitional = decideDedup({ kind: "counted", nullFormat: 3, total: 10, checkedAt: "2026-11-25T10:00:00.000Z" });
const strict = decideDedup({ kind: "counted", nullFormat: 0, total: 10, checkedAt: "2026-11-25T10:00:00.000Z" });

describe("search_docs request", () => {
  it("builds every clause from typed parameters, quoted and escaped, with the dedup filter on the request", () => {
    const r = buildSearchDocsRequest(
      { query: "refund", app: "x' or repo ne 'x", exclude_sections: ["changelog", "changelog"] },
      transitional,
    );
    expect(r.filter).toBe(
      "(repo eq 'x'' or repo ne ''x') and (section ne 'changelog') and " +
        "(not search.in(section, '404.html,genindex.html,py-modindex.html,search.html')) and (format eq null or format eq '.html')",
    );
    expect(r.options).toMatchObject({ filter: r.filter, top: 5, select: expect.arrayContaining(["content"]) });
    expect(r.mode).toBe("keyword");
  });
  it("clamps top above the cap and says so; refuses top below 1", () => {
    const r = buildSearchDocsRequest({ query: "a", top: 500 }, strict);
    expect(r.top).toBe(50);
    expect(r.notes[0]).toMatch(/clamped to 50/);
    expect(
      buildSearchDocsRequest({ query: "a", top: 20 }, strict, { ...DEFAULT_SEARCH_DOCS_LIMITS, topCap: 10 }).top,
    ).toBe(10);
    expect(() => buildSearchDocsRequest({ query: "a", top: 0 }, strict)).toThrow(SearchDocsRefusal);
  });
  it("refuses a section inclusion filter and a path prefix, naming what to use instead", () => {
    expect(() => buildSearchDocsRequest({ query: "a", section: "guides" }, strict)).toThrow(/exclude_sections/);
    expect(() => buildSearchDocsRequest({ query: "a", path_prefix: "payments/" }, strict)).toThrow(
      /Instead: restrict to an app/,
    );
  });
  it("semantic mode uses the index's semantic configuration; the keyword fallback drops it and notes why", () => {
    const r = buildSearchDocsRequest({ query: "a", mode: "semantic" }, strict);
    expect(r.options).toMatchObject({ queryType: "semantic", semanticSearchOptions: { configurationName: "default" } });
    const k = asKeywordRequest(r, "semantic ranker disabled");
    expect(k.options).not.toHaveProperty("queryType");
    expect(k.mode).toBe("keyword");
    expect(k.notes.at(-1)).toMatch(/semantic ranker disabled/);
    expect(k.filter).toBe(r.filter);
  });
});
