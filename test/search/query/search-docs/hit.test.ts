// A search hit as agents receive it (src/search/query/search-docs/hit.ts): public URL, text without front matter
// or markup, a bounded snippet, the scores. Pure.
import { describe, expect, it } from "vitest";
import { shapeSearchHit } from "../../../../src/search/query/search-docs/hit.js";

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
