// The search_docs use case (src/search/query/search-docs/answer.ts) on in-memory ports: the request built on the
// basis, the semantic fallback only when the service says semantic ranking is unavailable, an empty answer for an
// unknown app refused with the closest names, each hit's passage read from its page, and the answer fitted to
// max_tokens as the render port sends it.
import { describe, expect, it } from "vitest";
import { chosenDedup } from "../../../../src/search/dedup/policy.js";
import type { PageRead } from "../../../../src/search/query/common/page-reader.js";
import type { ProvenanceFacts } from "../../../../src/search/query/common/provenance.js";
import { resultTokens, type SentText } from "../../../../src/search/query/page/answer-fit.js";
import { pageFromBlob, pageFromIndexContent } from "../../../../src/search/query/page/page-source.js";
import { SearchDocsRefusal } from "../../../../src/search/query/refusal.js";
import {
  answerSearchDocs,
  type SearchDocsAnswer,
  type SearchDocsCall,
  type SearchDocsPorts,
} from "../../../../src/search/query/search-docs/answer.js";
import type { SearchDocsHit } from "../../../../src/search/query/search-docs/hit.js";
import {
  DEFAULT_SEARCH_DOCS_LIMITS,
  type SearchDocsRequest,
} from "../../../../src/search/query/search-docs/request.js";

const facts: ProvenanceFacts = {
  index: "docs-index",
  serving: { status: "known", value: { kind: "concrete", index: "docs-index" } },
  etag: { status: "known", value: '"0x1"' },
  freshness: { status: "known", value: { last_successful_run: "2026-11-23T08:05:00Z", run_in_progress: false } },
  apiVersion: "2026-04-01",
};
const basis = { dedup: chosenDedup("strict", "--dedup strict"), facts };
const hit: SearchDocsHit = {
  title: "Refunds",
  description: null,
  url: "https://docs.example.com/billing/refunds",
  app: "billing",
  section: null,
  last_modified: null,
  format: ".html",
  snippet: "Refunds take five days.",
  snippet_truncated: false,
  key: "k",
  score: 1,
  reranker_score: null,
};
const rankerOff = Object.assign(
  new Error("Semantic search is not enabled for this service.\r\nParameter name: queryType"),
  {
    statusCode: 400,
    code: "FeatureNotSupportedInService",
  },
);
/** A page without text: the hit keeps what the service gave. */
const NO_PAGE: PageRead = { page: pageFromIndexContent(null, undefined) };

type Render = (answer: SearchDocsAnswer<unknown>) => readonly SentText[];
const urlsOnly: Render = (a) => [{ text: a.results.map((h) => h.url).join("\n") }];

function world(
  answer: (request: SearchDocsRequest) => SearchDocsHit[],
  opts: { apps?: string[]; pages?: Record<string, PageRead>; render?: Render } = {},
) {
  const sent: SearchDocsRequest[] = [];
  const asked = { basis: 0, reads: [] as (string | null)[] };
  const ports: SearchDocsPorts = {
    search: async (request) => {
      sent.push(request);
      return answer(request);
    },
    appNames: async () => opts.apps ?? ["billing"],
    basis: async () => {
      asked.basis++;
      return basis;
    },
    readPage: async (key) => {
      asked.reads.push(key);
      return opts.pages?.[key ?? ""] ?? NO_PAGE;
    },
    render: opts.render ?? urlsOnly,
  };
  return { ports, sent, asked };
}

const call = <P extends SearchDocsCall<"short" | "full">["params"]>(params: P) => ({
  params,
  limits: DEFAULT_SEARCH_DOCS_LIMITS,
  now: () => new Date("2026-11-24T00:00:00Z"),
});

