// The stand-in's simple query syntax as Lucene's SimpleQueryParser reads it: backslash escapes, negation (twice
// cancels), required terms, phrases with escaped quotes, prefixes.
import { describe, expect, it } from "vitest";
import { parseQuery } from "../../local/search-standin/ranking/query.js";

const clauses = (search: string) =>
  parseQuery(search).clauses.map((c) => `${c.occur}:${c.quoted ? '"' : ""}${c.text}${c.prefix ? "*" : ""}`);

describe("simple query syntax", () => {
  it("reads -term as a negation and --term as the term (the NOT operator twice)", () => {
    expect(clauses("pass -v times")).toEqual(["should:pass", "mustNot:v", "should:times"]);
    expect(clauses("--help")).toEqual(["should:help"]);
    expect(clauses("+pool hotel")).toEqual(["must:pool", "should:hotel"]);
  });

  it("makes an escaped operator part of the term", () => {
    expect(clauses("pass \\-v times")).toEqual(["should:pass", "should:-v", "should:times"]);
    expect(clauses("C\\+\\+ \\(default\\) conf\\*")).toEqual(["should:C++", "should:(default)", "should:conf*"]);
    expect(clauses('say \\"hi\\"')).toEqual(["should:say", 'should:"hi"']);
  });

  it("reads phrases (an escaped quote inside stays), prefixes, and a hyphen inside a term as text", () => {
    expect(clauses('"a \\"b\\" c" conf*')).toEqual(['should:"a "b" c', "should:conf*"]);
    expect(clauses("print-width")).toEqual(["should:print-width"]);
    expect(clauses("a|b (c)")).toEqual(["should:a", "should:b", "should:c"]);
  });

  it("searchMode all requires every term; only negations match everything but them", () => {
    expect(parseQuery("a b", "all").clauses.map((c) => c.occur)).toEqual(["must", "must"]);
    expect(parseQuery("-a").matchAll).toBe(true);
  });
});
