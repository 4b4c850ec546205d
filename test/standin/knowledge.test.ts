// Knowledge sources, knowledge bases and retrieve in the stand-in, driven by @azure/search-documents 13 unmodified
// (SearchIndexClient's knowledge source/base methods, getKnowledgeSourceStatus, KnowledgeRetrievalClient), plus raw
// HTTP for the error shapes and what the SDK cannot send (a preview `messages` body). One stand-in for the file.
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  AzureKeyCredential,
  KnowledgeRetrievalClient,
  SearchIndexClient,
  type KnowledgeSource,
} from "@azure/search-documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { parseConfig } from "../../src/config/load.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { loadDefinitions } from "../../src/search/definitions/definitions.js";
import { loadKnowledgeDefinitions } from "../../src/search/definitions/knowledge-definitions.js";
import { DEDUP_FILTER_TRANSITIONAL } from "../../src/search/dedup/filter.js";

let standIn: SearchStandIn;
let indexes: SearchIndexClient;
const credential = () => new AzureKeyCredential(standIn.apiKey);

const config = parseConfig(readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8"), "dev.yml");
const search = { ...config.search, agentic_retrieval: true };
const knowledge = loadKnowledgeDefinitions(search)!;
const GENERATION = "docs-index-1";
const sourceFor = (index: string) => ({
  ...knowledge.knowledgeSource,
  searchIndexParameters: { ...(knowledge.knowledgeSource.searchIndexParameters as object), searchIndexName: index },
});

async function raw(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${standIn.url}${url}?api-version=2026-04-01`, {
    method,
    headers: { "api-key": standIn.apiKey, "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    etag: res.headers.get("etag"),
    body: text ? (JSON.parse(text) as Record<string, any>) : undefined,
  };
}

const page = (id: string, title: string, format: string, app: string, section: string | null) => ({
  id,
  title,
  description: `${title} description`,
  content: `${title} body text`,
  path: `https://stdocsdev.blob.core.windows.net/$web/${app}/${section ?? "x"}/${id}${format}`,
  repo: app,
  app,
  section,
  tags: null,
  format,
  content_type: format === ".md" ? "text/markdown" : "text/html",
  last_modified: "2026-01-02T03:04:05Z",
});

beforeAll(async () => {
  standIn = await startSearchStandIn();
  indexes = new SearchIndexClient(standIn.url, credential(), { allowInsecureConnection: true });
  const index = { ...loadDefinitions(search).index, name: GENERATION };
  expect((await raw("PUT", `/indexes('${GENERATION}')`, index)).status).toBe(201);
  await indexes
    .getSearchClient(GENERATION)
    .uploadDocuments([
      page("a", "Deploy guide", ".html", "guides", "deploy"),
      page("a-md", "Deploy guide", ".md", "guides", "deploy"),
      page("b", "Deploy api reference", ".html", "api", "reference"),
      page("c", "Release notes", ".html", "guides", "release"),
    ]);
});
afterAll(async () => standIn?.close());

describe("knowledge sources and knowledge bases", () => {
  it("are created, read and listed through the SDK, and report status", async () => {
    const created = await indexes.createOrUpdateKnowledgeSource(sourceFor(GENERATION) as unknown as KnowledgeSource);
    expect(created).toMatchObject({ name: "docs-knowledge-source", kind: "searchIndex" });
    const got = await indexes.getKnowledgeSource("docs-knowledge-source");
    expect(got).toMatchObject({ searchIndexParameters: { searchIndexName: GENERATION } });
    const base = await indexes.createOrUpdateKnowledgeBase("docs-knowledge-base", {
      name: "docs-knowledge-base",
      knowledgeSources: [{ name: "docs-knowledge-source" }],
    });
    expect(base.models).toEqual([]);
    const names: string[] = [];
    for await (const b of indexes.listKnowledgeBases()) names.push(b.name);
    expect(names).toEqual(["docs-knowledge-base"]);
    expect(await indexes.getKnowledgeSourceStatus("docs-knowledge-source")).toMatchObject({
      kind: "searchIndex",
      synchronizationStatus: "active",
    });
  });

  it("guard writes and deletes with ETags (If-Match, If-None-Match)", async () => {
    const url = "/knowledgesources('docs-knowledge-source')";
    const { etag } = await raw("GET", url);
    const body = { ...sourceFor(GENERATION), description: "changed" };
    expect((await raw("PUT", url, body, { "if-match": '"0x0"' })).status).toBe(412);
    expect((await raw("PUT", url, body, { "if-none-match": "*" })).status).toBe(412);
    const updated = await raw("PUT", url, body, { "if-match": etag!, prefer: "return=representation" });
    expect(updated).toMatchObject({ status: 200, body: { description: "changed" } });
    expect(updated.etag).not.toBe(etag);
    expect(
      (await raw("DELETE", "/knowledgebases('docs-knowledge-base')", undefined, { "if-match": etag! })).status,
    ).toBe(412);
  });

  it("report the GET shape of the 2026-04-01 recordings: every property, null for other kinds", async () => {
    const got = await raw("GET", "/knowledgesources('docs-knowledge-source')");
    expect(got.etag).toBe(got.body!["@odata.etag"]);
    expect(Object.keys(got.body!).sort()).toEqual(
      [
        "@odata.etag",
        "name",
        "kind",
        "description",
        "encryptionKey",
        "searchIndexParameters",
        "azureBlobParameters",
        "webParameters",
        "indexedOneLakeParameters",
      ].sort(),
    );
    expect(got.body!.searchIndexParameters).toEqual(
      (sourceFor(GENERATION) as { searchIndexParameters: unknown }).searchIndexParameters,
    );
    expect(got.body).toMatchObject({ encryptionKey: null, azureBlobParameters: null, description: "changed" });
    const base = await raw("GET", "/knowledgebases/docs-knowledge-base");
    expect(base.body).toMatchObject({ models: [], encryptionKey: null, description: null });
  });

  it("answer invalid bodies and unknown indexes with the service's 400 shape", async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await raw("PUT", "/knowledgesources('x')", { ...body, name: "x" })).body!.error;
    expect(await bad(sourceFor("no-such-index"))).toEqual({
      code: "InvalidRequestParameter",
      message: expect.stringMatching(/refers to the index 'no-such-index', which does not exist/),
    });
    expect((await bad({ ...sourceFor(GENERATION), filter: "x eq 1" })).message).toMatch(
      /The property 'filter' does not exist on type/,
    );
    expect((await bad({ name: "x", kind: "searchIndex" })).message).toMatch(/searchIndexParameters is required/);
    const kb = await raw("PUT", "/knowledgebases('y')", { name: "y", knowledgeSources: [{ name: "missing" }] });
    expect(kb).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/'missing' does not exist/) } },
    });
    expect((await raw("GET", "/knowledgebases('nope')")).status).toBe(404);
  });

  it("refuse to delete what is still in use: a listed source, an index a source names", async () => {
    expect((await raw("DELETE", "/knowledgesources('docs-knowledge-source')")).body!.error.message).toMatch(
      /knowledge base\(s\) 'docs-knowledge-base' are still referencing it/,
    );
    expect((await raw("DELETE", `/indexes('${GENERATION}')`)).body!.error.message).toMatch(
      /knowledge source\(s\) 'docs-knowledge-source' are still referencing it/,
    );
  });
});

