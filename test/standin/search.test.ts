// executeSearch as a function: request validation and semantic-configuration rules (reference §4.3, §8, §9).
import { describe, expect, it } from "vitest";
import { schemaOf } from "../../local/search-standin/documents/schema.js";
import { executeSearch } from "../../local/search-standin/documents/search.js";
import { ServiceError } from "../../local/search-standin/http.js";
import { loadDefinition } from "./fixtures.js";

const withSemantic = schemaOf(loadDefinition("docs-index.json"));
const { semantic: _semantic, ...plain } = loadDefinition("docs-index.json");
const withoutSemantic = schemaOf(plain);
const docs = [{ id: "a", title: "Widget", content: "x" }];

const status = (fn: () => unknown): number | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof ServiceError ? err.status : -1;
  }
};

describe("semantic queries", () => {
  it("use the named configuration or the default one", () => {
    expect(
      status(() => executeSearch(withSemantic, docs, { search: "widget", queryType: "semantic" })),
    ).toBeUndefined();
    expect(
      status(() =>
        executeSearch(withSemantic, docs, {
          search: "widget",
          queryType: "semantic",
          semanticConfiguration: "default",
        }),
      ),
    ).toBeUndefined();
  });

  it("are a 400 when the index has no such configuration, or none at all", () => {
    expect(
      status(() =>
        executeSearch(withSemantic, docs, { search: "w", queryType: "semantic", semanticConfiguration: "other" }),
      ),
    ).toBe(400);
    expect(status(() => executeSearch(withoutSemantic, docs, { search: "w", queryType: "semantic" }))).toBe(400);
  });

  it("rerank the keyword results by the prioritized fields, ignoring the profile's weights (approximation)", () => {
    // Keyword order: the title hit first (title weight 5). The reranker reads title and content alike, so the
    // page that says "refund" three times in its content comes first, scored 4; the other gets a share of 4.
    const pages = [
      { id: "title", title: "Refund", content: "A page about payments and other matters entirely." },
      { id: "content", title: "Payments", content: "refund refund refund" },
    ];
    const ids = (r: Record<string, unknown>) => (r.value as { id: string }[]).map((v) => v.id);
    const keyword = executeSearch(withSemantic, pages, { search: "refund", select: "id" });
    expect(ids(keyword)).toEqual(["title", "content"]);
    const semantic = executeSearch(withSemantic, pages, { search: "refund", select: "id", queryType: "semantic" });
    expect(ids(semantic)).toEqual(["content", "title"]);
    const scores = (semantic.value as Record<string, number>[]).map((v) => v["@search.rerankerScore"]!);
    expect(scores[0]).toBe(4);
    expect(scores[1]).toBeGreaterThan(0);
    expect(scores[1]).toBeLessThan(4);
  });

  it("rerank only the first 50 keyword results; the rest follow without a reranker score", () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      id: `d${i}`,
      title: i < 55 ? "widget" : "x",
      content: "widget",
    }));
    const result = executeSearch(withSemantic, many, {
      search: "widget",
      queryType: "semantic",
      top: 60,
      select: "id",
    });
    const value = result.value as Record<string, unknown>[];
    expect(value.filter((v) => "@search.rerankerScore" in v)).toHaveLength(50);
    expect(value.slice(50).every((v) => !("@search.rerankerScore" in v))).toBe(true);
  });
});

describe("paging parameters", () => {
  it("reject $skip over 100,000 and negative or fractional $top", () => {
    expect(status(() => executeSearch(withSemantic, docs, { skip: 100_001 }))).toBe(400);
    expect(status(() => executeSearch(withSemantic, docs, { skip: 100_000 }))).toBeUndefined();
    expect(status(() => executeSearch(withSemantic, docs, { top: -1 }))).toBe(400);
    expect(status(() => executeSearch(withSemantic, docs, { top: 1.5 }))).toBe(400);
  });

  it("apply the default profile unless another is named; unknown profiles are a 400", () => {
    expect(
      status(() => executeSearch(withSemantic, docs, { search: "widget", scoringProfile: "docs-default" })),
    ).toBeUndefined();
    expect(status(() => executeSearch(withSemantic, docs, { search: "widget", scoringProfile: "nope" }))).toBe(400);
  });
});
