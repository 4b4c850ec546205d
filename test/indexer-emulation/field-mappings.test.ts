import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  applyFieldMappings,
  extractTokenAtPosition,
  urlDecode,
  urlEncode,
  type FieldMapping,
} from "../../src/search/indexer-emulation/field-mappings.js";
import { base64Decode, base64Encode, URL_TOKEN_ENCODE_FORM } from "../../src/search/indexer-emulation/base64.js";

const PATH = "https://acct.blob.core.windows.net/$web/app/section/page.html";

// The docs-index mappings of spec C (key, path tokens 4 and 5).
const DOCS_MAPPINGS: FieldMapping[] = [
  { sourceFieldName: "metadata_storage_path", targetFieldName: "id", mappingFunction: { name: "base64Encode" } },
  { sourceFieldName: "metadata_storage_path", targetFieldName: "path" },
  { sourceFieldName: "metadata_title", targetFieldName: "title" },
  {
    sourceFieldName: "metadata_storage_path",
    targetFieldName: "repo",
    mappingFunction: { name: "extractTokenAtPosition", parameters: { delimiter: "/", position: 4 } },
  },
  {
    sourceFieldName: "metadata_storage_path",
    targetFieldName: "section",
    mappingFunction: { name: "extractTokenAtPosition", parameters: { delimiter: "/", position: 5 } },
  },
];

describe("base64Encode / base64Decode (reference §1.1)", () => {
  it("plain URL-safe form without padding when useHttpServerUtilityUrlTokenEncode is false (doc table: 00>00?00)", () => {
    expect(base64Encode("00>00?00", { useHttpServerUtilityUrlTokenEncode: false })).toBe("MDA-MDA_MDA");
  });

  it("default parameters use the UrlTokenEncode form chosen in URL_TOKEN_ENCODE_FORM", () => {
    const expected = URL_TOKEN_ENCODE_FORM === "urlTokenWithPadDigit" ? "MDA-MDA_MDA1" : "MDA-MDA_MDA";
    expect(base64Encode("00>00?00")).toBe(expected);
    expect(base64Encode("00>00?00", null)).toBe(expected);
  });

  it("decodes both key forms", () => {
    expect(base64Decode("MDA-MDA_MDA1")).toBe("00>00?00");
    expect(base64Decode("MDA-MDA_MDA")).toBe("00>00?00");
    expect(base64Decode("MDA+MDA/MDA=")).toBe("00>00?00");
    expect(base64Decode("not base64!")).toBeUndefined();
  });

  it("round-trips any string in both forms", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        expect(base64Decode(base64Encode(s))).toBe(s);
        expect(
          base64Decode(base64Encode(s, { useHttpServerUtilityUrlTokenEncode: false }), {
            useHttpServerUtilityUrlTokenDecode: false,
          }),
        ).toBe(s);
      }),
    );
  });

  it("produces only valid key characters (letters, digits, _ - =)", () => {
    fc.assert(fc.property(fc.string(), (s) => /^[A-Za-z0-9_=-]*$/.test(base64Encode(s))));
  });
});

describe("extractTokenAtPosition (reference §1.2)", () => {
  it("keeps empty tokens: $web is token 3, the app 4, the section 5", () => {
    expect(extractTokenAtPosition(PATH, "/", 1)).toBe("");
    expect(extractTokenAtPosition(PATH, "/", 3)).toBe("$web");
    expect(extractTokenAtPosition(PATH, "/", 4)).toBe("app");
    expect(extractTokenAtPosition(PATH, "/", 5)).toBe("section");
  });

  it("fails for a position past the last token", () => {
    expect(() => extractTokenAtPosition("https://acct.blob.core.windows.net/$web/index.html", "/", 5)).toThrow(
      /Position 5 is out of range/,
    );
  });
});

describe("urlEncode / urlDecode (reference §1.3)", () => {
  it("encodes like the doc example and decodes back", () => {
    expect(urlEncode("<hello>")).toBe("%3chello%3e");
    expect(urlDecode("%E8%81%B7+x")).toBe("職 x");
  });
});

describe("applyFieldMappings", () => {
  const source = {
    metadata_storage_path: PATH,
    metadata_title: "Page",
    content: "body",
    metadata_storage_name: "page.html",
  };

  it("maps the docs-index fields and passes same-named source fields through", () => {
    const outcome = applyFieldMappings(DOCS_MAPPINGS, source, {
      keyField: "id",
      indexFields: ["id", "path", "title", "repo", "section", "content"],
    });
    expect(outcome).toEqual({
      key: base64Encode(PATH),
      document: { id: base64Encode(PATH), path: PATH, title: "Page", repo: "app", section: "section", content: "body" },
    });
  });

  it("fails a root blob on the section mapping with the service's message pattern, still naming the key", () => {
    const root = { ...source, metadata_storage_path: "https://acct.blob.core.windows.net/$web/index.html" };
    const outcome = applyFieldMappings(DOCS_MAPPINGS, root, { keyField: "id" });
    expect("error" in outcome).toBe(true);
    if (!("error" in outcome)) return;
    expect(outcome.key).toBe(base64Encode(root.metadata_storage_path));
    expect(outcome.error.targetFieldName).toBe("section");
    expect(outcome.error.message).toMatch(
      /^Could not apply mapping function 'extractTokenAtPosition' to field 'section'\. /,
    );
  });

  it("adds the default base64 key mapping when the key is not mapped", () => {
    const outcome = applyFieldMappings([], source, { keyField: "id", indexFields: ["id"] });
    expect(outcome).toEqual({ key: base64Encode(PATH), document: { id: base64Encode(PATH) } });
  });

  it("resolves field and function names case-insensitively", () => {
    const outcome = applyFieldMappings(
      [
        {
          sourceFieldName: "METADATA_STORAGE_PATH",
          targetFieldName: "app",
          mappingFunction: { name: "ExtractTokenAtPosition", parameters: { delimiter: "/", position: 4 } },
        },
      ],
      source,
      { indexFields: ["App"] },
    );
    expect(outcome).toEqual({ document: { App: "app" } });
  });

  it("fails base64Encode over a missing source with the documented inner detail", () => {
    const outcome = applyFieldMappings(
      [{ sourceFieldName: "nope", targetFieldName: "id", mappingFunction: { name: "base64Encode" } }],
      source,
    );
    expect("error" in outcome && outcome.error.message).toBe(
      "Could not apply mapping function 'base64Encode' to field 'id'. Array cannot be null. Parameter name: bytes",
    );
  });

  it("reports functions it does not emulate as a document error", () => {
    const outcome = applyFieldMappings(
      [{ sourceFieldName: "content", targetFieldName: "x", mappingFunction: { name: "fixedLengthEncode" } }],
      source,
    );
    expect("error" in outcome && outcome.error.message).toMatch(/not emulated/);
  });
});
