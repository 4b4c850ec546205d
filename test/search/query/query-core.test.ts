// The query core agents share (src/search/query/): request building, dedup decision, hit shaping, provenance,
// document references and text bounding. Pure; no service.
import { describe, expect, it } from "vitest";
import { decideDedup } from "../../../src/search/dedup/policy.js";
import {
  buildSearchDocsRequest,
  asKeywordRequest,
  DEFAULT_SEARCH_DOCS_LIMITS,
} from "../../../src/search/query/search-docs.js";
import { SearchDocsRefusal } from "../../../src/search/query/refusal.js";
import { shapeSearchHit } from "../../../src/search/query/search-hit.js";
import { buildProvenance, buildRetrieveProvenance } from "../../../src/search/query/provenance.js";
import { unknownBecause } from "../../../src/search/known.js";
import { documentRefFromUrl, containerBaseOf, blobUrlFor } from "../../../src/search/query/document-ref.js";
import { boundText, documentText } from "../../../src/search/query/document-text.js";
import { appSummary } from "../../../src/search/query/apps.js";
import { semanticUnavailableReason } from "../../../src/search/query/semantic-availability.js";

const transitional = decideDedup({ kind: "counted", nullFormat: 3, total: 10, checkedAt: "2026-11-25T10:00:00.000Z" });
const strict = decideDedup({ kind: "counted", nullFormat: 0, total: 10, checkedAt: "2026-11-25T10:00:00.000Z" });

describe("dedup decision", () => {
  it("tightens to format eq '.html' only when no document holds a null format", () => {
    expect(transitional.filter).toBe("format eq null or format eq '.html'");
    expect(transitional.basis).toContain("3 of 10");
    expect(strict.filter).toBe("format eq '.html'");
    expect(decideDedup({ kind: "counted", nullFormat: 0, total: 0, checkedAt: "x" }).mode).toBe("transitional");
    expect(decideDedup({ kind: "failed", reason: "403", checkedAt: "x" }).mode).toBe("transitional");
    expect(decideDedup({ kind: "not-checked" }).mode).toBe("transitional");
  });
});

describe("search_docs request", () => {
  it("builds every clause from typed parameters, quoted and escaped, with the dedup filter on the request", () => {
    const r = buildSearchDocsRequest(
      { query: "refund", app: "x' or repo ne 'x", exclude_sections: ["changelog", "changelog"] },
      transitional,
    );
    expect(r.filter).toBe(
      "(repo eq 'x'' or repo ne ''x') and (section ne 'changelog') and " +
        "(not search.in(section, '404.html,genindex.html,py-modindex.html,search.html')) and (format eq null or format eq '.html')",
    );
    expect(r.options).toMatchObject({ filter: r.filter, top: 5, select: expect.arrayContaining(["content"]) });
    expect(r.mode).toBe("keyword");
  });
  it("clamps top above the cap and says so; refuses top below 1", () => {
    const r = buildSearchDocsRequest({ query: "a", top: 500 }, strict);
    expect(r.top).toBe(50);
    expect(r.notes[0]).toMatch(/clamped to 50/);
    expect(
      buildSearchDocsRequest({ query: "a", top: 20 }, strict, { ...DEFAULT_SEARCH_DOCS_LIMITS, topCap: 10 }).top,
    ).toBe(10);
    expect(() => buildSearchDocsRequest({ query: "a", top: 0 }, strict)).toThrow(SearchDocsRefusal);
  });
  it("refuses a section inclusion filter and a path prefix, naming what to use instead", () => {
    expect(() => buildSearchDocsRequest({ query: "a", section: "guides" }, strict)).toThrow(/exclude_sections/);
    expect(() => buildSearchDocsRequest({ query: "a", path_prefix: "payments/" }, strict)).toThrow(
      /Instead: restrict to an app/,
    );
  });
  it("semantic mode uses the index's semantic configuration; the keyword fallback drops it and notes why", () => {
    const r = buildSearchDocsRequest({ query: "a", mode: "semantic" }, strict);
    expect(r.options).toMatchObject({ queryType: "semantic", semanticSearchOptions: { configurationName: "default" } });
    const k = asKeywordRequest(r, "semantic ranker disabled");
    expect(k.options).not.toHaveProperty("queryType");
    expect(k.mode).toBe("keyword");
    expect(k.notes.at(-1)).toMatch(/semantic ranker disabled/);
    expect(k.filter).toBe(r.filter);
  });
});

