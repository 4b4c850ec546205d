// The query core's I/O half against the stand-in (no Azurite: documents uploaded directly): the request-level
// filter reaches the service, hits carry public URLs, the dedup check counts null formats, provenance says
// unknown with the reason when definitions are refused, documents are found by public URL, apps are faceted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AzureKeyCredential, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import { decideDedup } from "../../../src/search/dedup/policy.js";
import { documentRefFromUrl } from "../../../src/search/query/get-doc/document-ref.js";
import { buildSearchDocsRequest, DEFAULT_SEARCH_DOCS_LIMITS } from "../../../src/search/query/search-docs/request.js";
import { SEMANTIC_RANKER_OFF } from "../../../src/search/query/search-docs/semantic-availability.js";
import { runSearchDocs, searchDocsPort } from "../../../src/search/query/search-docs/io.js";
import { answerSearchDocs } from "../../../src/search/query/search-docs/answer.js";
import { cachedPageReader } from "../../../src/search/query/common/io/page-reader-io.js";
import { renderSearchDocs } from "../../../src/search/views/tool-result-text.js";
import {
  basisOnce,
  checkFormatCoverage,
  readProvenanceFacts,
} from "../../../src/search/query/common/io/answer-basis-io.js";
import { listApps, SECTION_FACET_CONCURRENCY } from "../../../src/search/query/common/io/apps-io.js";
import { documentLookupPort, learnContainerBase } from "../../../src/search/query/get-doc/io.js";
import { findDocumentWith } from "../../../src/search/query/get-doc/find-document.js";
import type { PipelineRequest, SendRequest } from "@azure/core-rest-pipeline";
import { ACCOUNT_ROOT, registerDatasourceAndIndexer, startHarness, type Harness } from "../../support/ops-world.js";
import { execution } from "../../support/execution.js";

let h: Harness;
const where = { container: "$web", docsUrl: "https://docs.example.com", snippetChars: 200 };
const doc = (p: string, over: Record<string, unknown>) => ({
  id: base64Encode(`${ACCOUNT_ROOT}/${p}`),
  path: `${ACCOUNT_ROOT}/${p}`,
  content: "refund guide text",
  ...over,
});

beforeAll(async () => {
  h = await startHarness();
  await h.search.uploadDocuments([
    doc("payments/guides/refunds.html", {
      title: "Refunds",
      app: "payments",
      repo: "payments",
      section: "guides",
      format: ".html",
    }),
    doc("payments/guides/refunds.md", {
      title: "Refunds md",
      app: "payments",
      repo: "payments",
      section: "guides",
      format: ".md",
    }),
    doc("payments/changelog/2026-11.html", {
      title: "Changes",
      app: "payments",
      repo: "payments",
      section: "changelog",
      format: ".html",
    }),
    doc("identity/guides/mfa.html", {
      title: "MFA",
      app: "identity",
      repo: "identity",
      section: "guides",
      format: ".html",
    }),
    doc("guides/refunds.html", { title: "Old refunds", app: null, repo: "guides", section: null, format: null }),
  ]);
});
afterAll(async () => h?.close());

