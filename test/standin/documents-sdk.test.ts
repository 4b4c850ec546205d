// The stand-in's document endpoints through @azure/search-documents, unmodified, over HTTP.
import { AzureKeyCredential, SearchClient } from "@azure/search-documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { loadDefinition } from "./fixtures.js";

interface Doc {
  id: string;
  title?: string | null;
  description?: string | null;
  content?: string | null;
  path?: string | null;
  repo?: string | null;
  app?: string | null;
  section?: string | null;
  tags?: string | null;
  format?: string | null;
  content_type?: string | null;
  last_modified?: string | null;
}

let standIn: SearchStandIn;
let client: SearchClient<Doc>;

const seed: Doc[] = [
  {
    id: "a1",
    title: "Widget cache",
    content: "Short.",
    repo: "alpha",
    app: "alpha",
    section: "guides",
    format: ".html",
    last_modified: "2026-03-01T00:00:00Z",
  },
  {
    id: "a2",
    title: "Other",
    content: "Configure the widget here.",
    repo: "alpha",
    app: "alpha",
    section: "reference",
    format: ".html",
    last_modified: "2026-02-01T00:00:00Z",
  },
  {
    id: "a3",
    title: "Widget cache",
    content: "---\ntitle: x\n---\nShort.",
    repo: "alpha",
    app: "alpha",
    section: "guides",
    format: ".md",
    last_modified: "2026-01-01T00:00:00Z",
  },
  {
    id: "b1",
    title: "Beta intro",
    content: "Nothing about it.",
    repo: "beta",
    app: "beta",
    section: null,
    format: null,
    last_modified: null,
  },
];

beforeAll(async () => {
  standIn = await startSearchStandIn();
  expect(await createIndex(loadDefinition("docs-index.json"))).toBe(201);
  client = new SearchClient<Doc>(standIn.url, "docs-index", new AzureKeyCredential(standIn.apiKey), {
    allowInsecureConnection: true,
  });
  const result = await client.uploadDocuments(seed);
  expect(result.results.every((r) => r.succeeded)).toBe(true);
});

