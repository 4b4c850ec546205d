// Index field attributes as the service applies them: REST defaults for omitted attributes (reference §4.1)
// and, per attribute, whether changing it on an existing field can be done in place or needs a rebuild (§5).
import type { JsonObject } from "./definitions.js";

export type ChangeEffect = "in-place" | "rebuild";

/** Every attribute compared, in the order a plan lists them, with the effect of changing it. */
export const FIELD_ATTRIBUTES: readonly { name: string; effect: ChangeEffect; why: string }[] = [
  { name: "type", effect: "rebuild", why: "a field's data type cannot change on an existing index" },
  { name: "key", effect: "rebuild", why: "the key field cannot change on an existing index" },
  {
    name: "searchable",
    effect: "rebuild",
    why: "searchable cannot change on an existing field (the inverted index is built at indexing time)",
  },
  { name: "filterable", effect: "rebuild", why: "filterable cannot change on an existing field" },
  { name: "sortable", effect: "rebuild", why: "sortable cannot change on an existing field" },
  { name: "facetable", effect: "rebuild", why: "facetable cannot change on an existing field" },
  { name: "stored", effect: "rebuild", why: "stored is immutable" },
  { name: "analyzer", effect: "rebuild", why: "an analyzer cannot change once chosen" },
  { name: "indexAnalyzer", effect: "rebuild", why: "an index analyzer cannot change once chosen" },
  { name: "normalizer", effect: "rebuild", why: "a normalizer cannot change on an existing field" },
  { name: "dimensions", effect: "rebuild", why: "vector dimensions cannot change" },
  { name: "vectorEncoding", effect: "rebuild", why: "vector encoding cannot change" },
  { name: "vectorSearchProfile", effect: "rebuild", why: "treated as immutable (not on the service's in-place list)" },
  { name: "retrievable", effect: "in-place", why: "retrievable can be changed on existing fields" },
  { name: "searchAnalyzer", effect: "in-place", why: "a search analyzer can be updated in place" },
  { name: "synonymMaps", effect: "in-place", why: "synonym maps can be changed in place" },
];

function elementType(type: string): string {
  const m = /^Collection\((.+)\)$/.exec(type);
  return m ? m[1]! : type;
}

/** A field's effective attributes: explicit values, else the REST default the service applies (§4.1). */
export function effectiveAttributes(field: JsonObject): JsonObject {
  const type = String(field.type);
  const element = elementType(type);
  const collection = element !== type;
  const complex = element === "Edm.ComplexType";
  const vector =
    collection &&
    ["Edm.Single", "Edm.Half", "Edm.Int16", "Edm.SByte", "Edm.Byte"].includes(element) &&
    field.dimensions != null;
  const simple = !complex && !vector;
  const defaults: JsonObject = {
    type,
    key: false,
    retrievable: complex ? null : !vector,
    stored: complex ? null : true,
    searchable: element === "Edm.String",
    filterable: simple,
    sortable: simple && !collection,
    facetable: simple && element !== "Edm.GeographyPoint",
    analyzer: null,
    indexAnalyzer: null,
    searchAnalyzer: null,
    normalizer: null,
    dimensions: null,
    vectorEncoding: null,
    vectorSearchProfile: null,
    synonymMaps: [],
  };
  const out: JsonObject = {};
  for (const { name } of FIELD_ATTRIBUTES) out[name] = field[name] ?? defaults[name];
  return out;
}
