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

  it("rank exactly like the keyword query (no reranking emulated)", () => {
    expect(executeSearch(withSemantic, docs, { search: "widget", queryType: "semantic" })).toEqual(
      executeSearch(withSemantic, docs, { search: "widget" }),
    );
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
