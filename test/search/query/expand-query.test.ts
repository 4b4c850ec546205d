// Questions about identifier-named pages: adjacent words of a question are also searched joined, as a prefix
// (the token the standard analyzer made of the identifier a page is named after). Pure: what
// buildSearchDocsRequest sends.
import { describe, expect, it } from "vitest";
import { expandIdentifiers } from "../../../src/search/query/expand-query.js";
import { buildSearchDocsRequest } from "../../../src/search/query/search-docs.js";
import { decideDedup } from "../../../src/search/query/dedup-policy.js";

describe("query expansion", () => {
  it("searches adjacent words of a question joined, as a prefix of the identifier's token", () => {
    expect(expandIdentifiers("what is the request timeout").added).toEqual(["requesttimeout*"]);
    expect(expandIdentifiers("max network retries default").added).toEqual(
      expect.arrayContaining(["maxnetwork*", "maxnetworkretries*", "networkretries*", "networkretriesdefault*"]),
    );
  });

  it("joins no little words and no short runs", () => {
    expect(expandIdentifiers("how to refund").added).toEqual([]);
    expect(expandIdentifiers("log in").added).toEqual([]); // login* is shorter than 6 characters
    expect(expandIdentifiers("refunds").searchText).toBe("refunds");
  });

  it("leaves an identifier query as it is (its own token finds the page) and the simple syntax as written", () => {
    expect(expandIdentifiers("card_declined")).toEqual({ searchText: "card_declined", added: [] });
    expect(expandIdentifiers("maxNetworkRetries").added).toEqual([]);
    expect(expandIdentifiers("why card_declined now").added).toEqual([]);
    for (const q of ['"exact phrase"', "+refund -changelog", "refund*", "(a | b)"])
      expect(expandIdentifiers(q)).toEqual({ searchText: q, added: [] });
  });

  it("is what the search_docs request sends (keyword and semantic alike)", () => {
    const dedup = decideDedup({ kind: "not-checked" });
    for (const mode of ["keyword", "semantic"] as const)
      expect(buildSearchDocsRequest({ query: "request timeout", mode }, dedup).searchText).toBe(
        "request timeout requesttimeout*",
      );
  });
});
