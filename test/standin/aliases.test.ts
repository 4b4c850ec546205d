// Index aliases in the stand-in, driven by @azure/search-documents unmodified (createAlias, createOrUpdateAlias,
// getAlias, listAliases, deleteAlias, and document/index operations addressed to the alias), plus raw HTTP for
// the URL form the REST docs show (`/aliases/name`) and what the SDK does not expose.
import {
  AzureKeyCredential,
  SearchIndexClient,
  SearchIndexerClient,
  type SearchIndex,
  type SearchIndexAlias,
} from "@azure/search-documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";

const PROPAGATION_MS = 300;
let standIn: SearchStandIn;
let indexes: SearchIndexClient;
let indexers: SearchIndexerClient;

const index = (name: string, searchableSection = false): SearchIndex => ({
  name,
  fields: [
    { name: "id", type: "Edm.String", key: true, searchable: false, filterable: false, sortable: false },
    { name: "title", type: "Edm.String", searchable: true, filterable: false, sortable: false, facetable: false },
    {
      name: "section",
      type: "Edm.String",
      searchable: searchableSection,
      filterable: true,
      sortable: false,
      facetable: false,
    },
  ],
});

async function raw(method: string, path: string, body?: unknown) {
  const res = await fetch(`${standIn.url}${path}?api-version=2026-04-01`, {
    method,
    headers: { "api-key": standIn.apiKey, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

const statusOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 200;
  } catch (err) {
    return (err as { statusCode?: number }).statusCode;
  }
};

beforeAll(async () => {
  standIn = await startSearchStandIn({ aliasPropagationMs: PROPAGATION_MS });
  const credential = new AzureKeyCredential(standIn.apiKey);
  indexes = new SearchIndexClient(standIn.url, credential, { allowInsecureConnection: true });
  indexers = new SearchIndexerClient(standIn.url, credential, { allowInsecureConnection: true });
  await indexes.createIndex(index("books-1"));
  await indexes.createIndex(index("books-2", true));
  await indexes.getSearchClient("books-1").uploadDocuments([{ id: "a", title: "old generation", section: "x" }]);
  await indexes.getSearchClient("books-2").uploadDocuments([
    { id: "a", title: "new generation", section: "x" },
    { id: "b", title: "second", section: "y" },
  ]);
});
afterAll(async () => {
  await standIn.close();
});

describe("alias CRUD through the SDK", () => {
  it("createAlias (POST /aliases) answers the definition with an ETag; getAlias and listAliases read it back", async () => {
    const created = await indexes.createAlias({ name: "books", indexes: ["books-1"] });
    expect(created).toMatchObject({ name: "books", indexes: ["books-1"] });
    expect(created.etag).toMatch(/^"0x/);
    expect(await indexes.getAlias("books")).toMatchObject({ name: "books", indexes: ["books-1"] });
    const all: SearchIndexAlias[] = [];
    for await (const a of indexes.listAliases()) all.push(a);
    expect(all.map((a) => a.name)).toContain("books");
    expect(standIn.requests.some((r) => r.method === "POST" && r.path === "/aliases" && r.status === 201)).toBe(true);
  });

  it("createAlias again is 409; an alias of a missing index, of two indexes or of an alias is 400", async () => {
    expect(await statusOf(indexes.createAlias({ name: "books", indexes: ["books-1"] }))).toBe(409);
    expect(await statusOf(indexes.createAlias({ name: "nope", indexes: ["missing"] }))).toBe(400);
    expect(await statusOf(indexes.createAlias({ name: "two", indexes: ["books-1", "books-2"] }))).toBe(400);
    expect(await statusOf(indexes.createAlias({ name: "chain", indexes: ["books"] }))).toBe(400);
    expect(await statusOf(indexes.createAlias({ name: "Upper", indexes: ["books-1"] }))).toBe(400);
  });

  it("the REST form /aliases/name reads the same alias; GET of a missing alias is 404", async () => {
    const got = await raw("GET", "/aliases/books");
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ name: "books", indexes: ["books-1"] });
    expect(await statusOf(indexes.getAlias("missing"))).toBe(404);
  });

  it("createOrUpdateAlias with onlyIfUnchanged and a stale ETag is refused with 412", async () => {
    const current = await indexes.getAlias("books");
    expect(
      await statusOf(
        indexes.createOrUpdateAlias({ ...current, etag: '"0xSTALE"', indexes: ["books-2"] }, { onlyIfUnchanged: true }),
      ),
    ).toBe(412);
    expect((await indexes.getAlias("books")).indexes).toEqual(["books-1"]);
  });
});

describe("through the alias", () => {
  it("search, count, lookup and uploads reach the mapped index", async () => {
    const client = indexes.getSearchClient<Record<string, unknown>>("books");
    expect(await client.getDocumentsCount()).toBe(1);
    expect((await client.getDocument("a")).title).toBe("old generation");
    const hits = [];
    for await (const r of (await client.search("old")).results) hits.push(r.document);
    expect(hits).toHaveLength(1);
    await client.mergeOrUploadDocuments([{ id: "c", title: "written through the alias", section: "z" }]);
    expect(await indexes.getSearchClient("books-1").getDocumentsCount()).toBe(2);
    await indexes.getSearchClient<{ id: string }>("books-1").deleteDocuments("id", ["c"]);
  });

  it("GET and PUT of the index definition go to the mapped index", async () => {
    const definition = await indexes.getIndex("books");
    expect(definition.name).toBe("books-1");
    const updated = await indexes.createOrUpdateIndex({ ...definition, name: "books" } as SearchIndex);
    expect(updated.name).toBe("books-1");
    expect(await statusOf(indexes.getIndex("books-3"))).toBe(404);
    expect([...standIn.state.indexes.keys()]).not.toContain("books");
  });

  it("an alias cannot delete an index, and an index an alias maps to cannot be deleted (400)", async () => {
    expect(await statusOf(indexes.deleteIndex("books"))).toBe(400);
    expect(await statusOf(indexes.deleteIndex("books-1"))).toBe(400);
    expect(standIn.state.indexes.has("books-1")).toBe(true);
  });

  it("an indexer's targetIndexName cannot be an alias (400), an index name can", async () => {
    await indexers.createDataSourceConnection({
      name: "ds",
      type: "azureblob",
      connectionString: "UseDevelopmentStorage=true",
      container: { name: "c" },
    });
    const indexer = { name: "ix", dataSourceName: "ds", targetIndexName: "books", isDisabled: true };
    const refused = await indexers.createIndexer(indexer).catch((e: Error & { statusCode?: number }) => e);
    expect((refused as { statusCode?: number }).statusCode).toBe(400);
    expect((refused as Error).message).toMatch(/alias/);
    await indexers.createIndexer({ ...indexer, targetIndexName: "books-2" });
    expect((await indexers.getIndexer("ix")).targetIndexName).toBe("books-2");
  });

  it("an index cannot take an alias's name (409, UNCONFIRMED: management/alias-rules.ts)", async () => {
    expect(await statusOf(indexes.createIndex(index("books")))).toBe(409);
  });
});

describe("re-mapping", () => {
  it("takes the configured propagation delay to reach requests, then routes to the new index", async () => {
    const current = await indexes.getAlias("books");
    const swapped = await indexes.createOrUpdateAlias({ ...current, indexes: ["books-2"] }, { onlyIfUnchanged: true });
    expect(swapped.indexes).toEqual(["books-2"]);
    expect((await indexes.getAlias("books")).indexes).toEqual(["books-2"]);
    const client = indexes.getSearchClient("books");
    expect(await client.getDocumentsCount()).toBe(1); // still the previous index
    await new Promise((r) => setTimeout(r, PROPAGATION_MS + 50));
    expect(await client.getDocumentsCount()).toBe(2);
  });

  it("the previous index can then be deleted; deleteAlias frees the last one", async () => {
    await indexes.deleteIndex("books-1");
    expect(await statusOf(indexes.deleteIndex("books-2"))).toBe(400);
    await indexes.deleteAlias("books");
    expect(await statusOf(indexes.getAlias("books"))).toBe(404);
    expect((await raw("DELETE", "/aliases('books')")).status).toBe(404);
  });
});

describe("names shared with indexes (UNCONFIRMED: management/alias-rules.ts)", () => {
  it("an alias cannot take an index's name, nor a just-deleted index's name until it is released", async () => {
    const local = await startSearchStandIn({ indexNameReleaseMs: 200 });
    try {
      const client = new SearchIndexClient(local.url, new AzureKeyCredential(local.apiKey), {
        allowInsecureConnection: true,
      });
      await client.createIndex(index("docs"));
      await client.createIndex(index("docs-1"));
      expect(await statusOf(client.createAlias({ name: "docs", indexes: ["docs-1"] }))).toBe(409);
      await client.deleteIndex("docs");
      expect(await statusOf(client.createAlias({ name: "docs", indexes: ["docs-1"] }))).toBe(409);
      await new Promise((r) => setTimeout(r, 250));
      expect((await client.createAlias({ name: "docs", indexes: ["docs-1"] })).indexes).toEqual(["docs-1"]);
    } finally {
      await local.close();
    }
  });
});
