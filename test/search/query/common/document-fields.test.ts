// What every answer says about a document (src/search/query/common/document-fields.ts): the public URL from the
// blob URL or the key, the app from `repo` where `app` is not filled yet, times as ISO strings. Pure.
import { describe, expect, it } from "vitest";
import { base64Encode } from "../../../../src/search/indexer-emulation/base64.js";
import { documentFields } from "../../../../src/search/query/common/document-fields.js";

const where = { container: "$web", docsUrl: "https://docs.example.com" };
const blob = "https://acct.blob.core.windows.net/$web/payments/guides/refunds.html";

describe("documentFields", () => {
  it("gives the public URL, the app from repo when app is null, and the time as an ISO string", () => {
    const fields = documentFields(
      {
        id: "k",
        title: "Refunds",
        path: blob,
        app: null,
        repo: "payments",
        section: "guides",
        format: ".html",
        last_modified: new Date("2026-11-01T00:00:00Z"),
      },
      where,
    );
    expect(fields).toEqual({
      key: "k",
      title: "Refunds",
      description: null,
      url: "https://docs.example.com/payments/guides/refunds",
      app: "payments",
      section: "guides",
      format: ".html",
      last_modified: "2026-11-01T00:00:00.000Z",
    });
  });

  it("finds the page from the key when the document has no path, and gives null for what it cannot read", () => {
    const fields = documentFields({ id: base64Encode(blob), title: 7, last_modified: new Date("nope") }, where);
    expect(fields).toMatchObject({ url: "https://docs.example.com/payments/guides/refunds", title: null });
    expect(fields.last_modified).toBeNull();
    expect(documentFields({ id: "not-a-blob-key" }, where).url).toBeNull();
  });
});
