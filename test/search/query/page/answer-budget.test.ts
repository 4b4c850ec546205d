// A budget that answers: each form of the tool result (its text blocks, its structuredContent, as the MCP renderers
// make them) within max_tokens, the top hit always with its URL and a trimmed passage from the smallest budget up, the
// provenance in short unless the whole record is asked for.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../../src/config/repo-root.js";
import { renderSearchDocs } from "../../../../src/search/views/tool-result-text.js";
import {
  budgetOf,
  fitHits,
  hitForms,
  resultTokens,
  TOKEN_BUDGETS,
} from "../../../../src/search/query/page/answer-fit.js";
import { pageFromBlob } from "../../../../src/search/query/page/page-source.js";
import { bestPassage, passageForms, queryTerms } from "../../../../src/search/query/page/passages.js";
import {
  provenanceSummary,
  withProvenanceDetail,
  type Provenance,
} from "../../../../src/search/query/common/provenance.js";
import type { SearchDocsHit } from "../../../../src/search/query/search-docs/hit.js";

const URL = "https://docs.example.com/click/arguments";
const click = pageFromBlob(
  "html",
  readFileSync(path.join(repoRoot, "test", "fixtures", "generators", "sphinx-click.html"), "utf8"),
  false,
  URL,
)!;

const provenance: Provenance = {
  index: "docs-index",
  serving_index: "docs-index-green",
  serving_index_unknown_reason: null,
  index_etag: '"0x8DD1"',
  index_etag_unknown_reason: null,
  freshness: "known",
  last_successful_run: "2026-11-28T23:58:40.123Z",
  run_in_progress: false,
  freshness_unknown_reason: null,
  dedup_filter: "format eq null or format eq '.html'",
  dedup_basis: "the coverage check found documents with a null format (not reprocessed yet)",
  filter: "format eq null or format eq '.html'",
  api_version: "2026-04-01",
  answered_at: "2026-11-29T00:00:00.000Z",
};

/** A hit as search_docs shapes it, with metadata of ordinary length (a 300-character description). */
function hit(i: number): SearchDocsHit {
  return {
    title: "Arguments — Click Documentation (8.5.x)",
    description: `Arguments work similarly to options but are positional. ${"They take values in order. ".repeat(9)}`,
    url: `${URL}${i === 0 ? "" : i}`,
    app: "click",
    section: "arguments.html",
    last_modified: "2026-11-28T23:58:01.000Z",
    format: ".html",
    snippet: "",
    snippet_truncated: false,
    key: "aHR0cHM6Ly9kZXZzdG9yZWFjY291bnQxLmJsb2IuY29yZS53aW5kb3dzLm5ldC8kd2ViL2NsaWNrL2FyZ3VtZW50cy5odG1s0",
    score: 12.345,
    reranker_score: null,
  };
}

const query = "can an argument take its value from an environment variable";
const passage = bestPassage(click, queryTerms(query), 1600)!;
const passages = passageForms(click, queryTerms(query), 1600);

function answerAt(budget: number, hits = 5) {
  const forms = Array.from({ length: hits }, (_, i) => hitForms(hit(i), passages, "page"));
  const base = withProvenanceDetail({ mode: "keyword", top: hits, notes: [], provenance }, "short");
  return fitHits(forms, (results, notes) => ({ ...base, results, notes }), renderSearchDocs, budget, []);
}

const tokensOf = (a: ReturnType<typeof answerAt>) => resultTokens(renderSearchDocs(a), a);

describe("search_docs within max_tokens", () => {
  it("answers a 400-token budget with the top hit, its URL and the start of its best passage, and says what it cut", () => {
    const answer = answerAt(400);
    expect(tokensOf(answer)).toBeLessThanOrEqual(400);
    const [top] = answer.results;
    expect(top!.url).toBe(URL);
    expect(top!.anchor).toBe("environment-variables");
    expect(top!.snippet).toMatch(/^## Environment Variables\n\nArguments can use environment variables\./);
    expect(passage.lengths.at(-1)!.startsWith(top!.snippet.replace(/ …$/, ""))).toBe(true);
    expect(answer.notes).toEqual([`max_tokens 400: ${answer.results.length} of 5 results shown (raise it for more)`]);
    // The text names the hit with its anchored URL and carries the passage as marked data.
    const [header, block] = renderSearchDocs(answer);
    expect(header!.text).toContain(`1. Arguments — Click Documentation (8.5.x): ${URL}#environment-variables`);
    expect(block!.text).toContain("## Environment Variables");
  });

  it("from the smallest budget up the top hit comes with a passage; below it the budget is refused with that number", () => {
    for (const budget of [TOKEN_BUDGETS.min, TOKEN_BUDGETS.min + 40, 600]) {
      const answer = answerAt(budget);
      expect(tokensOf(answer), `${budget}`).toBeLessThanOrEqual(budget);
      expect(answer.results[0]!.snippet, `${budget}`).toMatch(/^## Environment Variables\n\nArguments can use/);
    }
    expect(() => budgetOf(TOKEN_BUDGETS.min - 1, 2000)).toThrow(`(${TOKEN_BUDGETS.min} tokens`);
  });

  it("trims passages at a sentence or block end before it leaves a hit out, the best hit keeping the most", () => {
    const answer = answerAt(1200);
    expect(tokensOf(answer)).toBeLessThanOrEqual(1200);
    expect(answer.results.length).toBeGreaterThanOrEqual(3);
    const lengths = answer.results.map((r) => r.snippet.length);
    expect(lengths[0]).toBe(Math.max(...lengths));
    for (const r of answer.results.filter((x) => x.snippet !== "")) {
      expect(r.snippet).toMatch(/^## Environment Variables\n\n/);
      // Each ends after a whole sentence or block (a cut inside a block is marked with " …").
      expect(r.snippet).toMatch(/([.:)`*]|```| …)$/);
    }
  });

  it("gives each hit its description only with its whole passage", () => {
    const roomy = answerAt(20_000, 1);
    expect(roomy.results[0]!.description).toMatch(/^Arguments work similarly/);
    expect(answerAt(400).results[0]!.description).toBeNull();
  });

  it("says that matching pages did not fit instead of 'No matching pages'", () => {
    const none = { results: [], mode: "keyword", notes: ["max_tokens 200: 0 of 5 results shown (raise it for more)"] };
    const [header] = renderSearchDocs({ ...none, provenance: provenanceSummary(provenance) });
    expect(header!.text).toMatch(/^No page fits max_tokens \(see the note\)\./);
    expect(renderSearchDocs({ ...none, notes: [], provenance })[0]!.text).toMatch(/^No matching pages\./);
  });
});

describe("provenance: short by default, the whole record on request", () => {
  it("sends one line and three keys, or the whole record with provenance: full", () => {
    const short = withProvenanceDetail({ results: [], mode: "keyword", notes: [], provenance }, undefined);
    expect(short.provenance).toEqual({
      index: "docs-index",
      serving_index: "docs-index-green",
      last_successful_run: "2026-11-28T23:58:40.123Z",
    });
    const text = renderSearchDocs(short)[0]!.text;
    expect(text).toContain("provenance: docs-index → docs-index-green, indexer run 2026-11-28T23:58:40.123Z");
    expect(text).not.toContain("filter:");
    const full = withProvenanceDetail({ results: [], mode: "keyword", notes: [], provenance }, "full");
    expect(full.provenance).toEqual(provenance);
    expect(renderSearchDocs(full)[0]!.text).toContain("filter: format eq null or format eq '.html'");
  });
});
