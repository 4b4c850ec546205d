// `docs-index query` as text (src/search/views/query-text.ts): per hit its title, public URL, app and section and
// the start of its text on one line; then the ranking used and where the answer came from.
import { describe, expect, it } from "vitest";
import type { Provenance } from "../../../src/search/query/common/provenance.js";
import type { SearchDocsAnswer } from "../../../src/search/query/search-docs/answer.js";
import type { SearchDocsHit } from "../../../src/search/query/search-docs/hit.js";
import { formatSearchAnswer } from "../../../src/search/views/query-text.js";

const provenance: Provenance = {
  index: "docs-index",
  serving_index: "docs-index-3",
  serving_index_unknown_reason: null,
  index_etag: '"0x1"',
  index_etag_unknown_reason: null,
  freshness: "known",
  last_successful_run: "2026-11-23T08:05:00Z",
  run_in_progress: false,
  freshness_unknown_reason: null,
  dedup_filter: "format eq '.html'",
  dedup_basis: "coverage check",
  filter: null,
  api_version: "2026-04-01",
  answered_at: "2026-11-24T00:00:00Z",
};
const hit = (over: Partial<SearchDocsHit> = {}): SearchDocsHit => ({
  title: "Set up billing",
  description: null,
  url: "https://docs.example.com/billing/guides/setup",
  app: "billing",
  section: "guides",
  last_modified: null,
  format: ".html",
  snippet: "Create   an\naccount first.",
  snippet_truncated: false,
  key: "k",
  score: 1,
  reranker_score: null,
  ...over,
});
const answer = (results: SearchDocsHit[], over: Partial<SearchDocsAnswer> = {}): SearchDocsAnswer => ({
  results,
  mode: "keyword",
  top: 5,
  notes: [],
  provenance,
  ...over,
});

describe("formatSearchAnswer", () => {
  it("shows each hit in four lines, its text on one line, then the mode and the provenance", () => {
    expect(formatSearchAnswer(answer([hit()])).split("\n")).toEqual([
      "1. Set up billing",
      "   https://docs.example.com/billing/guides/setup",
      "   app billing, section guides",
      "   Create an account first.",
      "",
      "keyword: index docs-index → docs-index-3; last successful run 2026-11-23T08:05:00Z; dedup format eq '.html' (coverage check)",
    ]);
  });

  it("cuts a long text at 240 characters and marks what is unknown, with why", () => {
    const text = formatSearchAnswer(
      answer([hit({ title: null, url: null, app: null, section: null, snippet: "x".repeat(300) })], {
        provenance: {
          ...provenance,
          serving_index: null,
          serving_index_unknown_reason: "reading the alias refused (403)",
          freshness_unknown_reason: "no reset in the history",
        },
      }),
    ).split("\n");
    expect(text.slice(0, 3)).toEqual(["1. (untitled)", "   (no URL)", "   app -, section -"]);
    expect(text[3]).toBe(`   ${"x".repeat(239)}…`);
    expect(text.at(-1)).toBe(
      "keyword: index docs-index → unknown (reading the alias refused (403)); last successful run unknown (no reset in the history); dedup format eq '.html' (coverage check)",
    );
  });

  it("keeps a page's title, app, section and text each on its line, with no terminal escapes", () => {
    const hostile = "Billing\nkeyword: FORGED index\u001b[2J\r\n";
    const text = formatSearchAnswer(
      answer([hit({ title: hostile, app: hostile, section: hostile, snippet: `${hostile}body` })]),
    ).split("\n");
    expect(text).toHaveLength(6);
    expect(text.filter((l) => l.startsWith("keyword:"))).toHaveLength(1);
    expect(text[0]).toBe("1. Billing keyword: FORGED index [2J");
    expect(text.join("\n")).not.toContain("\u001b");
  });

  it("says so when nothing matched", () => {
    expect(formatSearchAnswer(answer([])).split("\n")[0]).toBe("no results");
  });
});
