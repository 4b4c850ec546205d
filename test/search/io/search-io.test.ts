// The ops commands' search adapters (src/search/io/search-io.ts) against the stand-in: what fetchIndexInfo makes
// of a refusal (a query-only identity: no eTag, not an error) and of any other failure (thrown), and the counts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AzureKeyCredential, SearchIndexClient } from "@azure/search-documents";
import { countMatching, fetchIndexInfo, listSelected } from "../../../src/search/io/search-io.js";
import { startHarness, type Harness } from "../../support/ops-world.js";

let h: Harness;
let indexClient: SearchIndexClient;

beforeAll(async () => {
  h = await startHarness();
  indexClient = new SearchIndexClient(h.standIn.url, new AzureKeyCredential(h.standIn.apiKey), {
    allowInsecureConnection: true,
  });
  const docs = [
    { id: "a", app: "billing", repo: "billing", format: ".html" },
    { id: "b", app: "billing", repo: "billing", format: null },
    { id: "c", app: "payments", repo: "payments", format: null },
  ];
  const r = await h.search.uploadDocuments(docs);
  expect(r.results.every((x) => x.succeeded)).toBe(true);
});
afterAll(async () => h?.close());

describe("fetchIndexInfo", () => {
  it("reads the eTag and which fields are the key and filterable", async () => {
    const info = await fetchIndexInfo(indexClient, "docs-index");
    expect(info.etag).toMatch(/\S/);
    expect(info.error).toBeUndefined();
    expect(info.fields?.find((f) => f.name === "id")).toMatchObject({ key: true });
    expect(info.fields?.find((f) => f.name === "repo")).toMatchObject({ key: false, filterable: true });
    expect(info.filterable?.has("repo")).toBe(true);
  });

  it("answers a refusal (403) with no eTag and the reason, instead of failing", async () => {
    h.standIn.injectFault({ method: "GET", pathIncludes: "/indexes", status: 403, times: 1 });
    expect(await fetchIndexInfo(indexClient, "docs-index")).toEqual({
      etag: null,
      filterable: null,
      fields: null,
      error: "GET index refused (403)",
    });
  });

  it("throws any other failure (a missing index is not a refusal)", async () => {
    await expect(fetchIndexInfo(indexClient, "no-such-index")).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("counts and listings", () => {
  it("counts the documents a request-level filter matches", async () => {
    expect(await countMatching(h.search, "format eq null")).toBe(2);
    expect(await countMatching(h.search)).toBe(3);
  });

  it("lists only the selected fields, and refuses a page above 1,000", async () => {
    const docs = await listSelected(h.search, "repo eq 'billing'", ["id"], 10);
    expect(docs.map((d) => d.id).sort()).toEqual(["a", "b"]);
    expect(docs[0]).not.toHaveProperty("app");
    await expect(listSelected(h.search, undefined, ["id"], 1001)).rejects.toThrow(RangeError);
  });
});
