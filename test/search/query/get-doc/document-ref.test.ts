// From a URL an agent has to the blob paths that may hold the page (src/search/query/get-doc/document-ref.ts).
import { describe, expect, it } from "vitest";
import {
  documentRefFromUrl,
  containerBaseOf,
  blobUrlFor,
  splitAnchor,
} from "../../../../src/search/query/get-doc/document-ref.js";

describe("document references", () => {
  const opts = { docsUrl: "https://docs.example.com", container: "$web" };
  it("turns a public URL back into candidate blob paths", () => {
    expect(documentRefFromUrl("https://docs.example.com/payments/guides/refunds", opts)).toMatchObject({
      candidates: ["payments/guides/refunds.html", "payments/guides/refunds", "payments/guides/refunds/index.html"],
    });
    expect(documentRefFromUrl("https://docs.example.com/payments/", opts)).toMatchObject({
      candidates: ["payments/index.html"],
    });
    expect(documentRefFromUrl("https://docs.example.com/", opts)).toMatchObject({ candidates: ["index.html"] });
    expect(documentRefFromUrl("$web/payments/faq.html", opts)).toMatchObject({ candidates: ["payments/faq.html"] });
    expect(() => documentRefFromUrl("https://elsewhere.example.com/x", opts)).toThrow(/neither a page under/);
  });
  it("finds the container base of blob URLs and rebuilds blob URLs from it", () => {
    const base = containerBaseOf("http://127.0.0.1:10000/devstoreaccount1/$web/payments/faq.html", "$web");
    expect(base).toBe("http://127.0.0.1:10000/devstoreaccount1/$web");
    expect(blobUrlFor(base!, "payments/faq.html")).toBe(
      "http://127.0.0.1:10000/devstoreaccount1/$web/payments/faq.html",
    );
  });
});

describe("a url's #anchor", () => {
  it("is taken apart from the url and percent-decoded; an empty one is none, a malformed one kept as written", () => {
    expect(splitAnchor("https://d/x#usage-notes")).toEqual({ url: "https://d/x", anchor: "usage-notes" });
    expect(splitAnchor("https://d/x#caf%C3%A9")).toEqual({ url: "https://d/x", anchor: "café" });
    expect(splitAnchor("https://d/x#")).toEqual({ url: "https://d/x", anchor: undefined });
    expect(splitAnchor("https://d/x#100%")).toEqual({ url: "https://d/x", anchor: "100%" });
    expect(splitAnchor("https://d/x")).toEqual({ url: "https://d/x", anchor: undefined });
    expect(splitAnchor(undefined)).toEqual({ url: undefined, anchor: undefined });
  });
});