describe("answerSearchDocs: the search", () => {
  it("sends the dedup filter on the request and answers with the provenance asked", async () => {
    const { ports, sent } = world(() => [hit]);
    const answer = await answerSearchDocs(ports, call({ query: "refund", app: "billing", provenance: "full" }));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.filter).toContain("format eq '.html'");
    expect(sent[0]!.filter).toContain("repo eq 'billing'");
    expect(answer.results).toEqual([{ ...hit, anchor: null, source: "index" }]);
    expect(answer.provenance).toMatchObject({ index_etag: '"0x1"', answered_at: "2026-11-24T00:00:00.000Z" });
    const short = await answerSearchDocs(ports, call({ query: "refund" }));
    expect(short.provenance).toEqual({
      index: "docs-index",
      serving_index: "docs-index",
      last_successful_run: "2026-11-23T08:05:00Z",
    });
  });

  it("answers a semantic query as keyword when the service has no semantic ranker, with a note", async () => {
    const { ports, sent } = world((r) => {
      if (r.mode === "semantic") throw rankerOff;
      return [hit];
    });
    const answer = await answerSearchDocs(ports, call({ query: "refund", mode: "semantic" }));
    expect(sent.map((r) => r.mode)).toEqual(["semantic", "keyword"]);
    expect(answer.mode).toBe("keyword");
    expect(answer.notes.join(" ")).toMatch(/semantic/i);
  });

  it("passes any other failure on, without a fallback", async () => {
    const { ports, sent } = world(() => {
      throw Object.assign(new Error("Service unavailable"), { statusCode: 503 });
    });
    await expect(answerSearchDocs(ports, call({ query: "refund", mode: "semantic" }))).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(sent).toHaveLength(1);
  });

  it("refuses an empty answer for an app no document has, naming the closest", async () => {
    const { ports } = world(() => [], { apps: ["billing", "payments"] });
    const refused = answerSearchDocs(ports, call({ query: "refund", app: "biling" }));
    await expect(refused).rejects.toBeInstanceOf(SearchDocsRefusal);
    await expect(refused).rejects.toThrow(/billing/);
  });

  it("answers an empty result for a known app as it is", async () => {
    const { ports } = world(() => []);
    expect((await answerSearchDocs(ports, call({ query: "refund", app: "billing" }))).results).toEqual([]);
  });

  it("refuses a budget below the smallest before reading the basis or searching", async () => {
    const { ports, sent, asked } = world(() => [hit]);
    await expect(answerSearchDocs(ports, call({ query: "refund", max_tokens: 100 }))).rejects.toThrow(
      /^max_tokens refused: 100 is below the smallest budget/,
    );
    expect(sent).toEqual([]);
    expect(asked).toEqual({ basis: 0, reads: [] });
  });
});

describe("answerSearchDocs: passages", () => {
  const page = pageFromBlob(
    "html",
    "<html><body><main><h1 id='refunds'>Refunds</h1><p>Refunds go back to the card.</p>" +
      "<h2 id='deadline'>Deadline</h2><p>A refund can be issued within thirty days of the charge.</p>" +
      "<h2 id='fees'>Fees</h2><p>Card fees are not returned.</p></main></body></html>",
    false,
    hit.url!,
  )!;

  it("reads each hit's page and answers with the passage that matches the query, with its section's anchor", async () => {
    const highlighted = { ...hit, snippet: "a **refund** can be issued within thirty days" };
    const { ports, asked } = world(() => [highlighted], { pages: { k: { page } } });
    const answer = await answerSearchDocs(ports, call({ query: "refund deadline days" }));
    expect(asked.reads).toEqual(["k"]);
    expect(answer.results[0]).toMatchObject({ anchor: "deadline", source: "page", url: hit.url });
    expect(answer.results[0]!.snippet).toContain("A refund can be issued within thirty days of the charge.");
  });

  it("notes a page that could not be read, and keeps the index's passage for it", async () => {
    const failure = "reading the page blob refused (403): This request is not authorized";
    const { ports } = world(() => [hit], { pages: { k: { ...NO_PAGE, failure } } });
    const answer = await answerSearchDocs(ports, call({ query: "refund" }));
    expect(answer.notes).toEqual([`${failure}: passages from the index's content`]);
    expect(answer.results[0]!.snippet).toBe(hit.snippet);
  });

  it("fits the answer to max_tokens as the render port sends it, leaving out what does not fit with a note", async () => {
    const hits = Array.from({ length: 5 }, (_, i) => ({ ...hit, key: `k${i}`, url: `${hit.url}-${i}` }));
    const heavy: Render = (a) => [...urlsOnly(a), ...a.results.map(() => ({ text: "x".repeat(1200) }))];
    const { ports } = world(() => hits, { render: heavy });
    const answer = await answerSearchDocs(ports, call({ query: "refund", max_tokens: 1000 }));
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.length).toBeLessThan(5);
    expect(answer.notes.at(-1)).toBe(
      `max_tokens 1000: ${answer.results.length} of 5 results shown (raise it for more)`,
    );
    expect(resultTokens(heavy(answer), answer)).toBeLessThanOrEqual(1000);
    const light = await answerSearchDocs(world(() => hits).ports, call({ query: "refund", max_tokens: 1000 }));
    expect(light.results).toHaveLength(5);
  });
});
