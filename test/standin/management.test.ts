// The stand-in's management endpoints, driven by @azure/search-documents unmodified (no SDK mocks) and by raw
// HTTP where the SDK hides the wire (ETag headers, both URL forms, error bodies).
import { AzureKeyCredential, SearchIndexClient, SearchIndexerClient, type SearchIndex } from "@azure/search-documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { execution } from "../support/execution.js";

let standIn: SearchStandIn;
let indexes: SearchIndexClient;
let indexers: SearchIndexerClient;

beforeAll(async () => {
  standIn = await startSearchStandIn();
  const credential = new AzureKeyCredential(standIn.apiKey);
  indexes = new SearchIndexClient(standIn.url, credential, { allowInsecureConnection: true });
  indexers = new SearchIndexerClient(standIn.url, credential, { allowInsecureConnection: true });
});
afterAll(async () => {
  await standIn.close();
});

async function raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const url = `${standIn.url}${path}${path.includes("?") ? "&" : "?"}api-version=2026-04-01`;
  const res = await fetch(url, {
    method,
    headers: { "api-key": standIn.apiKey, "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get("etag"), body: text ? JSON.parse(text) : undefined };
}

const restIndex = (name: string, extra: object[] = []) => ({
  name,
  fields: [
    {
      name: "id",
      type: "Edm.String",
      key: true,
      searchable: false,
      filterable: false,
      sortable: false,
      facetable: false,
    },
    { name: "title", type: "Edm.String", searchable: true, filterable: false, sortable: false, facetable: false },
    { name: "section", type: "Edm.String", searchable: false, filterable: true, sortable: false, facetable: true },
    ...extra,
  ],
  scoringProfiles: [{ name: "p", text: { weights: { title: 5 } } }],
  defaultScoringProfile: "p",
  semantic: {
    defaultConfiguration: "d",
    configurations: [{ name: "d", prioritizedFields: { titleField: { fieldName: "title" } } }],
  },
});

describe("indexes", () => {
  it("PUT creates (201) with an ETag; GET returns every attribute, omitted ones at REST defaults", async () => {
    const put = await raw(
      "PUT",
      "/indexes('ix1')",
      { ...restIndex("ix1", [{ name: "extra", type: "Edm.String" }]) },
      { prefer: "return=representation" },
    );
    expect(put.status).toBe(201);
    expect(put.etag).toMatch(/^"0x[0-9A-F]+"$/);
    expect(put.body["@odata.etag"]).toBe(put.etag);
    const got = await raw("GET", "/indexes/ix1");
    expect(got.status).toBe(200);
    expect(got.body.fields.find((f: { name: string }) => f.name === "extra")).toMatchObject({
      searchable: true,
      filterable: true,
      retrievable: true,
      stored: true,
      sortable: true,
      facetable: true,
      key: false,
      analyzer: null,
      synonymMaps: [],
    });
    expect(got.body.scoringProfiles[0]).toMatchObject({ functionAggregation: "sum", functions: [] });
    expect(got.body.semantic.configurations[0].rankingOrder).toBe("BoostedRerankerScore");
    expect(standIn.state.documents.get("ix1")?.size).toBe(0);
  });

  it("the SDK reads, lists and updates an index (both URL forms reach the same object)", async () => {
    const index = await indexes.getIndex("ix1");
    expect(index.fields.map((f) => f.name)).toEqual(["id", "title", "section", "extra"]);
    // @azure/search-documents 13 reports an index's ETag as `eTag` but `onlyIfUnchanged` reads `etag`
    // (searchIndexClient.js), so without this copy it would send no If-Match at all.
    const eTag = (index as SearchIndex & { eTag?: string }).eTag;
    expect(eTag).toMatch(/^"0x/);
    index.etag = eTag;
    const names: string[] = [];
    for await (const name of indexes.listIndexesNames()) names.push(name);
    expect(names).toContain("ix1");
    index.scoringProfiles![0]!.textWeights = { weights: { title: 3 } };
    const updated = await indexes.createOrUpdateIndex(index, { onlyIfUnchanged: true });
    expect((updated as SearchIndex & { eTag?: string }).eTag).toMatch(/^"0x/);
    expect((updated as SearchIndex & { eTag?: string }).eTag).not.toBe(eTag);
    expect((await raw("GET", "/indexes/ix1")).body.scoringProfiles[0].text.weights).toEqual({ title: 3 });
  });

  it("a stale ETag gets 412 with the service's body; If-None-Match: * refuses to overwrite", async () => {
    const index = await indexes.getIndex("ix1");
    index.etag = (index as SearchIndex & { eTag?: string }).eTag;
    await indexes.createOrUpdateIndex(index);
    await expect(indexes.createOrUpdateIndex(index, { onlyIfUnchanged: true })).rejects.toMatchObject({
      statusCode: 412,
    });
    const stale = await raw("PUT", "/indexes/ix1", restIndex("ix1", [{ name: "extra", type: "Edm.String" }]), {
      "if-match": '"0x0"',
    });
    expect(stale).toMatchObject({
      status: 412,
      body: {
        error: {
          code: "",
          message: expect.stringMatching(/^The precondition given in one of the request headers evaluated to false/),
        },
      },
    });
    expect((await raw("PUT", "/indexes/ix1", restIndex("ix1"), { "if-none-match": "*" })).status).toBe(412);
  });

  it("changing an existing field's attribute is refused: 400 OperationNotAllowed with CannotChangeExistingField", async () => {
    const before = standIn.state.indexes.get("ix1")!.etag;
    const body = restIndex("ix1", [{ name: "extra", type: "Edm.String" }]);
    body.fields[2] = { ...body.fields[2]!, searchable: true };
    const res = await raw("PUT", "/indexes/ix1", body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: "OperationNotAllowed",
      message: "Existing field 'section' cannot be changed.",
      details: [{ code: "CannotChangeExistingField", message: "Existing field 'section' cannot be changed." }],
    });
    expect(standIn.state.indexes.get("ix1")!.etag).toBe(before);
  });

  it("removing a field or changing its type is refused the same way", async () => {
    const removed = await raw("PUT", "/indexes/ix1", restIndex("ix1"));
    expect(removed).toMatchObject({
      status: 400,
      body: { error: { code: "OperationNotAllowed", details: [{ code: "CannotChangeExistingField" }] } },
    });
    const retyped = await raw(
      "PUT",
      "/indexes/ix1",
      restIndex("ix1", [{ name: "extra", type: "Collection(Edm.String)" }]),
    );
    expect(retyped.status).toBe(400);
  });

  it("adding a field and changing retrievable are accepted in place", async () => {
    const body = restIndex("ix1", [
      { name: "extra", type: "Edm.String", retrievable: false },
      { name: "added", type: "Edm.String" },
    ]);
    expect((await raw("PUT", "/indexes/ix1", body)).status).toBe(204);
  });

  it("similarity: the same parameters in another key order update in place; other parameters are refused", async () => {
    const sim = (k1: number, b: number, first: "k1" | "b") => ({
      "@odata.type": "#Microsoft.Azure.Search.BM25Similarity",
      ...(first === "k1" ? { k1, b } : { b, k1 }),
    });
    expect((await raw("PUT", "/indexes/sim1", { ...restIndex("sim1"), similarity: sim(2, 0.5, "b") })).status).toBe(
      201,
    );
    // The SDK writes k1 before b; the file, sorted, b before k1.
    expect((await raw("PUT", "/indexes/sim1", { ...restIndex("sim1"), similarity: sim(2, 0.5, "k1") })).status).toBe(
      204,
    );
    const changed = await raw("PUT", "/indexes/sim1", { ...restIndex("sim1"), similarity: sim(1.2, 0.5, "k1") });
    expect(changed).toMatchObject({ status: 400, body: { error: { code: "OperationNotAllowed" } } });
    expect((await raw("GET", "/indexes/sim1")).body.similarity).toMatchObject({ k1: 2, b: 0.5 });
  });

  it("rejects invalid definitions with 400: no key field, unknown field in a profile, searchable non-string", async () => {
    const noKey = { name: "bad", fields: [{ name: "a", type: "Edm.String" }] };
    expect((await raw("PUT", "/indexes/bad", noKey)).status).toBe(400);
    const badProfile = { ...restIndex("bad"), scoringProfiles: [{ name: "p", text: { weights: { section: 2 } } }] };
    expect((await raw("PUT", "/indexes/bad", badProfile)).status).toBe(400);
    const searchableDate = {
      name: "bad",
      fields: [
        { name: "id", type: "Edm.String", key: true },
        { name: "d", type: "Edm.DateTimeOffset", searchable: true },
      ],
    };
    expect((await raw("PUT", "/indexes/bad", searchableDate)).status).toBe(400);
    expect(standIn.state.indexes.has("bad")).toBe(false);
  });

  it("DELETE drops the index and its documents; a missing index is 404 with the service's body", async () => {
    await indexes.createIndex({ name: "ix2", fields: [{ name: "id", type: "Edm.String", key: true }] } as SearchIndex);
    standIn.state.documents.get("ix2")!.set("a", { id: "a" });
    await indexes.deleteIndex("ix2");
    expect(standIn.state.indexes.has("ix2")).toBe(false);
    expect(standIn.state.documents.has("ix2")).toBe(false);
    await expect(indexes.getIndex("ix2")).rejects.toMatchObject({ statusCode: 404 });
    expect((await raw("GET", "/indexes/ix2")).body.error.message).toMatch(/No index with the name 'ix2'/);
  });
});

describe("datasources", () => {
  const blob = {
    name: "ds1",
    type: "azureblob" as const,
    connectionString: "ResourceId=/subscriptions/s/resourceGroups/r/providers/Microsoft.Storage/storageAccounts/a/;",
    container: { name: "$web" },
  };

  it("GET never returns the connection string; <unchanged> keeps it; omitting it is refused", async () => {
    await indexers.createOrUpdateDataSourceConnection(blob);
    const got = await indexers.getDataSourceConnection("ds1");
    expect(got.connectionString ?? null).toBeNull();
    expect((await raw("GET", "/datasources/ds1")).body.credentials).toEqual({ connectionString: null });
    await indexers.createOrUpdateDataSourceConnection({ ...got, description: "d", connectionString: "<unchanged>" });
    expect(standIn.state.datasources.get("ds1")!.definition.credentials).toEqual({
      connectionString: blob.connectionString,
    });
    await expect(
      indexers.createOrUpdateDataSourceConnection({ ...got, connectionString: undefined }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it("keeps the native soft-delete policy as sent", async () => {
    const res = await raw(
      "PUT",
      "/datasources/ds2",
      {
        name: "ds2",
        type: "azureblob",
        credentials: { connectionString: blob.connectionString },
        container: { name: "$web" },
        dataDeletionDetectionPolicy: {
          "@odata.type": "#Microsoft.Azure.Search.NativeBlobSoftDeleteDeletionDetectionPolicy",
        },
      },
      { prefer: "return=representation" },
    );
    expect(res.status).toBe(201);
    expect(res.body.dataDeletionDetectionPolicy).toEqual({
      "@odata.type": "#Microsoft.Azure.Search.NativeBlobSoftDeleteDeletionDetectionPolicy",
    });
  });
});

describe("indexers", () => {
  it("needs an existing datasource and index", async () => {
    const missing = await raw("PUT", "/indexers/ixr0", {
      name: "ixr0",
      dataSourceName: "nope",
      targetIndexName: "ix1",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/Data source 'nope' does not exist/);
  });

  it("reports the schedule in canonical form and fills the start time", async () => {
    const res = await raw(
      "PUT",
      "/indexers/ixr1",
      { name: "ixr1", dataSourceName: "ds1", targetIndexName: "ix1", schedule: { interval: "PT24H" }, disabled: true },
      { prefer: "return=representation" },
    );
    expect(res.status).toBe(201);
    expect(res.body.schedule.interval).toBe("P1D");
    expect(Date.parse(res.body.schedule.startTime)).not.toBeNaN();
    expect(
      (
        await raw("PUT", "/indexers/ixr9", {
          name: "ixr9",
          dataSourceName: "ds1",
          targetIndexName: "ix1",
          schedule: { interval: "PT1M" },
        })
      ).status,
    ).toBe(400);
  });

  it("status has the service's shape; run is 202, reset 204 (through the SDK)", async () => {
    await indexers.runIndexer("ixr1");
    const status = await raw("GET", "/indexers('ixr1')/search.status");
    expect(status.status).toBe(200);
    expect(Object.keys(status.body)).toEqual(
      expect.arrayContaining(["name", "status", "lastResult", "executionHistory", "limits"]),
    );
    expect(status.body.limits).toEqual({
      maxRunTime: "PT22H",
      maxDocumentExtractionSize: 256000000,
      maxDocumentContentCharactersToExtract: 4000000,
    });
    expect(Object.keys(status.body.lastResult)).toEqual(
      expect.arrayContaining([
        "status",
        "errorMessage",
        "startTime",
        "endTime",
        "itemsProcessed",
        "itemsFailed",
        "errors",
        "warnings",
      ]),
    );
    const sdk = await indexers.getIndexerStatus("ixr1");
    expect(sdk.name).toBe("ixr1");
    expect(sdk.executionHistory.length).toBeGreaterThan(0);
    await indexers.resetIndexer("ixr1");
    expect(standIn.requests.at(-1)).toMatchObject({ method: "POST", path: "/indexers/ixr1/reset", status: 204 });
  });

  it("a run while one is in progress is 409 with the service's message", async () => {
    const runtime = standIn.state.indexers.get("ixr1")!.runtime;
    runtime.history.unshift(execution({ status: "inProgress", endTime: null, itemsProcessed: 0 }));
    await expect(indexers.runIndexer("ixr1")).rejects.toMatchObject({
      statusCode: 409,
      message: "Another indexer invocation is currently in progress; concurrent invocations are not allowed.",
    });
    runtime.history.shift();
  });

  it("creating an enabled indexer starts a run, as the service does", async () => {
    await indexers.createOrUpdateIndexer({ name: "ixr2", dataSourceName: "ds1", targetIndexName: "ix1" });
    expect(standIn.state.indexers.get("ixr2")!.runtime.history).toHaveLength(1);
    expect(standIn.state.indexers.get("ixr1")!.definition.disabled).toBe(true);
  });

  it("an update keeps the run history; unknown indexers are 404", async () => {
    const indexer = await indexers.getIndexer("ixr2");
    await indexers.createOrUpdateIndexer({ ...indexer, description: "changed" }, { onlyIfUnchanged: true });
    expect(standIn.state.indexers.get("ixr2")!.runtime.history).toHaveLength(1);
    await expect(indexers.runIndexer("nope")).rejects.toMatchObject({ statusCode: 404 });
    await expect(indexers.getIndexerStatus("nope")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("lists and deletes through the SDK", async () => {
    expect((await indexers.listIndexersNames()).sort()).toEqual(expect.arrayContaining(["ixr1", "ixr2"]));
    await indexers.deleteIndexer("ixr2");
    expect(standIn.state.indexers.has("ixr2")).toBe(false);
  });
});