describe("semantic availability", () => {
  const refusal = (statusCode: number, code: string, message: string) =>
    Object.assign(new Error(message), { statusCode, code });
  it("falls back only when the service says semantic ranking is unavailable", () => {
    const off = refusal(
      400,
      "FeatureNotSupportedInService",
      "Semantic search is not enabled for this service.\r\nParameter name: queryType",
    );
    expect(semanticUnavailableReason(off)).toMatch(/^the semantic ranker is not enabled .*Parameter name: queryType$/);
    const unknown = refusal(
      400,
      "InvalidRequestParameter",
      "Unknown semantic configuration 'default'.\r\nParameter name: semanticConfiguration",
    );
    expect(semanticUnavailableReason(unknown)).toMatch(/^the index has no such semantic configuration/);
    const detail = Object.assign(refusal(400, "FeatureNotSupportedInService", "x"), {
      response: { parsedBody: { error: { details: [{ code: "SemanticQueriesNotAvailable" }] } } },
    });
    expect(semanticUnavailableReason(detail)).toBeDefined();
  });
  it("does not fall back on any other failure", () => {
    expect(
      semanticUnavailableReason(
        refusal(400, "InvalidRequestParameter", "Invalid expression.\r\nParameter name: $filter"),
      ),
    ).toBeUndefined();
    expect(semanticUnavailableReason(refusal(400, "", "Semantic query too long"))).toBeUndefined();
    expect(
      semanticUnavailableReason(refusal(503, "ServiceUnavailable", "Semantic search is not available")),
    ).toBeUndefined();
    expect(semanticUnavailableReason(new Error("ECONNREFUSED"))).toBeUndefined();
  });
});

describe("hits", () => {
  const where = { container: "$web", docsUrl: "https://docs.example.com", snippetChars: 40 };
  it("gives the public URL, strips front matter and markup, bounds the snippet", () => {
    const hit = shapeSearchHit(
      {
        id: "k",
        title: "Refunds",
        path: "http://127.0.0.1:10000/devstoreaccount1/$web/payments/guides/refunds.md",
        app: null,
        repo: "payments",
        section: "guides",
        format: ".md",
        last_modified: new Date("2026-11-01T00:00:00Z"),
        content:
          "---\ntitle: Refunds\n---\n# Refunds\n<p>Issue a <b>refund</b> within thirty days of the charge, always.</p>",
      },
      { score: 2 },
      where,
    );
    expect(hit.url).toBe("https://docs.example.com/payments/guides/refunds.md");
    expect(hit.app).toBe("payments");
    expect(hit.last_modified).toBe("2026-11-01T00:00:00.000Z");
    expect(hit.snippet).not.toMatch(/title:|<p>/);
    expect(hit.snippet.length).toBeLessThanOrEqual(40);
    expect(hit.snippet_truncated).toBe(true);
  });
  it("uses highlights when the service gives them; root-site pages have no app segment", () => {
    const hit = shapeSearchHit(
      { id: "k", path: "https://a.blob.core.windows.net/$web/index.html", content: "x" },
      { score: 1, rerankerScore: 2.5, highlights: { content: ["the **refund** policy"] } },
      where,
    );
    expect(hit.url).toBe("https://docs.example.com/");
    expect(hit.snippet).toBe("the **refund** policy");
    expect(hit.reranker_score).toBe(2.5);
  });
});

