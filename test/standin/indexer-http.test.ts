// End to end over HTTP: definitions PUT as the deploy pipeline sends them, runs and status through
// SearchIndexerClient, documents through SearchClient; blobs in real Azurite.
import { AzureKeyCredential, SearchClient, SearchIndexerClient } from "@azure/search-documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDefinition } from "./fixtures.js";
import { page, startWorld, upload, type IndexerWorld } from "./indexer-helpers.js";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";

let world: IndexerWorld;
let indexers: SearchIndexerClient;
let search: SearchClient<Record<string, unknown>>;

async function put(collection: string, definition: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${world.standIn.url}/${collection}('${String(definition.name)}')?api-version=2026-04-01`, {
    method: "PUT",
    headers: { "api-key": world.standIn.apiKey, "content-type": "application/json" },
    body: JSON.stringify(definition),
  });
  return res.status;
}

async function settle(): Promise<
  NonNullable<Awaited<ReturnType<SearchIndexerClient["getIndexerStatus"]>>["lastResult"]>
> {
  for (let i = 0; i < 200; i++) {
    const status = await indexers.getIndexerStatus("docs-indexer");
    if (status.lastResult && status.lastResult.status !== "inProgress") return status.lastResult;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("indexer run did not finish");
}

beforeAll(async () => {
  world = await startWorld();
  const credential = new AzureKeyCredential(world.standIn.apiKey);
  indexers = new SearchIndexerClient(world.standIn.url, credential, { allowInsecureConnection: true });
  search = new SearchClient(world.standIn.url, "docs-index", credential, { allowInsecureConnection: true });
  await upload(world.container, "index.html", page("Landing", "Root", "Welcome."), "text/html");
  for (let i = 0; i < 40; i++) {
    await upload(
      world.container,
      `alpha/guides/p${i}.html`,
      page(`Guide ${i}`, "About widgets", `Widget text ${i}.`),
      "text/html",
    );
  }
  await upload(world.container, "alpha/guides/p0.md", "---\ntitle: twin\n---\nWidget twin.", "text/markdown");
});

afterAll(async () => {
  await world?.close();
});

describe("deploy order, run and status over HTTP", () => {
  it("creating the indexer starts a run that indexes the container (reference §3.3, §6)", async () => {
    expect(await put("indexes", loadDefinition("docs-index.json"))).toBe(201);
    expect(await put("datasources", loadDefinition("docs-datasource.json"))).toBe(201);
    expect(await put("indexers", loadDefinition("docs-indexer.json"))).toBe(201);
    const last = await settle();
    expect(last.status).toBe("success");
    expect(last.itemCount).toBe(42);
    expect(last.failedItemCount).toBe(1);
    expect(last.errors[0]?.key).toBe(base64Encode("https://devstoreaccount1.blob.core.windows.net/$web/index.html"));
    expect(last.errors[0]?.errorMessage).toMatch(/'extractTokenAtPosition' to field 'section'/);
    expect(await search.getDocumentsCount()).toBe(41);
  });

  it("the dedup filter drops the Markdown twin at request level (spec C query filters)", async () => {
    const response = await search.search("widget", {
      filter: "format eq null or format eq '.html'",
      includeTotalCount: true,
      top: 100,
    });
    expect(response.count).toBe(40);
    const all = await search.search("widget", { includeTotalCount: true, top: 0 });
    expect(all.count).toBe(41);
  });

  it("a second run while one is in progress gets 409 (reference §7)", async () => {
    await indexers.resetIndexer("docs-indexer");
    const outcomes = await Promise.allSettled([
      indexers.runIndexer("docs-indexer"),
      indexers.runIndexer("docs-indexer"),
    ]);
    const rejected = outcomes.filter((o) => o.status === "rejected") as PromiseRejectedResult[];
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toMatchObject({ statusCode: 409 });
    const last = await settle();
    expect(last).toMatchObject({ status: "success", itemCount: 42, failedItemCount: 1 });
  });

  it("a run after deleting a blob under the soft-delete policy removes its document (reference §3.2)", async () => {
    await world.container.deleteBlob("alpha/guides/p1.html");
    await indexers.runIndexer("docs-indexer");
    const last = await settle();
    expect(last.status).toBe("success");
    expect(await search.getDocumentsCount()).toBe(40);
    await expect(
      search.getDocument(base64Encode("https://devstoreaccount1.blob.core.windows.net/$web/alpha/guides/p1.html")),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
