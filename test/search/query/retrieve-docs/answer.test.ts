// The retrieve_docs use case (src/search/query/retrieve-docs/answer.ts) on in-memory ports: the body sent to the
// knowledge base, the references as hits with the knowledge objects' provenance, the unknown-app refusal, each
// hit's passage for the query and the intents, and the answer fitted to max_tokens as the render port sends it.
import { describe, expect, it } from "vitest";
import { base64Encode } from "../../../../src/search/indexer-emulation/base64.js";
import { chosenDedup } from "../../../../src/search/dedup/policy.js";
import type { PageRead } from "../../../../src/search/query/common/page-reader.js";
import { resultTokens, type SentText } from "../../../../src/search/query/page/answer-fit.js";
import { pageFromBlob, pageFromIndexContent } from "../../../../src/search/query/page/page-source.js";
import { SearchDocsRefusal } from "../../../../src/search/query/refusal.js";
import {
  answerRetrieveDocs,
  type RetrieveDocsAnswer,
  type RetrieveDocsCall,
  type RetrieveDocsPorts,
} from "../../../../src/search/query/retrieve-docs/answer.js";
import type { RetrieveRequest } from "../../../../src/search/query/retrieve-docs/retrieve-body.js";
import { DEFAULT_SEARCH_DOCS_LIMITS } from "../../../../src/search/query/search-docs/request.js";

const BLOB = "https://acct.blob.core.windows.net/$web";
const URL = "https://docs.example.com/billing/refunds";
const KEY = base64Encode(`${BLOB}/billing/refunds.html`);
const basis = {
  dedup: chosenDedup("strict", "--dedup strict"),
  facts: {
    index: "docs-index",
    serving: { status: "known" as const, value: { kind: "concrete" as const, index: "docs-index" } },
    etag: { status: "known" as const, value: '"0x1"' },
    freshness: {
      status: "known" as const,
      value: { last_successful_run: "2026-11-23T08:05:00Z", run_in_progress: false },
    },
    apiVersion: "2026-04-01",
  },
};
const reference = (i: number) => ({
  type: "searchIndex",
  id: String(i),
  docKey: i === 0 ? KEY : `${KEY}-${i}`,
  sourceData: { title: `Refunds ${i}`, path: `${BLOB}/billing/refunds${i === 0 ? "" : `-${i}`}.html`, repo: "billing" },
  rerankerScore: 2.5 - i / 10,
});
const extracted = (n: number) => [
  {
    role: "assistant",
    content: [
      {
        type: "text",
        text: JSON.stringify(
          Array.from({ length: n }, (_, i) => ({ ref_id: i, content: "Refunds take five days to reach the card." })),
        ),
      },
    ],
  },
];
const NO_PAGE: PageRead = { page: pageFromIndexContent(null, undefined) };
type Render = (answer: RetrieveDocsAnswer<unknown>) => readonly SentText[];
const urlsOnly: Render = (a) => [{ text: a.results.map((h) => h.url).join("\n") }];

function world(references: number, opts: { apps?: string[]; pages?: Record<string, PageRead>; render?: Render } = {}) {
  const sent: RetrieveRequest[] = [];
  const asked: string[] = [];
  const ports: RetrieveDocsPorts = {
    retrieve: async (body) => {
      asked.push("retrieve");
      sent.push(body);
      return {
        references: Array.from({ length: references }, (_, i) => reference(i)),
        response: extracted(references),
      };
    },
    appNames: async () => opts.apps ?? ["billing"],
    basis: async () => {
      asked.push("basis");
      return basis;
    },
    sourceIndex: async () => {
      asked.push("sourceIndex");
      return { status: "known", value: "docs-index-2" };
    },
    readPage: async (key) => {
      asked.push(`page ${key === KEY ? "0" : key}`);
      return opts.pages?.[key ?? ""] ?? NO_PAGE;
    },
    render: opts.render ?? urlsOnly,
  };
  return { ports, sent, asked };
}

const call = <P extends RetrieveDocsCall<"short" | "full">["params"]>(params: P) => ({
  params,
  knowledge: { knowledgeBase: "docs-knowledge-base", knowledgeSource: "docs-knowledge-source" },
  location: { container: "$web", docsUrl: "https://docs.example.com" },
  limits: DEFAULT_SEARCH_DOCS_LIMITS,
  now: () => new Date("2026-11-24T00:00:00Z"),
});

