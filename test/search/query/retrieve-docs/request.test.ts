// The retrieve_docs request (src/search/query/retrieve-docs/request.ts): the search_docs rules on a retrieve body.
// Pure; no service.
import { describe, expect, it } from "vitest";
import { decideDedup } from "../../../../src/search/dedup/policy.js";
import { utilityPagesFilter } from "../../../../src/search/query/common/filters.js";
import { SearchDocsRefusal } from "../../../../src/search/query/refusal.js";
import { buildRetrieveDocsRequest } from "../../../../src/search/query/retrieve-docs/request.js";

const dedup = decideDedup({ kind: "counted", nullFormat: 3, total: 10, checkedAt: "2026-11-25T10:00:00.000Z" });
const limits = { defaultTop: 5, topCap: 20, snippetChars: 40 };

describe("retrieve_docs request", () => {
  it("always sends the dedup filter with the app and exclude_sections clauses as filterAddOn, one intent per text", () => {
    const r = buildRetrieveDocsRequest(
      {
        query: "refunds",
        intents: ["chargebacks", "refunds"],
        app: "payments",
        exclude_sections: ["changelog"],
        top: 99,
      },
      dedup,
      limits,
      "docs-knowledge-source",
    );
    expect(r.filter).toBe(
      "(repo eq 'payments') and (section ne 'changelog') and " +
        "(not search.in(section, '404.html,genindex.html,py-modindex.html,search.html')) and (format eq null or format eq '.html')",
    );
    expect(r.body.knowledgeSourceParams).toEqual([expect.objectContaining({ filterAddOn: r.filter })]);
    expect(r.body.intents.map((i) => i.search)).toEqual(["refunds", "chargebacks"]);
    expect(r.top).toBe(20);
    expect(r.notes).toEqual(["top 99 is above the cap of 20: clamped to 20"]);
    // No restriction asked: the utility pages are still left out, and the dedup filter is always there.
    expect(buildRetrieveDocsRequest({ query: "x" }, dedup, limits, "ks").filter).toBe(
      `(${utilityPagesFilter()}) and (${dedup.filter})`,
    );
  });

  it("refuses a section inclusion and a path prefix exactly as search_docs does", () => {
    const refused = (p: object) => () => buildRetrieveDocsRequest({ query: "x", ...p }, dedup, limits, "ks");
    expect(refused({ section: "guides" })).toThrow(SearchDocsRefusal);
    expect(refused({ section: "guides" })).toThrow(/Instead: leave out the sections/);
    expect(refused({ path_prefix: "payments/" })).toThrow(/path-prefix filtering is not possible/);
    // A query of spaces passes the tool's schema (min length 1): a refusal (a tool error), not an internal error.
    expect(refused({ query: "  ", intents: [" "] })).toThrow(SearchDocsRefusal);
  });
});
