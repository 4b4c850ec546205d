import { describe, expect, it } from "vitest";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";
import { blobPathFromBlobUrl, publicUrlForBlobPath, resolvePageRef } from "../../src/search/public-url.js";

const docs = "https://docs.example.com";
const acct = "https://acct.blob.core.windows.net/$web";

describe("public URL (spec rule 4)", () => {
  it("serves app pages under {docs_url}/{app}/{rest} without .html", () => {
    expect(publicUrlForBlobPath(docs, "billing/guides/setup.html")).toBe(`${docs}/billing/guides/setup`);
  });
  it("serves an index.html as its folder with a trailing slash", () => {
    expect(publicUrlForBlobPath(docs, "billing/guides/index.html")).toBe(`${docs}/billing/guides/`);
    expect(publicUrlForBlobPath(docs, "billing/index.html")).toBe(`${docs}/billing/`);
  });
  it("serves root pages directly under {docs_url}/", () => {
    expect(publicUrlForBlobPath(docs, "index.html")).toBe(`${docs}/`);
    expect(publicUrlForBlobPath(`${docs}/`, "404.html")).toBe(`${docs}/404`);
  });
  it("keeps other extensions and percent-encodes each segment", () => {
    expect(publicUrlForBlobPath(docs, "app/notes/read me.md")).toBe(`${docs}/app/notes/read%20me.md`);
    expect(publicUrlForBlobPath(docs, "app/ü/o'neil (1).html")).toBe(`${docs}/app/%C3%BC/o%27neil%20%281%29`);
    expect(publicUrlForBlobPath(docs, "app/a#b?c.html")).toBe(`${docs}/app/a%23b%3Fc`);
  });
});

describe("blob paths", () => {
  it("reads the service form, the path-style Azurite form and %24web", () => {
    expect(blobPathFromBlobUrl(`${acct}/app/x.html`, "$web")).toBe("app/x.html");
    expect(blobPathFromBlobUrl("http://127.0.0.1:10000/devstoreaccount1/$web/app/x.html", "$web")).toBe("app/x.html");
    expect(blobPathFromBlobUrl("https://acct.blob.core.windows.net/%24web/app/read%20me.md", "$web")).toBe(
      "app/read me.md",
    );
  });
  it("rejects URLs outside the container", () => {
    expect(blobPathFromBlobUrl("https://acct.blob.core.windows.net/other/app/x.html", "$web")).toBeUndefined();
    expect(blobPathFromBlobUrl(`${acct}/`, "$web")).toBeUndefined();
  });
});

describe("resolvePageRef", () => {
  it("decodes a document id first", () => {
    const id = base64Encode(`${acct}/billing/guides/index.html`);
    expect(resolvePageRef(id, { docsUrl: docs, container: "$web" })).toMatchObject({
      kind: "document-id",
      blobPath: "billing/guides/index.html",
      publicUrl: `${docs}/billing/guides/`,
    });
  });
  it("accepts a blob URL", () => {
    expect(resolvePageRef(`${acct}/index.html`, { docsUrl: docs, container: "$web" }).publicUrl).toBe(`${docs}/`);
  });
  it("accepts a blob path, with or without a leading slash or the container", () => {
    for (const input of ["billing/guides/index.html", "/billing/guides/index.html", "$web/billing/guides/index.html"])
      expect(resolvePageRef(input, { docsUrl: docs, container: "$web" })).toEqual({
        kind: "blob-path",
        blobPath: "billing/guides/index.html",
        publicUrl: `${docs}/billing/guides/`,
      });
  });
  it("says what is wrong with other input", () => {
    expect(() => resolvePageRef("not an id!", { docsUrl: docs, container: "$web" })).toThrow(
      /neither a blob URL, a blob path nor a document id/,
    );
    expect(() =>
      resolvePageRef(base64Encode("https://acct.blob.core.windows.net/other/x.html"), {
        docsUrl: docs,
        container: "$web",
      }),
    ).toThrow(/not in the \$web container/);
  });
});
