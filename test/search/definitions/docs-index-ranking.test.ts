// What the reviewed index definition (search-definitions/docs-index.json) does to a question and to ranking, run
// through the stand-in's documented analysis and BM25: the function words a question is phrased with are not
// matched, and repeated matches in a page's content count against one common word in a short heavy field.
import { describe, expect, it } from "vitest";
import { analyzerNamed } from "../../../local/search-standin/ranking/analyzers.js";
import { parseQuery } from "../../../local/search-standin/ranking/query.js";
import { rank } from "../../../local/search-standin/ranking/score.js";
import { readRawDefinitions } from "../../../src/search/definitions/definitions.js";
import { literalSearchText } from "../../../src/search/query/search-docs/search-text.js";

const index = readRawDefinitions().index as Record<string, unknown> & {
  scoringProfiles: { text: { weights: Record<string, number> } }[];
  similarity: { k1: number; b: number };
};
const terms = (text: string) =>
  analyzerNamed("docs_english_identifiers", index)
    .analyze(text)
    .map((t) => t.term);

describe("docs_english_identifiers on a developer's question", () => {
  it("drops the words a question is phrased with (Snowball's English stop list), keeps what it asks about", () => {
    expect(terms("How do I make them stop? What should my .prettierrc hold?")).toEqual([
      "make",
      "stop",
      "prettierrc",
      "hold",
    ]);
  });

  it("keeps can, will, may and must, which the Snowball list leaves out for their other meanings", () => {
    expect(terms("can will may must")).toEqual(["can", "will", "mai", "must"]);
  });

  it("still splits and stems identifiers", () => {
    expect(terms("requestTimeoutMs retries")).toEqual(["requesttimeoutm", "request", "timeout", "ms", "retri"]);
  });
});

describe("BM25 with the definition's similarity and the spec's text weights", () => {
  // One page names a question's common word in its short title (weight 5); the other answers the question, its
  // content naming the question's words again and again.
  const pages = [
    { id: "title", title: "Sign users in", content: "Redirect to the identity provider and back." },
    {
      id: "answer",
      title: "Utilities",
      content: "The config folder of an app. ".repeat(3) + "Other helpers print, page and open files. ".repeat(2),
    },
    { id: "other", title: "Install", content: "Install the package with pip. ".repeat(3) },
  ];
  const order = (similarity: { k1: number; b: number }) =>
    rank(pages, parseQuery(literalSearchText("Where should a user keep an app config folder?")), ["title", "content"], {
      weights: index.scoringProfiles[0]!.text.weights,
      similarity,
      analysis: {
        index: () => analyzerNamed("docs_english_identifiers", index),
        search: () => analyzerNamed("docs_english_identifiers", index),
      },
    })
      .sort((a, b) => b.score - a.score)
      .map((s) => s.item.id);

  it("ranks the page whose content answers above the page whose title shares one word", () => {
    expect(order(index.similarity)).toEqual(["answer", "title"]);
    // The service's defaults (k1 1.2, b 0.75) put the title match first.
    expect(order({ k1: 1.2, b: 0.75 })).toEqual(["title", "answer"]);
  });
});
