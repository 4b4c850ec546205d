// Queries that mean something: a query without terms is refused with what to do, and an app that does not exist
// is answered with the closest existing names and a pointer to list_apps. Pure.
import { describe, expect, it } from "vitest";
import { decideDedup } from "../../../src/search/dedup/policy.js";
import { buildSearchDocsRequest, hasSearchTerms } from "../../../src/search/query/search-docs/request.js";
import { SearchDocsRefusal } from "../../../src/search/query/refusal.js";
import { unknownAppRefusal } from "../../../src/search/query/common/apps.js";
import { buildRetrieveRequest } from "../../../src/search/query/retrieve-docs/retrieve-body.js";

const dedup = decideDedup({ kind: "not-checked" });

describe("a query without terms", () => {
  it.each(["*", "", "   ", "\t\n", "?!", "-", "* *", '""', "&&"])("%j is refused, saying what to ask instead", (q) => {
    expect(hasSearchTerms(q)).toBe(false);
    const refusal = (() => {
      try {
        buildSearchDocsRequest({ query: q }, dedup);
      } catch (err) {
        return err as SearchDocsRefusal;
      }
    })();
    expect(refusal).toBeInstanceOf(SearchDocsRefusal);
    expect(refusal!.parameter).toBe("query");
    expect(refusal!.message).toMatch(/has no words to search for.*Instead: ask with the words or names/);
  });

  it.each(["refund", "v2", "card_declined", "maxNetworkRetries", "é", "退款", "*refund*", "401"])(
    "%j is searched",
    (q) => expect(buildSearchDocsRequest({ query: q }, dedup).searchText).toContain(q.replace(/\*/g, "")),
  );

  it("retrieve keeps the intents with terms and refuses when none has any", () => {
    expect(buildRetrieveRequest({ intents: ["*", "refunds"], knowledgeSourceName: "ks", filter: "f" }).intents).toEqual(
      [{ type: "semantic", search: "refunds" }],
    );
    expect(() => buildRetrieveRequest({ intents: ["*", " "], knowledgeSourceName: "ks", filter: "f" })).toThrow(
      /query refused: "\*" has no words to search for/,
    );
  });
});

describe("an app that does not exist", () => {
  const apps = ["payments", "identity", "guides", "payouts"];

  it("names the app in the right case first, then near spellings, and list_apps", () => {
    const refusal = unknownAppRefusal("Payments", apps)!;
    expect(refusal.parameter).toBe("app");
    expect(refusal.message).toBe(
      'app refused: no app named "Payments" in the index. Instead: did you mean "payments"? App names are exact (case too); list_apps lists every app',
    );
    expect(unknownAppRefusal("identiy", apps)!.message).toMatch(/did you mean "identity"\?/);
  });

  it("lists a few apps when nothing is close, and says so when the index has none", () => {
    expect(unknownAppRefusal("warehouse", apps)!.message).toMatch(
      /Instead: apps include "payouts", "payments", "guides"\. App names are exact .*list_apps/,
    );
    expect(unknownAppRefusal("payments", [])!.message).toMatch(/the index holds no app yet/);
  });

  it("is no refusal for an existing app (an empty answer is then just empty)", () => {
    expect(unknownAppRefusal("payments", apps)).toBeUndefined();
  });
});