describe("answerRetrieveDocs", () => {
  it("sends the query and intents with the dedup filter as filterAddOn, and answers the references as hits", async () => {
    const { ports, sent, asked } = world(1);
    const answer = await answerRetrieveDocs(
      ports,
      call({ query: "refund time", intents: ["card"], app: "billing", provenance: "full" }),
    );
    expect(sent[0]!.intents.map((i) => i.search)).toEqual(["refund time", "card"]);
    expect(sent[0]!.knowledgeSourceParams[0]).toMatchObject({
      knowledgeSourceName: "docs-knowledge-source",
      filterAddOn: expect.stringContaining("(repo eq 'billing')"),
    });
    expect(answer.intents).toEqual(["refund time", "card"]);
    expect(answer.results).toEqual([
      {
        title: "Refunds 0",
        url: URL,
        app: "billing",
        section: null,
        last_modified: null,
        snippet: "Refunds take five days to reach the card.",
        snippet_truncated: false,
        key: KEY,
        reranker_score: 2.5,
        anchor: null,
        source: "index",
      },
    ]);
    expect(answer.provenance).toMatchObject({
      knowledge_base: "docs-knowledge-base",
      knowledge_source: "docs-knowledge-source",
      knowledge_source_index: "docs-index-2",
      filter: sent[0]!.knowledgeSourceParams[0]!.filterAddOn,
      answered_at: "2026-11-24T00:00:00.000Z",
    });
    // The basis and the knowledge source's index first, then the knowledge base, then the pages.
    expect(asked).toEqual(["basis", "sourceIndex", "retrieve", "page 0"]);
  });

  it("refuses an empty answer for an app no document has, naming the closest", async () => {
    const { ports } = world(0, { apps: ["billing", "payments"] });
    const refused = answerRetrieveDocs(ports, call({ query: "refund", app: "biling" }));
    await expect(refused).rejects.toBeInstanceOf(SearchDocsRefusal);
    await expect(refused).rejects.toThrow(/did you mean "billing"/);
    expect((await answerRetrieveDocs(world(0).ports, call({ query: "refund", app: "billing" }))).results).toEqual([]);
  });

  it("refuses a budget below the smallest before asking anything", async () => {
    const { ports, asked } = world(1);
    await expect(answerRetrieveDocs(ports, call({ query: "refund", max_tokens: 100 }))).rejects.toThrow(
      /^max_tokens refused/,
    );
    expect(asked).toEqual([]);
  });

  it("gives each hit the passage of its page that matches the query and the intents", async () => {
    const page = pageFromBlob(
      "html",
      "<html><body><main><h1 id='refunds'>Refunds</h1><p>Refunds go back to the card.</p>" +
        "<h2 id='chargebacks'>Chargebacks</h2><p>A chargeback freezes the disputed amount.</p></main></body></html>",
      false,
      URL,
    )!;
    const { ports } = world(1, { pages: { [KEY]: { page } } });
    const answer = await answerRetrieveDocs(ports, call({ query: "refunds", intents: ["chargeback dispute"] }));
    expect(answer.results[0]).toMatchObject({ anchor: "chargebacks", source: "page" });
    expect(answer.results[0]!.snippet).toContain("A chargeback freezes the disputed amount.");
    expect(answer.provenance).toEqual({
      index: "docs-index",
      serving_index: "docs-index",
      last_successful_run: "2026-11-23T08:05:00Z",
    });
  });

  it("fits the answer to max_tokens as the render port sends it, leaving out what does not fit with a note", async () => {
    const heavy: Render = (a) => [...urlsOnly(a), ...a.results.map(() => ({ text: "x".repeat(1200) }))];
    const answer = await answerRetrieveDocs(
      world(4, { render: heavy }).ports,
      call({ query: "refund", max_tokens: 1000 }),
    );
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.length).toBeLessThan(4);
    expect(answer.notes.at(-1)).toMatch(/^max_tokens 1000: \d of 4 results shown/);
    expect(resultTokens(heavy(answer), answer)).toBeLessThanOrEqual(1000);
  });
});
