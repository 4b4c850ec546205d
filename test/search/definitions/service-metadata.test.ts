// The one rule for the service's metadata on a read object (src/search/definitions/json.ts), used by the plan's
// comparison and by the blue/green writes that put a read object back.
import { describe, expect, it } from "vitest";
import { isServiceMetadata, withoutServiceMetadata } from "../../../src/search/definitions/json.js";

describe("service metadata on a read definition", () => {
  it("drops @odata.etag and @odata.context but keeps @odata.type, which names a definition's kind", () => {
    const read = {
      "@odata.context": "https://srch/$metadata#indexes/$entity",
      "@odata.etag": '"0x8D"',
      name: "docs",
      similarity: { "@odata.type": "#Microsoft.Azure.Search.BM25Similarity" },
      "@odata.type": "#Microsoft.Azure.Search.Something",
    };
    expect(withoutServiceMetadata(read)).toEqual({
      name: "docs",
      similarity: { "@odata.type": "#Microsoft.Azure.Search.BM25Similarity" },
      "@odata.type": "#Microsoft.Azure.Search.Something",
    });
    expect(read["@odata.etag"]).toBe('"0x8D"');
  });

  it("tells metadata keys from definition keys", () => {
    expect(isServiceMetadata("@odata.etag")).toBe(true);
    expect(isServiceMetadata("@odata.context")).toBe(true);
    expect(isServiceMetadata("@odata.type")).toBe(false);
    expect(isServiceMetadata("name")).toBe(false);
  });
});
