import { describe, expect, it } from "vitest";
import { parseQuery } from "../../local/search-standin/ranking/query.js";
import { rank } from "../../local/search-standin/ranking/score.js";

const FIELDS = ["title", "description", "tags", "app", "content"];
const WEIGHTS = { title: 5, description: 4, tags: 3, app: 2, content: 1 };

const docs = [
  {
    id: "content-only",
    title: "Other page",
    description: null,
    content: "How to configure the widget cache for speed.",
  },
  { id: "title-hit", title: "Widget cache", description: null, content: "Short page." },
  { id: "description-hit", title: "Another", description: "All about the widget", content: "Nothing here." },
  { id: "unrelated", title: "Unrelated", description: null, content: "Completely different." },
];
const ids = (results: { item: { id: string }; score: number }[]) =>
  results.sort((a, b) => b.score - a.score).map((r) => r.item.id);

describe("keyword ranking with scoring-profile text weights (spec C limits, reference §4.2)", () => {
  it("a title hit outranks a description hit, which outranks a content-only hit", () => {
    expect(ids(rank(docs, parseQuery("widget"), FIELDS, WEIGHTS))).toEqual([
      "title-hit",
      "description-hit",
      "content-only",
    ]);
  });

  it("without the profile's weights the content-only document is not penalised the same way", () => {
    const scores = Object.fromEntries(rank(docs, parseQuery("widget"), FIELDS).map((r) => [r.item.id, r.score]));
    const weighted = Object.fromEntries(
      rank(docs, parseQuery("widget"), FIELDS, WEIGHTS).map((r) => [r.item.id, r.score]),
    );
    expect(weighted["title-hit"]! / weighted["content-only"]!).toBeGreaterThan(
      scores["title-hit"]! / scores["content-only"]!,
    );
  });

  it("searchMode any matches either term; all requires both", () => {
    expect(ids(rank(docs, parseQuery("widget different"), FIELDS, WEIGHTS))).toHaveLength(4);
    expect(ids(rank(docs, parseQuery("widget cache", "all"), FIELDS, WEIGHTS))).toEqual(["title-hit", "content-only"]);
  });

  it("phrases, prefixes and exclusions", () => {
    expect(ids(rank(docs, parseQuery('"widget cache"'), FIELDS))).toEqual(
      expect.arrayContaining(["title-hit", "content-only"]),
    );
    expect(ids(rank(docs, parseQuery('"cache widget"'), FIELDS))).toEqual([]);
    expect(ids(rank(docs, parseQuery("unrel*"), FIELDS))).toEqual(["unrelated"]);
    expect(ids(rank(docs, parseQuery("widget -cache"), FIELDS))).toEqual(["description-hit"]);
  });

  it("empty and * match everything with score 1", () => {
    expect(rank(docs, parseQuery("*"), FIELDS).map((r) => r.score)).toEqual([1, 1, 1, 1]);
    expect(rank(docs, parseQuery(""), FIELDS)).toHaveLength(4);
  });

  it("searchFields restrict where terms match", () => {
    expect(ids(rank(docs, parseQuery("widget"), ["content"]))).toEqual(["content-only"]);
  });
});
