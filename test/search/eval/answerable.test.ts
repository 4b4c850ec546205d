// The eval on an index older than a field: select only the fields it has; a filter clause on a missing field is
// judged as null (left out when it holds for every document, no answer when it holds for none).
import { describe, expect, it } from "vitest";
import { answerableRequest, clauseWhenNull } from "../../../src/search/eval/answerable.js";
import { buildSearchDocsRequest } from "../../../src/search/query/search-docs/request.js";
import { decideDedup } from "../../../src/search/dedup/policy.js";
import { utilityPagesFilter } from "../../../src/search/query/common/filters.js";

const ROOT_ERA = new Set(["id", "title", "content", "path", "repo"]);
const transitional = decideDedup({ kind: "not-checked" });

describe("clauseWhenNull", () => {
  it("judges comparisons with null as the service would on a null field", () => {
    const missing = new Set(["format", "section", "repo"]);
    expect(clauseWhenNull("format eq null or format eq '.html'", missing)).toBe(true);
    expect(clauseWhenNull("format eq '.html'", missing)).toBe(false);
    expect(clauseWhenNull("section ne 'reference'", missing)).toBe(true);
    // search.in on null is false, so its negation holds (the utility pages clause on an index without section).
    expect(clauseWhenNull("not search.in(section, '404.html,search.html')", missing)).toBe(true);
    expect(clauseWhenNull("not search.in(title, '404.html')", missing)).toBeUndefined();
    expect(clauseWhenNull("repo eq 'pay or ments'", missing)).toBe(false);
    expect(clauseWhenNull("format ne null", missing)).toBe(false);
    // A field the index has, or a shape it does not judge: sent as it is.
    expect(clauseWhenNull("title eq 'x'", missing)).toBeUndefined();
    expect(clauseWhenNull("search.ismatch('x', 'format')", missing)).toBeUndefined();
  });
});

describe("answerableRequest", () => {
  it("the root-era index: selects its fields, leaves out the dedup and exclude-section clauses, keeps the app filter", () => {
    const built = buildSearchDocsRequest(
      { query: "refund", app: "payments", exclude_sections: ["reference"] },
      transitional,
    );
    const { request, notes } = answerableRequest(built, ROOT_ERA);
    expect(request!.options.select).toEqual(["id", "title", "path", "repo", "content"]);
    expect(request!.options.filter).toBe("repo eq 'payments'");
    expect(request!.clauses).toEqual(["repo eq 'payments'"]);
    expect(notes).toEqual([
      "selected only the fields the index has (not description, app, section, format, last_modified)",
      "left out section ne 'reference': the index has no field section, so it holds for every document",
      `left out ${utilityPagesFilter()}: the index has no field section, so it holds for every document`,
      "left out format eq null or format eq '.html': the index has no field format, so it holds for every document",
    ]);
  });

  it("a clause no document can meet on the older index leaves the query without an answer", () => {
    const strict = decideDedup({ kind: "counted", nullFormat: 0, total: 3, checkedAt: "2026-11-27T00:00:00Z" });
    const { request, notes } = answerableRequest(buildSearchDocsRequest({ query: "refund" }, strict), ROOT_ERA);
    expect(request).toBeUndefined();
    expect(notes.at(-1)).toBe("no answer: the index has no field format, so format eq '.html' holds for no document");
  });

  it("an index with every field: the request unchanged", () => {
    const built = buildSearchDocsRequest({ query: "refund" }, transitional);
    const all = new Set([...(built.options.select as string[]), "format", "section"]);
    const { request, notes } = answerableRequest(built, all);
    expect(notes).toEqual([]);
    expect(request!.options).toEqual(built.options);
  });
});
