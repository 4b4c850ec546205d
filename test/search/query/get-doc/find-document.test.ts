// get_doc's lookup order (src/search/query/get-doc/find-document.ts) through a fake port: a key as it is, a URL's
// candidates by derived key, then a scan of the app's paths when the derived keys miss.
import { describe, expect, it } from "vitest";
import { base64Encode } from "../../../../src/search/indexer-emulation/base64.js";
import { findDocumentWith, type DocumentLookupPort } from "../../../../src/search/query/get-doc/find-document.js";

const base = "https://acct.blob.core.windows.net/$web";
const keyOf = (path: string) => base64Encode(`${base}/${path}`);

function port(docs: Record<string, Record<string, unknown>>, paths: Record<string, unknown>[] = []) {
  const asked: string[] = [];
  const p: DocumentLookupPort = {
    byKey: async (key) => {
      asked.push(`key ${key}`);
      return docs[key] ?? null;
    },
    idsAndPathsOf: async (app) => {
      asked.push(`scan ${app}`);
      return paths;
    },
  };
  return { port: p, asked };
}
const opts = { container: "$web", containerBase: base };
const ref = {
  kind: "paths" as const,
  candidates: ["billing/refunds.html", "billing/refunds"],
  asked: "/billing/refunds",
};

describe("findDocumentWith", () => {
  it("looks a key up as it is", async () => {
    const { port: p, asked } = port({ k1: { id: "k1" } });
    expect(await findDocumentWith(p, { kind: "key", key: "k1" }, opts)).toEqual({ id: "k1" });
    expect(asked).toEqual(["key k1"]);
  });

  it("tries each candidate's derived key in order and stops at the first match", async () => {
    const { port: p, asked } = port({ [keyOf("billing/refunds")]: { id: "found" } });
    expect(await findDocumentWith(p, ref, opts)).toEqual({ id: "found" });
    expect(asked).toEqual([`key ${keyOf("billing/refunds.html")}`, `key ${keyOf("billing/refunds")}`]);
  });

  it("scans the app's paths when no derived key matches (keys encoded differently), then reads by the id found", async () => {
    const { port: p, asked } = port({ odd: { id: "odd" } }, [
      { id: "other", path: `${base}/billing/other.html` },
      { id: "odd", path: `${base}/billing/refunds.html` },
    ]);
    expect(await findDocumentWith(p, ref, opts)).toEqual({ id: "odd" });
    expect(asked.slice(-2)).toEqual(["scan billing", "key odd"]);
  });

  it("scans without derived keys while the container's base is unknown, and answers null when nothing matches", async () => {
    const { port: p, asked } = port({});
    expect(await findDocumentWith(p, ref, { ...opts, containerBase: null })).toBeNull();
    expect(asked).toEqual(["scan billing"]);
  });
});