/** PUT /indexes('name') with the REST definition, as the deploy pipeline sends it. */
async function createIndex(definition: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${standIn.url}/indexes('${String(definition.name)}')?api-version=2026-04-01`, {
    method: "PUT",
    headers: { "api-key": standIn.apiKey, "content-type": "application/json" },
    body: JSON.stringify(definition),
  });
  return res.status;
}

afterAll(async () => {
  await standIn?.close();
});

async function ids(text: string, options: Parameters<SearchClient<Doc>["search"]>[1] = {}): Promise<string[]> {
  const response = await client.search(text, options);
  const out: string[] = [];
  for await (const r of response.results) out.push(r.document.id);
  return out;
}

describe("documents API through the SDK", () => {
  it("counts documents (docs/$count)", async () => {
    expect(await client.getDocumentsCount()).toBe(4);
  });

  it("ranks with the default scoring profile: title hits first", async () => {
    const found = await ids("widget");
    expect(found.slice(0, 2).sort()).toEqual(["a1", "a3"]);
    expect(found[2]).toBe("a2");
  });

  it("applies the dedup filter at request level and returns @odata.count", async () => {
    const response = await client.search("*", {
      filter: "format eq null or format eq '.html'",
      includeTotalCount: true,
    });
    expect(response.count).toBe(3);
    expect(await ids("*", { filter: "section ne 'reference'" })).toEqual(["a1", "a3", "b1"]);
    expect(await ids("*", { filter: "search.in(repo, 'beta')" })).toEqual(["b1"]);
    expect(await ids("*", { filter: "search.ismatch('widget', 'content') and format eq '.html'" })).toEqual(["a2"]);
  });

  it("orders by a sortable field, pages with top/skip and selects fields", async () => {
    const response = await client.search("*", {
      orderBy: ["last_modified desc"],
      top: 2,
      skip: 1,
      select: ["id", "title"],
    });
    const docs = [];
    // SDK 13 leaves "@search.score" among the document's properties; compare the fields only.
    for await (const r of response.results)
      docs.push(Object.fromEntries(Object.entries(r.document).filter(([k]) => !k.startsWith("@search."))));
    expect(docs).toEqual([
      { id: "a2", title: "Other" },
      { id: "a3", title: "Widget cache" },
    ]);
  });

  it("counts facet values of the matched documents, nulls excluded", async () => {
    const response = await client.search("*", { facets: ["repo", "format,count:1"], top: 0 });
    // The SDK adds an `additionalProperties` copy to each bucket; compare value and count.
    const buckets = (name: string) =>
      (response.facets?.[name] ?? []).map((f) => ({ value: (f as { value?: unknown }).value, count: f.count }));
    expect(buckets("repo")).toEqual([
      { value: "alpha", count: 3 },
      { value: "beta", count: 1 },
    ]);
    expect(buckets("format")).toEqual([{ value: ".html", count: 2 }]);
    await expect(client.search("*", { facets: ["title"] })).rejects.toMatchObject({ statusCode: 400 });
  });

  it("restricts matching with searchFields", async () => {
    expect(await ids("widget", { searchFields: ["content"] })).toEqual(["a2"]);
  });

  it("accepts semantic queries with the default configuration: the keyword matches, reranked (0-4)", async () => {
    const semantic = await ids("widget", { queryType: "semantic", semanticSearchOptions: {} });
    expect([...semantic].sort()).toEqual([...(await ids("widget"))].sort());
    const response = await client.search("widget", { queryType: "semantic", semanticSearchOptions: {} });
    const scores: number[] = [];
    for await (const r of response.results) scores.push(r.rerankerScore!);
    expect(scores[0]).toBe(4);
    expect(scores.every((s) => s >= 0 && s <= 4)).toBe(true);
    await expect(
      ids("widget", { queryType: "semantic", semanticSearchOptions: { configurationName: "nope" } }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it("returns @search.highlights for a highlight request: matching fragments with the default or the given tags", async () => {
    const byDefault = await client.search("widget", { highlightFields: "content,title", select: ["id"] });
    const highlights: Record<string, Record<string, string[]> | undefined> = {};
    for await (const r of byDefault.results) highlights[r.document.id] = r.highlights;
    expect(highlights.a2).toEqual({ content: ["Configure the <em>widget</em> here."], title: undefined });
    expect(highlights.a1).toEqual({ title: ["<em>Widget</em> cache"] });
    const tagged = await client.search("configure", {
      highlightFields: "content",
      highlightPreTag: "**",
      highlightPostTag: "**",
      select: ["id"],
    });
    const first = (await tagged.results.next()).value as { document: Doc; highlights?: Record<string, string[]> };
    expect(first.document.id).toBe("a2");
    expect(first.highlights).toEqual({ content: ["**Configure** the widget here."] });
    const none = await client.search("*", { highlightFields: "content", select: ["id"] });
    for await (const r of none.results) expect(r.highlights).toBeUndefined();
    await expect(client.search("widget", { highlightFields: "last_modified" })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it("rejects startswith, non-filterable fields, unknown profiles and $skip over 100,000 with 400", async () => {
    await expect(ids("*", { filter: "startswith(path, 'https')" })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/startswith/),
    });
    await expect(ids("*", { filter: "path eq 'x'" })).rejects.toMatchObject({ statusCode: 400 });
    await expect(ids("*", { filter: "last_modified gt null" })).rejects.toMatchObject({ statusCode: 400 });
    await expect(ids("*", { scoringProfile: "nope" })).rejects.toMatchObject({ statusCode: 400 });
    await expect(ids("*", { skip: 100_001 })).rejects.toMatchObject({ statusCode: 400 });
    await expect(ids("*", { orderBy: ["title"] })).rejects.toMatchObject({ statusCode: 400 });
  });

  it("looks documents up by key, with 404 for a missing key", async () => {
    expect(await client.getDocument("a1", { selectedFields: ["id", "repo"] })).toEqual({ id: "a1", repo: "alpha" });
    await expect(client.getDocument("zzz")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("merges, upserts and deletes; a merge of a missing key is a per-item 404 (207, no throw)", async () => {
    const merged = await client.mergeOrUploadDocuments([
      { id: "c1", title: "New" },
      { id: "a1", section: "changed" },
    ]);
    expect(merged.results.map((r) => [r.key, r.statusCode])).toEqual([
      ["c1", 201],
      ["a1", 200],
    ]);
    expect((await client.getDocument("a1")).title).toBe("Widget cache");
    expect((await client.getDocument("a1")).section).toBe("changed");

    const partial = await client.mergeDocuments([
      { id: "missing", title: "x" },
      { id: "c1", title: "Newer" },
    ]);
    expect(partial.results.map((r) => [r.key, r.succeeded, r.statusCode])).toEqual([
      ["missing", false, 404],
      ["c1", true, 200],
    ]);

    const deleted = await client.deleteDocuments([{ id: "c1" }, { id: "never-there" }]);
    expect(deleted.results.every((r) => r.succeeded)).toBe(true);
    expect(await client.getDocumentsCount()).toBe(4);
  });

  it("rejects invalid keys per item and unknown properties for the whole batch", async () => {
    const result = await client.uploadDocuments([{ id: "bad key!" }, { id: "ok-key" }]);
    expect(result.results[0]).toMatchObject({ succeeded: false, statusCode: 400 });
    expect(result.results[0]!.errorMessage).toMatch(/Keys can only contain letters, digits, underscore/);
    await expect(client.uploadDocuments([{ id: "x", nope: 1 } as unknown as Doc])).rejects.toMatchObject({
      statusCode: 400,
    });
    await client.deleteDocuments([{ id: "ok-key" }]);
  });

  it("rejects batches over 1,000 actions", async () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({ id: `k${i}` }));
    await expect(client.uploadDocuments(many)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe("documents API over raw REST", () => {
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${standIn.url}${path}${path.includes("?") ? "&" : "?"}api-version=2026-04-01`, {
      ...init,
      headers: { "api-key": standIn.apiKey, "content-type": "application/json" },
    });

  it("GET docs search with $filter/$count/$top, the plain REST path forms and a bare $count body", async () => {
    const res = await call(
      `/indexes/docs-index/docs?search=*&$count=true&$top=1&$filter=${encodeURIComponent("repo eq 'alpha'")}`,
    );
    const body = (await res.json()) as { "@odata.count": number; value: unknown[] };
    expect(body["@odata.count"]).toBe(3);
    expect(body.value).toHaveLength(1);
    expect(await (await call("/indexes/docs-index/docs/$count")).text()).toBe("4");
    const post = await call("/indexes/docs-index/docs/search", {
      method: "POST",
      body: JSON.stringify({ search: "beta", select: "id" }),
    });
    expect(((await post.json()) as { value: { id: string }[] }).value.map((v) => v.id)).toEqual(["b1"]);
  });

  it("404 for an unknown index", async () => {
    const res = await call("/indexes/nope/docs/$count");
    expect(res.status).toBe(404);
  });
});

describe("paging beyond one page (reference §8: at most 1,000 per page)", () => {
  it("returns 1,000 per page and the SDK follows @search.nextPageParameters for a larger top", async () => {
    expect(await createIndex({ ...loadDefinition("docs-index.json"), name: "paging-index" })).toBe(201);
    const paging = new SearchClient<Doc>(standIn.url, "paging-index", new AzureKeyCredential(standIn.apiKey), {
      allowInsecureConnection: true,
    });
    for (let i = 0; i < 1200; i += 600) {
      await paging.uploadDocuments(
        Array.from({ length: 600 }, (_, j) => ({
          id: `p${String(i + j).padStart(4, "0")}`,
          last_modified: new Date(Date.UTC(2026, 0, 1) + (i + j) * 1000).toISOString(),
        })),
      );
    }
    const pages: number[] = [];
    const response = await paging.search("*", { top: 1100, orderBy: ["last_modified asc"], select: ["id"] });
    for await (const page of response.results.byPage()) pages.push(page.results.length);
    expect(pages).toEqual([1000, 100]);
    const defaultPage = await paging.search("*");
    let n = 0;
    for await (const _ of defaultPage.results) n += 1;
    expect(n).toBe(50);
  });
});
