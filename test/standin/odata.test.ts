import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { schemaOf } from "../../local/search-standin/documents/schema.js";
import { evaluateFilter } from "../../local/search-standin/odata/evaluate.js";
import { parseFilter } from "../../local/search-standin/odata/filter.js";
import { ODataError } from "../../local/search-standin/odata/lexer.js";
import { parseOrderBy, parseSelect } from "../../local/search-standin/odata/orderby.js";
import { loadDefinition } from "./fixtures.js";

const schema = schemaOf(loadDefinition("docs-index.json"));
const noMatch = () => false;
const check = (filter: string, doc: Record<string, unknown>) =>
  evaluateFilter(parseFilter(filter, schema), doc, noMatch);
const error = (filter: string): string => {
  try {
    parseFilter(filter, schema);
  } catch (err) {
    expect(err).toBeInstanceOf(ODataError);
    return (err as Error).message;
  }
  throw new Error(`expected '${filter}' to be rejected`);
};

const html = { format: ".html", section: "guides", repo: "alpha", last_modified: "2026-03-01T00:00:00Z" };
const unprocessed = { format: null, section: null, repo: "alpha", last_modified: null };
const md = { format: ".md", section: "guides", repo: "beta", last_modified: "2026-01-01T00:00:00Z" };

describe("$filter evaluation (reference §8, spec C query filters)", () => {
  it("the dedup filter keeps HTML and unprocessed documents and drops Markdown twins", () => {
    const dedup = "format eq null or format eq '.html'";
    expect(check(dedup, html)).toBe(true);
    expect(check(dedup, unprocessed)).toBe(true);
    expect(check(dedup, md)).toBe(false);
  });

  it("ne is true when the field is null; eq is case-sensitive", () => {
    expect(check("section ne 'reference'", unprocessed)).toBe(true);
    expect(check("section ne 'guides'", html)).toBe(false);
    expect(check("repo eq 'Alpha'", html)).toBe(false);
  });

  it("null under a range operator is false, not an error", () => {
    expect(check("last_modified gt 2026-02-01T00:00:00Z", unprocessed)).toBe(false);
    expect(check("last_modified gt 2026-02-01T00:00:00Z", html)).toBe(true);
    expect(check("last_modified le 2026-01-01T00:00:00Z", md)).toBe(true);
  });

  it("and binds tighter than or; not and parentheses", () => {
    expect(check("repo eq 'beta' or repo eq 'alpha' and format eq '.md'", html)).toBe(false);
    expect(check("(repo eq 'beta' or repo eq 'alpha') and format eq '.html'", html)).toBe(true);
    expect(check("not (format eq '.md')", unprocessed)).toBe(true);
    expect(check("not format eq '.html'", html)).toBe(false);
  });

  it("a constant on the left is flipped", () => {
    expect(check("2026-02-01T00:00:00Z lt last_modified", html)).toBe(true);
    expect(check("'alpha' eq repo", html)).toBe(true);
  });

  it("search.in with default (space, comma) and custom delimiters", () => {
    expect(check("search.in(repo, 'gamma, alpha')", html)).toBe(true);
    expect(check("search.in(repo, 'gamma beta')", html)).toBe(false);
    expect(check("search.in(section, 'my guides|guides', '|')", html)).toBe(true);
    expect(check("search.in(section, 'guides')", unprocessed)).toBe(false);
  });

  it("string literals escape quotes by doubling", () => {
    expect(check("repo eq 'o''brien'", { repo: "o'brien" })).toBe(true);
  });

  it("boolean constants", () => {
    expect(check("true", html)).toBe(true);
    expect(check("false or repo eq 'alpha'", html)).toBe(true);
  });
});

describe("$filter errors (400, the service's message style)", () => {
  it("rejects range operators against null", () => {
    expect(error("last_modified gt null")).toMatch(
      /^Invalid expression: Comparison with null .*\r\nParameter name: \$filter$/s,
    );
  });

  it("rejects functions the service does not have, such as startswith", () => {
    expect(error("startswith(path, 'https://')")).toMatch(
      /^Invalid expression: Function 'startswith' .* is not supported/,
    );
    expect(error("contains(repo, 'a')")).toMatch(/Function 'contains'/);
  });

  it("rejects non-filterable and unknown fields", () => {
    expect(error("path eq 'x'")).toMatch(/^Invalid expression: The field 'path' is not filterable/);
    expect(error("nope eq 'x'")).toMatch(/Could not find a property named 'nope' on type 'search.document'/);
  });

  it("rejects type mismatches and syntax errors with a position", () => {
    expect(error("repo eq 3")).toMatch(/incompatible types/);
    expect(error("last_modified gt '2026-01-01'")).toMatch(/incompatible types/);
    expect(error("repo eq 'a' and")).toMatch(/Syntax error at position 15 in 'repo eq 'a' and'/);
    expect(error("repo eq 'a")).toMatch(/Unterminated string/);
    expect(error("repo in ('a')")).toMatch(/Syntax error/);
  });
});

describe("$orderby and $select", () => {
  it("accepts sortable fields and search.score(); rejects the rest", () => {
    expect(parseOrderBy("last_modified desc, search.score() desc", schema)).toHaveLength(2);
    expect(() => parseOrderBy("title asc", schema)).toThrow(/The field 'title' is not sortable/);
  });

  it("selects named fields and rejects unknown ones", () => {
    expect(parseSelect("title,path", schema).map((f) => f.name)).toEqual(["title", "path"]);
    expect(parseSelect("*", schema).length).toBe(schema.fields.size);
    expect(() => parseSelect("url", schema)).toThrow(
      /Could not find a property named 'url'.*\r\nParameter name: \$select/s,
    );
  });
});

describe("$filter property: parse-and-evaluate agrees with a reference evaluator", () => {
  type Expr =
    | { t: "cmp"; field: "repo" | "section" | "format"; op: "eq" | "ne"; value: string | null }
    | { t: "and" | "or"; l: Expr; r: Expr }
    | { t: "not"; e: Expr };
  const value = fc.constantFrom("alpha", "beta", "guides", ".html", null, "o'brien");
  const leaf = fc.record({
    t: fc.constant("cmp" as const),
    field: fc.constantFrom("repo" as const, "section" as const, "format" as const),
    op: fc.constantFrom("eq" as const, "ne" as const),
    value,
  });
  const { expr } = fc.letrec<{ expr: Expr }>((tie) => ({
    expr: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.record({ t: fc.constantFrom("and" as const, "or" as const), l: tie("expr"), r: tie("expr") }),
      fc.record({ t: fc.constant("not" as const), e: tie("expr") }),
    ),
  }));
  const render = (e: Expr): string =>
    e.t === "cmp"
      ? `${e.field} ${e.op} ${e.value === null ? "null" : `'${e.value.replaceAll("'", "''")}'`}`
      : e.t === "not"
        ? `not (${render(e.e)})`
        : `(${render(e.l)}) ${e.t} (${render(e.r)})`;
  const reference = (e: Expr, d: Record<string, string | null>): boolean =>
    e.t === "cmp"
      ? e.op === "eq"
        ? d[e.field] === e.value
        : d[e.field] !== e.value
      : e.t === "not"
        ? !reference(e.e, d)
        : e.t === "and"
          ? reference(e.l, d) && reference(e.r, d)
          : reference(e.l, d) || reference(e.r, d);
  const doc = fc.record({ repo: value, section: value, format: value });

  it("holds for random expressions and documents (nulls included)", () => {
    fc.assert(
      fc.property(expr, doc, (e, d) => check(render(e), d) === reference(e, d)),
      { numRuns: 300 },
    );
  });
});
