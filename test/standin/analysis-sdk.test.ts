// Custom analyzers through @azure/search-documents, unmodified: an index with a word_delimiter analyzer on a
// field, the analyze API a user checks it with, queries in words finding identifier-named documents, and the
// service's 400 for a field naming an analyzer that does not exist.
import { AzureKeyCredential, SearchClient, SearchIndexClient, type SearchIndex } from "@azure/search-documents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";

let standIn: SearchStandIn;
let indexes: SearchIndexClient;

const index = (name: string, titleAnalyzer: string): SearchIndex => ({
  name,
  fields: [
    { name: "id", type: "Edm.String", key: true },
    { name: "title", type: "Edm.String", searchable: true, analyzerName: titleAnalyzer },
    { name: "content", type: "Edm.String", searchable: true },
  ],
  analyzers: [
    {
      odatatype: "#Microsoft.Azure.Search.CustomAnalyzer",
      name: "identifiers",
      tokenizerName: "standard_v2",
      tokenFilters: ["identifier_parts", "lowercase"],
    },
  ],
  tokenFilters: [
    { odatatype: "#Microsoft.Azure.Search.WordDelimiterTokenFilter", name: "identifier_parts", preserveOriginal: true },
  ],
});

beforeAll(async () => {
  standIn = await startSearchStandIn();
  indexes = new SearchIndexClient(standIn.url, new AzureKeyCredential(standIn.apiKey), {
    allowInsecureConnection: true,
  });
  await indexes.createIndex(index("ids", "identifiers"));
  const client = new SearchClient<{ id: string; title: string; content: string }>(
    standIn.url,
    "ids",
    new AzureKeyCredential(standIn.apiKey),
    { allowInsecureConnection: true },
  );
  await client.uploadDocuments([
    { id: "max", title: "maxRetries", content: "How many times a request is sent again." },
    { id: "timeout", title: "request_timeout", content: "How long to wait." },
    { id: "other", title: "Retry budgets", content: "Spread the load." },
  ]);
});

afterAll(async () => {
  await standIn.close();
});

describe("custom analyzers over the SDK", () => {
  it("the analyze API shows the tokens, offsets and positions of the index's analyzer", async () => {
    const result = await indexes.analyzeText("ids", { text: "set maxRetries", analyzerName: "identifiers" });
    expect(result.tokens.map((t) => [t.token, t.startOffset, t.endOffset, t.position])).toEqual([
      ["set", 0, 3, 0],
      ["maxretries", 4, 14, 1],
      ["max", 4, 7, 1],
      ["retries", 7, 14, 2],
    ]);
    const adHoc = await indexes.analyzeText("ids", {
      text: "request_timeout",
      tokenizerName: "whitespace",
      tokenFilters: ["word_delimiter"],
    });
    expect(adHoc.tokens.map((t) => t.token)).toEqual(["request", "timeout"]);
  });

  it("a question in words finds the identifier-named document; the identifier itself still does", async () => {
    const client = new SearchClient<{ id: string }>(standIn.url, "ids", new AzureKeyCredential(standIn.apiKey), {
      allowInsecureConnection: true,
    });
    const ids = async (q: string, options: Record<string, unknown> = {}) => {
      const out: string[] = [];
      for await (const r of (await client.search(q, { select: ["id"], ...options })).results) out.push(r.document.id);
      return out;
    };
    expect((await ids("max retries"))[0]).toBe("max");
    expect(await ids("maxRetries")).toEqual(["max"]);
    expect(await ids("request timeout", { searchFields: ["title"] })).toEqual(["timeout"]);
    expect(await ids('"request timeout"', { searchFields: ["title"] })).toEqual(["timeout"]);
    expect(await ids("request_timeout")).toEqual(["timeout"]);
  });

  it("highlights what the field's analyzers matched: a word inside an identifier, or the identifier whole", async () => {
    const client = new SearchClient<{ id: string }>(standIn.url, "ids", new AzureKeyCredential(standIn.apiKey), {
      allowInsecureConnection: true,
    });
    const highlights = async (q: string) => {
      const out: Record<string, Record<string, string[]> | undefined> = {};
      for await (const r of (await client.search(q, { select: ["id"], highlightFields: "title,content" })).results)
        out[r.document.id] = r.highlights;
      return out;
    };
    // word_delimiter indexed `maxRetries` as maxretries, max and retries (offsets 0-10, 0-3, 3-10).
    expect(await highlights("retries")).toEqual({ max: { title: ["max<em>Retries</em>"] } });
    expect(await highlights("maxRetries")).toEqual({ max: { title: ["<em>maxRetries</em>"] } });
    expect((await highlights("request timeout")).timeout).toEqual({ title: ["<em>request</em>_<em>timeout</em>"] });
  });

  it("refuses a field that names an analyzer the index does not define (400, the service's message shape)", async () => {
    const error = (await indexes.createIndex(index("bad", "identifierz")).catch((e: unknown) => e)) as {
      statusCode?: number;
      message?: string;
    };
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain(
      "The request is invalid. Details: definition : The field 'title' (analyzer): The analyzer 'identifierz' is not defined in the index and is not a predefined analyzer.",
    );
  });
});
