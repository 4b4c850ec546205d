// The knowledge base's references as retrieve_docs hits (src/search/query/retrieve-docs/references.ts): public
// URLs and bounded snippets of the extracted passages. Pure; no service.
import { describe, expect, it } from "vitest";
import { retrieveDocsHits, retrievedPassages } from "../../../../src/search/query/retrieve-docs/references.js";

const where = { container: "$web", docsUrl: "https://docs.example.com", snippetChars: 40, top: 2 };

describe("retrieve_docs hits", () => {
  const message = (items: unknown) => [{ role: "assistant", content: [{ type: "text", text: JSON.stringify(items) }] }];
  it("gives each reference its public URL, app, section and its passage as a bounded snippet, at most top", () => {
    const passages = retrievedPassages(
      message([
        {
          ref_id: 0,
          title: "Refunds",
          // The text the indexer extracted from the page (the dedup filter keeps retrieve to HTML pages).
          content: "Refunds\n\nIssue a partial refund from the dashboard within 30 days.",
        },
      ]),
    );
    const hits = retrieveDocsHits(
      [
        {
          type: "searchIndex",
          id: "0",
          docKey: "k0",
          sourceData: {
            title: "Refunds",
            path: "http://127.0.0.1:10000/devstoreaccount1/$web/payments/guides/refunds.html",
            app: null,
            repo: "payments",
            section: "guides",
          },
        },
        { type: "searchIndex", id: "1", docKey: "k1", sourceData: null },
        { type: "searchIndex", id: "2", docKey: "k2" },
      ],
      passages,
      where,
    );
    expect(hits).toHaveLength(2);
    expect(hits[0]).toMatchObject({
      title: "Refunds",
      url: "https://docs.example.com/payments/guides/refunds",
      app: "payments",
      section: "guides",
      key: "k0",
      snippet_truncated: true,
    });
    expect(hits[0]!.snippet.length).toBeLessThanOrEqual(41);
    expect(hits[0]!.snippet).toMatch(/^Refunds Issue a partial refund/);
    expect(hits[1]).toMatchObject({ key: "k1", snippet: "", snippet_truncated: false });
  });

  it("reads no passages from a message that is not the extractive JSON array", () => {
    expect(retrievedPassages([{ content: [{ type: "text", text: "an answer in prose" }] }]).size).toBe(0);
    expect(retrievedPassages(undefined).size).toBe(0);
  });
});