describe("retrieve", () => {
  const client = () =>
    new KnowledgeRetrievalClient(standIn.url, "docs-knowledge-base", credential(), { allowInsecureConnection: true });
  const params = (filterAddOn?: string) => [
    {
      kind: "searchIndex" as const,
      knowledgeSourceName: "docs-knowledge-source",
      includeReferences: true,
      includeReferenceSourceData: true,
      ...(filterAddOn ? { filterAddOn } : {}),
    },
  ];

  it("runs each intent as a semantic query with filterAddOn, merges, and answers in the 2026-04-01 shape", async () => {
    const result = await client().retrieve({
      intents: [
        { type: "semantic", search: "deploy" },
        { type: "semantic", search: "guide" },
      ],
      knowledgeSourceParams: params(DEDUP_FILTER_TRANSITIONAL),
    });
    const refs = result.references as { docKey: string; sourceData: Record<string, unknown>; activitySource: number }[];
    // The Markdown twin is filtered out; "a" matched both intents and is referenced once.
    expect(refs.map((r) => r.docKey).sort()).toEqual(["a", "b"]);
    expect(refs.find((r) => r.docKey === "a")!.sourceData).toMatchObject({ title: "Deploy guide", app: "guides" });
    // The SDK keeps only the base fields of a searchIndex activity record: read the arguments over raw HTTP.
    const { body } = await raw("POST", "/knowledgebases('docs-knowledge-base')/retrieve", {
      intents: [{ type: "semantic", search: "deploy" }],
      knowledgeSourceParams: params(DEDUP_FILTER_TRANSITIONAL),
    });
    expect(body!.activity[0]).toMatchObject({
      type: "searchIndex",
      knowledgeSourceName: "docs-knowledge-source",
      count: 2,
      searchIndexArguments: {
        search: "deploy",
        filter: DEDUP_FILTER_TRANSITIONAL,
        semanticConfigurationName: "default",
      },
    });
    expect(result.activity!.at(-1)).toMatchObject({ type: "agenticReasoning" });
    const text = (result.response![0]!.content[0] as { text: string }).text;
    expect(JSON.parse(text)).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: "Deploy guide", content: expect.any(String) })]),
    );
  });

  it("without filterAddOn returns the Markdown twin too (the filter reaches the query)", async () => {
    const result = await client().retrieve({
      intents: [{ type: "semantic", search: "deploy" }],
      knowledgeSourceParams: params(),
    });
    expect((result.references as { docKey: string }[]).map((r) => r.docKey).sort()).toEqual(["a", "a-md", "b"]);
  });

  it("refuses a request that needs a model on a base without one, and a bad filterAddOn shows in the activity", async () => {
    const preview = await raw("POST", "/knowledgebases('docs-knowledge-base')/retrieve", {
      messages: [{ role: "user", content: [{ type: "text", text: "how do I deploy?" }] }],
    });
    expect(preview).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/has no model for query planning.*'intents'/) } },
    });
    const badFilter = await client().retrieve({
      intents: [{ type: "semantic", search: "deploy" }],
      knowledgeSourceParams: params("startswith(title, 'x')"),
    });
    expect(badFilter.references).toEqual([]);
    expect(badFilter.activity![0]).toMatchObject({ error: { message: expect.any(String) } });
  });
});