describe("query core I/O", () => {
  it("sends the filter on the request: dedup, app restriction and section exclusion", async () => {
    const dedup = decideDedup(await checkFormatCoverage(h.search));
    expect(dedup.filter).toBe("format eq null or format eq '.html'");
    const all = await runSearchDocs(h.search, buildSearchDocsRequest({ query: "refund", top: 10 }, dedup), where);
    expect(all.hits.map((x) => x.title).sort()).toEqual(["Changes", "MFA", "Old refunds", "Refunds"]);
    const app = await runSearchDocs(
      h.search,
      buildSearchDocsRequest({ query: "refund", app: "payments", exclude_sections: ["changelog"] }, dedup),
      where,
    );
    expect(app.hits.map((x) => x.url)).toEqual(["https://docs.example.com/payments/guides/refunds"]);
  });
  it("answers a semantic query as keyword, and says so, when the service says semantic ranking is unavailable", async () => {
    const dedup = decideDedup(await checkFormatCoverage(h.search));
    const semantic = buildSearchDocsRequest({ query: "refund", mode: "semantic" }, dedup);
    h.standIn.injectFault({
      method: "POST",
      pathIncludes: "/docs/search",
      status: 400,
      code: SEMANTIC_RANKER_OFF.code,
      message: "Semantic search is not enabled for this service.\r\nParameter name: queryType",
      times: 1,
    });
    const off = await runSearchDocs(h.search, semantic, where);
    expect(off.request.mode).toBe("keyword");
    expect(off.request.notes.join(" ")).toMatch(
      /semantic ranking is not available \(the semantic ranker is not enabled on the search service: Semantic search is not enabled/,
    );
    expect(off.hits.length).toBeGreaterThan(0);
    // No such semantic configuration: the stand-in's own 400, as the service words it.
    const missing = {
      ...semantic,
      options: { ...semantic.options, semanticSearchOptions: { configurationName: "nope" } },
    };
    const unconfigured = await runSearchDocs(h.search, missing, where);
    expect(unconfigured.request.mode).toBe("keyword");
    expect(unconfigured.request.notes.join(" ")).toMatch(
      /no such semantic configuration: Unknown semantic configuration 'nope'/,
    );
  });
  it("reports any other 400 to a semantic query as it is, without falling back", async () => {
    const dedup = decideDedup(await checkFormatCoverage(h.search));
    h.standIn.injectFault({
      method: "POST",
      pathIncludes: "/docs/search",
      status: 400,
      code: "InvalidRequestParameter",
      message: "Invalid expression: Syntax error at position 3.\r\nParameter name: $filter",
      times: 1,
    });
    await expect(
      runSearchDocs(h.search, buildSearchDocsRequest({ query: "refund", mode: "semantic" }, dedup), where),
    ).rejects.toMatchObject({ statusCode: 400, code: "InvalidRequestParameter" });
  });
  it("says unknown, with the reason, when the identity may not read definitions", async () => {
    registerDatasourceAndIndexer(h.standIn, [execution({ status: "success", endTime: "2026-11-25T09:00:00.000Z" })]);
    const clients = {
      indexClient: new SearchIndexClient(h.standIn.url, new AzureKeyCredential(h.standIn.apiKey), {
        allowInsecureConnection: true,
      }),
      indexerClient: new SearchIndexerClient(h.standIn.url, new AzureKeyCredential(h.standIn.apiKey), {
        allowInsecureConnection: true,
      }),
    };
    const names = { index: "docs-index", indexer: "docs-indexer", apiVersion: "2026-04-01" };
    const known = await readProvenanceFacts(clients, names);
    expect(known.serving).toMatchObject({ status: "known", value: { kind: "concrete", index: "docs-index" } });
    expect(known.freshness).toMatchObject({
      status: "known",
      value: { last_successful_run: "2026-11-25T09:00:00.000Z" },
    });
    h.standIn.injectFault({ pathIncludes: "/indexers/", status: 403, times: 1 });
    h.standIn.injectFault({ method: "GET", pathIncludes: "/aliases/", status: 403, times: 1 });
    const refused = await readProvenanceFacts(clients, names);
    expect(refused.freshness).toMatchObject({ status: "unknown", reason: expect.stringMatching(/refused \(403\)/) });
    expect(refused.serving.status).toBe("unknown");
  });
  it("finds a document by its public URL and lists apps with their sections", async () => {
    const base = await learnContainerBase(h.search, "$web");
    const found = await findDocumentWith(
      documentLookupPort(h.search),
      documentRefFromUrl("https://docs.example.com/payments/guides/refunds", where),
      {
        container: "$web",
        containerBase: base,
      },
    );
    expect(found?.title).toBe("Refunds");
    const apps = await listApps(h.search, "format eq null or format eq '.html'");
    expect(apps.find((a) => a.app === "payments")).toEqual({
      app: "payments",
      documents: 2,
      sections: [
        { section: "changelog", documents: 1 },
        { section: "guides", documents: 1 },
      ],
      root_pages: 0,
      documents_without_section: 0,
    });
    expect(apps.find((a) => a.app === "guides")?.documents_without_section).toBe(1);
  });
  it("answers one search_docs call as the tool does, on ports over the SDK, with a query-only identity too", async () => {
    const credential = new AzureKeyCredential(h.standIn.apiKey);
    const clients = {
      indexClient: new SearchIndexClient(h.standIn.url, credential, { allowInsecureConnection: true }),
      indexerClient: new SearchIndexerClient(h.standIn.url, credential, { allowInsecureConnection: true }),
    };
    const names = { index: "docs-index", indexer: "docs-indexer", apiVersion: "2026-04-01" };
    h.standIn.injectFault({ pathIncludes: "/indexers/", status: 403, times: 1 });
    h.standIn.injectFault({ method: "GET", pathIncludes: "/aliases/", status: 403, times: 1 });
    const ports = {
      ...searchDocsPort(h.search, where),
      basis: () => basisOnce(clients, h.search, names),
      // No docs container: each hit's passage comes from the index's content.
      readPage: cachedPageReader(undefined, h.search, where.container, where.docsUrl),
      render: renderSearchDocs,
    };
    const answer = await answerSearchDocs(ports, {
      params: { query: "refund", app: "payments", provenance: "full" },
      limits: DEFAULT_SEARCH_DOCS_LIMITS,
      now: () => new Date(),
    });
    expect(answer.results.map((r) => r.url).sort()).toEqual([
      "https://docs.example.com/payments/changelog/2026-11",
      "https://docs.example.com/payments/guides/refunds",
    ]);
    expect(answer.provenance).toMatchObject({
      freshness: "unknown",
      serving_index: null,
      filter:
        "(repo eq 'payments') and (not search.in(section, '404.html,genindex.html,py-modindex.html,search.html')) and (format eq null or format eq '.html')",
    });
  });
});

// Last in the file: it adds documents of its own (format ".fan", so the other tests' counts are not touched).
it("list_apps asks for the sections of many apps a few at a time, not all at once", async () => {
  const apps = Array.from({ length: 12 }, (_, i) => `app${i}`);
  await h.search.uploadDocuments(
    apps.map((app) => doc(`${app}/guides/a.html`, { app, repo: app, section: "guides", format: ".fan" })),
  );
  let inFlight = 0;
  let most = 0;
  const counting = {
    name: "countInFlight",
    async sendRequest(request: PipelineRequest, next: SendRequest) {
      most = Math.max(most, ++inFlight);
      try {
        return await next(request);
      } finally {
        inFlight--;
      }
    },
  };
  const search = new SearchIndexClient(h.standIn.url, new AzureKeyCredential(h.standIn.apiKey), {
    allowInsecureConnection: true,
    additionalPolicies: [{ policy: counting, position: "perCall" }],
  }).getSearchClient<Record<string, unknown>>("docs-index");
  const listed = await listApps(search, "format eq '.fan'");
  expect(listed.map((a) => a.app).sort()).toEqual([...apps].sort());
  expect(most).toBe(SECTION_FACET_CONCURRENCY);
});