describe("provenance", () => {
  it("says unknown with the reason when a query-only identity may not read definitions", () => {
    const refused = unknownBecause(
      Object.assign(new Error("Forbidden"), { statusCode: 403 }),
      "reading the indexer status",
    );
    const p = buildProvenance(
      { index: "docs-index", serving: refused, etag: refused, freshness: refused, apiVersion: "2026-04-01" },
      transitional,
      "f",
      "2026-11-25T10:00:00.000Z",
    );
    expect(p).toMatchObject({
      index: "docs-index",
      serving_index: null,
      freshness: "unknown",
      dedup_filter: transitional.filter,
    });
    expect(p.freshness_unknown_reason).toMatch(/refused \(403\).*Search Index Data Reader/);
  });
  it("names the concrete index behind the alias and the last successful run", () => {
    const p = buildProvenance(
      {
        index: "docs-index",
        serving: {
          status: "known",
          value: { kind: "alias", alias: "docs-index", index: "docs-index-2", generation: 2 },
        },
        etag: { status: "known", value: '"0x1"' },
        freshness: { status: "known", value: { last_successful_run: "2026-11-25T09:00:00Z", run_in_progress: false } },
        apiVersion: "2026-04-01",
      },
      strict,
      null,
      "t",
    );
    expect(p).toMatchObject({
      serving_index: "docs-index-2",
      index_etag: '"0x1"',
      freshness: "known",
      last_successful_run: "2026-11-25T09:00:00Z",
    });
  });
  it("gives a retrieve the search_docs provenance (one rule) plus the knowledge objects and the filterAddOn", () => {
    const facts = {
      index: "docs-index",
      serving: {
        status: "known" as const,
        value: { kind: "alias" as const, alias: "docs-index", index: "docs-index-2", generation: 2 },
      },
      etag: { status: "known" as const, value: '"0x1"' },
      freshness: unknownBecause(new Error("timeout"), "reading the indexer status"),
      apiVersion: "2026-04-01",
    };
    const filter = `(repo eq 'billing') and (${transitional.filter})`;
    const p = buildRetrieveProvenance(
      facts,
      {
        knowledgeBase: "docs-knowledge-base",
        knowledgeSource: "docs-knowledge-source",
        sourceIndex: { status: "unknown", reason: "knowledge source docs-knowledge-source does not exist" },
      },
      transitional,
      filter,
      "t",
    );
    expect(p).toEqual({
      ...buildProvenance(facts, transitional, filter, "t"),
      knowledge_base: "docs-knowledge-base",
      knowledge_source: "docs-knowledge-source",
      knowledge_source_index: null,
      knowledge_source_index_unknown_reason: "knowledge source docs-knowledge-source does not exist",
    });
    expect(p).toMatchObject({ serving_index: "docs-index-2", freshness: "unknown", filter });
  });
});

describe("document references", () => {
  const opts = { docsUrl: "https://docs.example.com", container: "$web" };
  it("turns a public URL back into candidate blob paths", () => {
    expect(documentRefFromUrl("https://docs.example.com/payments/guides/refunds", opts)).toMatchObject({
      candidates: ["payments/guides/refunds.html", "payments/guides/refunds", "payments/guides/refunds/index.html"],
    });
    expect(documentRefFromUrl("https://docs.example.com/payments/", opts)).toMatchObject({
      candidates: ["payments/index.html"],
    });
    expect(documentRefFromUrl("https://docs.example.com/", opts)).toMatchObject({ candidates: ["index.html"] });
    expect(documentRefFromUrl("$web/payments/faq.html", opts)).toMatchObject({ candidates: ["payments/faq.html"] });
    expect(() => documentRefFromUrl("https://elsewhere.example.com/x", opts)).toThrow(/neither a page under/);
  });
  it("finds the container base of blob URLs and rebuilds blob URLs from it", () => {
    const base = containerBaseOf("http://127.0.0.1:10000/devstoreaccount1/$web/payments/faq.html", "$web");
    expect(base).toBe("http://127.0.0.1:10000/devstoreaccount1/$web");
    expect(blobUrlFor(base!, "payments/faq.html")).toBe(
      "http://127.0.0.1:10000/devstoreaccount1/$web/payments/faq.html",
    );
  });
});

describe("text", () => {
  it("bounds text, markup and scripts removed", () => {
    expect(boundText("abc", 5)).toEqual({ text: "abc", truncated: false });
    expect(documentText("<script>evil()</script><p>one two three</p>")).toBe("one two three");
  });
  it("summarises an app's sections, counting documents without a section", () => {
    expect(
      appSummary({ value: "payments", count: 10 }, [
        { value: "guides", count: 4 },
        { value: "reference", count: 5 },
      ]),
    ).toEqual({
      app: "payments",
      documents: 10,
      sections: [
        { section: "reference", documents: 5 },
        { section: "guides", documents: 4 },
      ],
      root_pages: 0,
      documents_without_section: 1,
    });
  });
  it("counts pages directly under the app folder as its root, not as sections named after files", () => {
    const summary = appSummary({ value: "payments", count: 9 }, [
      { value: "guides", count: 4 },
      { value: "index.html", count: 1 },
      { value: "faq.html", count: 1 },
      { value: "v1.2", count: 2 },
    ]);
    // not sections "faq.html (1), index.html (1)"
    expect(summary.sections.map((s) => s.section)).toEqual(["guides", "v1.2"]);
    expect(summary).toMatchObject({ root_pages: 2, documents_without_section: 1 });
  });
});
