// `docs-index retrieve` and the knowledge source's line of `status` as text (src/search/views/retrieve-text.ts):
// each reference with its age, then the chain knowledge base → source → index and the filter sent.
import { describe, expect, it } from "vitest";
import type { KnowledgeSourceReport } from "../../../src/search/agentic/knowledge-source-report.js";
import type { RetrieveProvenance } from "../../../src/search/query/common/provenance.js";
import type { RetrieveDocsAnswer } from "../../../src/search/query/retrieve-docs/answer.js";
import { formatRetrieveAnswer } from "../../../src/search/views/retrieve-text.js";
import { formatKnowledgeSourceReport } from "../../../src/search/views/status-text.js";

const provenance: RetrieveProvenance = {
  knowledge_base: "docs-kb",
  knowledge_source: "docs-ks",
  knowledge_source_index: "docs-index-3",
  knowledge_source_index_unknown_reason: null,
  index: "docs-index",
  serving_index: "docs-index-3",
  serving_index_unknown_reason: null,
  index_etag: null,
  index_etag_unknown_reason: "reading the index definition refused (403)",
  freshness: "known",
  last_successful_run: "2026-11-23T08:05:00Z",
  run_in_progress: true,
  freshness_unknown_reason: null,
  dedup_filter: "format eq '.html'",
  dedup_basis: "coverage check",
  filter: "(repo eq 'billing') and (format eq '.html')",
  api_version: "2026-04-01",
  answered_at: "2026-11-24T00:00:00Z",
};
const answer: RetrieveDocsAnswer = {
  results: [
    {
      title: "Set up billing",
      url: "https://docs.example.com/billing/guides/setup",
      app: "billing",
      section: "guides",
      last_modified: "2026-11-01T00:00:00Z",
      snippet: "Create an account first.",
      snippet_truncated: false,
      key: "k",
      reranker_score: null,
    },
  ],
  intents: ["billing setup"],
  top: 5,
  notes: [],
  provenance,
};

describe("formatRetrieveAnswer", () => {
  it("shows each reference with its age, then the knowledge chain, the filter and the dedup", () => {
    expect(formatRetrieveAnswer(answer).split("\n")).toEqual([
      "1. Set up billing",
      "   https://docs.example.com/billing/guides/setup",
      "   app billing, section guides, modified 2026-11-01T00:00:00Z",
      "   Create an account first.",
      "",
      "knowledge base docs-kb → knowledge source docs-ks → docs-index-3",
      "index docs-index → docs-index-3, eTag unknown (reading the index definition refused (403))",
      "last successful run 2026-11-23T08:05:00Z (a run is in progress)",
      "filterAddOn (repo eq 'billing') and (format eq '.html')",
      "dedup format eq '.html' (coverage check)",
    ]);
  });

  it("keeps a page's title, app, section and passage each on its line", () => {
    const hostile = "Billing\nknowledge base FORGED\u2028dedup FORGED";
    const [ref] = answer.results;
    const text = formatRetrieveAnswer({
      ...answer,
      results: [{ ...ref!, title: hostile, app: hostile, section: hostile, snippet: hostile }],
    }).split("\n");
    expect(text).toHaveLength(10);
    expect(text[0]).toBe("1. Billing knowledge base FORGED dedup FORGED");
    expect(text.filter((l) => /^(knowledge base|dedup) /.test(l))).toHaveLength(2);
  });

  it("says so when there are no references", () => {
    expect(formatRetrieveAnswer({ ...answer, results: [] }).split("\n")[0]).toBe("no references");
  });
});

describe("formatKnowledgeSourceReport", () => {
  const report: KnowledgeSourceReport = {
    name: "docs-ks",
    found: true,
    synchronizationStatus: "active",
    index: "docs-index-3",
    servingIndex: "docs-index-3",
    current: true,
    problem: null,
  };

  it("names the index the knowledge source reads, and the problem when it is not the serving one", () => {
    expect(formatKnowledgeSourceReport(report)).toBe("knowledge source docs-ks → docs-index-3 (active)");
    const stale = { ...report, index: "docs-index-2", current: false, problem: "run `docs-index deploy`" };
    expect(formatKnowledgeSourceReport(stale)).toBe(
      "knowledge source docs-ks → docs-index-2 (active)\n  run `docs-index deploy`",
    );
  });

  it("says when it does not exist", () => {
    const missing = { ...report, found: false, index: null, current: false, problem: "run `docs-index deploy`" };
    expect(formatKnowledgeSourceReport(missing)).toBe("knowledge source docs-ks: not found\n  run `docs-index deploy`");
  });
});
