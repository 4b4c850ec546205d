// The search_docs use case (src/search/query/search-docs/answer.ts) through a fake port: the request built on the
// basis, the semantic fallback only when the service says semantic ranking is unavailable, and an empty answer
// for an unknown app refused with the closest names.
import { describe, expect, it } from "vitest";
import { chosenDedup } from "../../../../src/search/dedup/policy.js";
import type { ProvenanceFacts } from "../../../../src/search/query/common/provenance.js";
import {
  DEFAULT_SEARCH_DOCS_LIMITS,
  type SearchDocsRequest,
} from "../../../../src/search/query/search-docs/request.js";
import { SearchDocsRefusal } from "../../../../src/search/query/refusal.js";
import { answerSearchDocsWith, type SearchDocsPort } from "../../../../src/search/query/search-docs/answer.js";
import type { SearchDocsHit } from "../../../../src/search/query/search-docs/hit.js";

const facts: ProvenanceFacts = {
  index: "docs-index",
  serving: { status: "known", value: { kind: "concrete", index: "docs-index" } },
  etag: { status: "known", value: '"0x1"' },
  freshness: { status: "known", value: { last_successful_run: "2026-11-23T08:05:00Z", run_in_progress: false } },
  apiVersion: "2026-04-01",
};
const basis = { dedup: chosenDedup("strict", "--dedup strict"), facts };
const opts = { limits: DEFAULT_SEARCH_DOCS_LIMITS, now: () => new Date("2026-11-24T00:00:00Z") };
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

function port(answer: (request: SearchDocsRequest) => SearchDocsHit[], apps: string[] = ["billing"]) {
  const sent: SearchDocsRequest[] = [];
  const p: SearchDocsPort = {
    search: async (request) => {
      sent.push(request);
      return answer(request);
    },
    appNames: async () => apps,
  };
  return { port: p, sent };
}

describe("answerSearchDocsWith", () => {
  it("sends the dedup filter on the request and answers with the provenance", async () => {
    const { port: p, sent } = port(() => [hit]);
    const answer = await answerSearchDocsWith(p, { query: "refund", app: "billing" }, basis, opts);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.filter).toContain("format eq '.html'");
    expect(sent[0]!.filter).toContain("repo eq 'billing'");
    expect(answer.results).toEqual([hit]);
    expect(answer.provenance).toMatchObject({ index_etag: '"0x1"', answered_at: "2026-11-24T00:00:00.000Z" });
  });

  it("answers a semantic query as keyword when the service has no semantic ranker, with a note", async () => {
    const { port: p, sent } = port((r) => {
      if (r.mode === "semantic") throw rankerOff;
      return [hit];
    });
    const answer = await answerSearchDocsWith(p, { query: "refund", mode: "semantic" }, basis, opts);
    expect(sent.map((r) => r.mode)).toEqual(["semantic", "keyword"]);
    expect(answer.mode).toBe("keyword");
    expect(answer.notes.join(" ")).toMatch(/semantic/i);
  });

  it("passes any other failure on, without a fallback", async () => {
    const { port: p, sent } = port(() => {
      throw Object.assign(new Error("Service unavailable"), { statusCode: 503 });
    });
    await expect(answerSearchDocsWith(p, { query: "refund", mode: "semantic" }, basis, opts)).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(sent).toHaveLength(1);
  });

  it("refuses an empty answer for an app no document has, naming the closest", async () => {
    const { port: p } = port(() => [], ["billing", "payments"]);
    const refused = answerSearchDocsWith(p, { query: "refund", app: "biling" }, basis, opts);
    await expect(refused).rejects.toBeInstanceOf(SearchDocsRefusal);
    await expect(refused).rejects.toThrow(/billing/);
  });

  it("answers an empty result for a known app as it is", async () => {
    const { port: p } = port(() => []);
    expect((await answerSearchDocsWith(p, { query: "refund", app: "billing" }, basis, opts)).results).toEqual([]);
  });
});
