import { describe, expect, it } from "vitest";
import { analyze } from "../../local/search-standin/ranking/analyzer.js";
import { idf, storedLength } from "../../local/search-standin/ranking/bm25.js";
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
const scoreOf = (results: { item: { id: string }; score: number }[], id: string) =>
  results.find((r) => r.item.id === id)?.score;

describe("keyword ranking with scoring-profile text weights (spec C limits, reference §4.2)", () => {
  it("a title hit outranks a description hit, which outranks a content-only hit", () => {
    expect(ids(rank(docs, parseQuery("widget"), FIELDS, { weights: WEIGHTS }))).toEqual([
      "title-hit",
      "description-hit",
      "content-only",
    ]);
  });

  it("searchMode any matches either term; all requires both", () => {
    expect(ids(rank(docs, parseQuery("widget different"), FIELDS, { weights: WEIGHTS }))).toHaveLength(4);
    expect(ids(rank(docs, parseQuery("widget cache", "all"), FIELDS, { weights: WEIGHTS }))).toEqual([
      "title-hit",
      "content-only",
    ]);
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

// Hand-computed BM25 (k1 = 1.2, b = 0.75; idf = ln(1 + (N - df + 0.5) / (df + 0.5)),
// score = idf * tf / (tf + k1 * (1 - b + b * dl / avgdl)), per field, times the field's weight, summed).
describe("BM25 scores, computed by hand", () => {
  const corpus = [
    { id: "a", title: "Refund a payment", content: "Refund a settled charge" },
    { id: "b", title: null, content: "refund refund policy" },
    { id: "c", title: "Payments guide", content: "Create a charge" },
  ];
  const weights = { title: 5, content: 1 };

  it("per field: N counts documents with a value (b has no title), avgdl is that field's mean length", () => {
    // title: N = 2, avgdl = (3 + 2) / 2 = 2.5, df(refund) = 1 → idf = ln 2;
    //   a: 5 * ln 2 * 1 / (1 + 1.2 * (0.25 + 0.75 * 3 / 2.5)) = 5 * 0.693147 / 2.38 = 1.456192
    // content: N = 3, avgdl = (4 + 3 + 3) / 3, df(refund) = 2 → idf = ln 1.6 = 0.470004;
    //   a: 0.470004 * 1 / (1 + 1.2 * (0.25 + 0.75 * 4 / (10 / 3))) = 0.470004 / 2.38 = 0.197481
    //   b: 0.470004 * 2 / (2 + 1.2 * (0.25 + 0.75 * 3 / (10 / 3))) = 0.470004 * 2 / 3.11 = 0.302253
    const results = rank(corpus, parseQuery("refund"), ["title", "content"], { weights });
    expect(scoreOf(results, "a")).toBeCloseTo(1.456192 + 0.197481, 5);
    expect(scoreOf(results, "b")).toBeCloseTo(0.302253, 5);
    expect(scoreOf(results, "c")).toBeUndefined();
  });

  it("a $filter does not change the statistics: b keeps its score when a is filtered out", () => {
    const results = rank(corpus, parseQuery("refund"), ["title", "content"], { weights, keep: (d) => d.id !== "a" });
    expect(results.map((r) => r.item.id)).toEqual(["b"]);
    expect(scoreOf(results, "b")).toBeCloseTo(0.302253, 5);
  });

  it("a phrase scores with the sum of its terms' idf and the phrase frequency", () => {
    // content: idf(settled) = ln(1 + 2.5 / 1.5) = 0.980829, idf(charge) = ln 1.6 = 0.470004;
    //   a: (0.980829 + 0.470004) / 2.38 = 0.609594
    const results = rank(corpus, parseQuery('"settled charge"'), ["content"]);
    expect(results.map((r) => r.item.id)).toEqual(["a"]);
    expect(scoreOf(results, "a")).toBeCloseTo(0.609594, 5);
  });

  it("the index's similarity applies: k1 = 0 is the binary model (score = idf), b = 0 ignores length", () => {
    const binary = rank(corpus, parseQuery("refund"), ["content"], { similarity: { k1: 0, b: 0.75 } });
    expect(scoreOf(binary, "a")).toBeCloseTo(idf(2, 3), 10);
    expect(scoreOf(binary, "b")).toBeCloseTo(Math.log(1.6), 10);
    const noLength = rank(corpus, parseQuery("refund"), ["content"], { similarity: { k1: 1.2, b: 0 } });
    expect(scoreOf(noLength, "a")).toBeCloseTo(Math.log(1.6) / 2.2, 10);
  });

  it("field lengths are stored as Lucene's one-byte norm: exact up to 39 tokens, then 4 significant bits", () => {
    expect([0, 23, 24, 39, 40, 41, 47, 48, 100, 1000].map(storedLength)).toEqual([
      0, 23, 24, 39, 40, 40, 46, 48, 96, 984,
    ]);
  });
});

describe("the standard analyzer's tokens (UAX #29 word boundaries, lowercased)", () => {
  it("keeps dotted, underscored and alphanumeric words whole and splits on hyphens and slashes", () => {
    expect(analyze("POST /v2/charges/{id}/refunds: charge.succeeded, unsupported_currency, Sign-in, RS256")).toEqual([
      "post",
      "v2",
      "charges",
      "id",
      "refunds",
      "charge.succeeded",
      "unsupported_currency",
      "sign",
      "in",
      "rs256",
    ]);
  });

  it("so a query for `charge succeeded` does not match the token charge.succeeded", () => {
    const events = [{ id: "w", content: "charge.succeeded and refund.settled" }];
    expect(rank(events, parseQuery("charge"), ["content"])).toEqual([]);
    expect(rank(events, parseQuery("charge.succeeded"), ["content"])).toHaveLength(1);
  });

  it("ASCII text takes a fast path that gives exactly the segmenter's tokens", () => {
    const segmenter = new Intl.Segmenter("und", { granularity: "word" });
    const reference = (t: string) =>
      [...segmenter.segment(t)].filter((s) => s.isWordLike).map((s) => s.segment.toLowerCase());
    const alphabet = "aZ9_.,;:'-/ \"$#@=x1";
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * 19)]).join(
        "",
      );
      expect(analyze(text), JSON.stringify(text)).toEqual(reference(text));
    }
  });

  it("one token per ideograph, as Lucene's tokenizer emits", () => {
    expect(analyze("東京都 Café")).toEqual(["東", "京", "都", "café"]);
  });
});
