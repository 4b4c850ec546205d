import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideDedup } from "../../../../src/search/dedup/policy.js";
import { buildRetrieveDocsRequest } from "../../../../src/search/query/retrieve-docs/request.js";
import {
  buildSearchDocsRequest,
  DEFAULT_SEARCH_DOCS_LIMITS,
  PATH_PREFIX_REFUSAL,
  SECTION_INCLUSION_REFUSAL,
} from "../../../../src/search/query/search-docs/request.js";
import {
  agentQueryFilter,
  buildQueryFilter,
  INCLUDE_SECTION_WARNING,
  odataString,
  PATH_PREFIX_IMPOSSIBLE,
  SECTION_INCLUSION_RISK,
} from "../../../../src/search/query/common/filters.js";
import { DEDUP_FILTER_STRICT, DEDUP_FILTER_TRANSITIONAL } from "../../../../src/search/dedup/filter.js";

describe("query filters", () => {
  it("doubles single quotes in string literals", () => {
    expect(odataString("o'neil")).toBe("'o''neil'");
    fc.assert(
      fc.property(fc.string(), (s) => {
        const lit = odataString(s);
        // Undoing the escaping gives the input back, and no lone quote is left inside.
        expect(lit.slice(1, -1).replaceAll("''", "'")).toBe(s);
        expect(lit.slice(1, -1).replaceAll("''", "")).not.toContain("'");
      }),
    );
  });
  it("sends the transitional dedup filter by default and and-s every clause in parentheses", () => {
    const built = buildQueryFilter({ app: "billing", excludeSections: ["changelog", "api"], dedup: "transitional" });
    expect(built.filter).toBe(
      `(repo eq 'billing') and (section ne 'changelog') and (section ne 'api') and (${DEDUP_FILTER_TRANSITIONAL})`,
    );
    expect(built.warnings).toEqual([]);
  });
  it("uses the strict dedup filter or none when asked", () => {
    expect(buildQueryFilter({ dedup: "strict" }).filter).toBe(DEDUP_FILTER_STRICT);
    expect(buildQueryFilter({ dedup: "off" }).filter).toBeUndefined();
  });
  it("allows an inclusion section filter with a warning", () => {
    const built = buildQueryFilter({ section: "guides", dedup: "off" });
    expect(built.filter).toBe("section eq 'guides'");
    expect(built.warnings).toEqual([INCLUDE_SECTION_WARNING]);
  });
  it("composes the same filter for the query command, search_docs and retrieve_docs", () => {
    const dedup = decideDedup({ kind: "not-checked" });
    const restrictions = { app: "o'neil", excludeSections: ["changelog", "changelog"] };
    const human = buildQueryFilter({ ...restrictions, excludeUtilityPages: true, dedup: dedup.mode }).filter;
    expect(agentQueryFilter({ ...restrictions, dedup: dedup.mode }).filter).toBe(human);
    const params = { query: "q", app: restrictions.app, exclude_sections: restrictions.excludeSections };
    expect(buildSearchDocsRequest(params, dedup).filter).toBe(human);
    expect(buildRetrieveDocsRequest(params, dedup, DEFAULT_SEARCH_DOCS_LIMITS, "ks").filter).toBe(human);
    expect(human).toBe(
      `(repo eq 'o''neil') and (section ne 'changelog') and (not search.in(section, '404.html,genindex.html,py-modindex.html,search.html')) and (${DEDUP_FILTER_TRANSITIONAL})`,
    );
  });
  it("words the section-inclusion and path-prefix rules once for the CLI and the MCP tools", () => {
    expect(INCLUDE_SECTION_WARNING).toContain(SECTION_INCLUSION_RISK);
    expect(SECTION_INCLUSION_REFUSAL.message).toContain(SECTION_INCLUSION_RISK);
    expect(PATH_PREFIX_REFUSAL.message).toContain(PATH_PREFIX_IMPOSSIBLE);
  });
});
