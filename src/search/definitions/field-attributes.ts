// Index field attributes as the service applies them: REST defaults for omitted attributes (reference §4.1)
// and, per attribute, whether changing it on an existing field can be done in place or needs a rebuild (§5).
import type { JsonObject } from "./json.js";

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

/**
 * Attributes every simple field of the reviewed index definition states explicitly: when one is omitted the
 * service applies its REST default (a new Edm.String becomes searchable, sortable and facetable), which the SDK's
 * defaults disagree with (reference §4.1), and a later change to it needs a rebuild. Complex fields are exempt.
 */
const EXPLICIT_FIELD_ATTRIBUTES = [
  "key",
  "retrievable",
  "stored",
  "searchable",
  "filterable",
  "sortable",
  "facetable",
  "analyzer",
  "searchAnalyzer",
  "indexAnalyzer",
  "normalizer",
  "synonymMaps",
] as const;

/** The attributes a field leaves to the service's defaults (empty for complex fields). */
function missingExplicitAttributes(field: JsonObject): string[] {
  if (elementType(String(field.type)) === "Edm.ComplexType") return [];
  return EXPLICIT_FIELD_ATTRIBUTES.filter((a) => !Object.hasOwn(field, a));
}

/**
 * What to write for an attribute a field leaves out: the value that keeps the attribute off (or, for retrievable
 * and stored, on), in JSON. A person then flips the booleans the field needs.
 */
const EXPLICIT_ATTRIBUTE_TEMPLATE: Readonly<Record<(typeof EXPLICIT_FIELD_ATTRIBUTES)[number], string>> = {
  key: "false",
  retrievable: "true",
  stored: "true",
  searchable: "false",
  filterable: "false",
  sortable: "false",
  facetable: "false",
  analyzer: "null",
  searchAnalyzer: "null",
  indexAnalyzer: "null",
  normalizer: "null",
  synonymMaps: "[]",
};

/**
 * One sentence per field of an index definition that omits attributes, naming them and what to write; empty when all
 * explicit.
 */
export function implicitAttributeProblems(index: JsonObject): string[] {
  const fields = Array.isArray(index.fields) ? (index.fields as JsonObject[]) : [];
  return fields.flatMap((f) => {
    const missing = missingExplicitAttributes(f);
    if (missing.length === 0) return [];
    const write = missing
      .map((a) => `"${a}": ${EXPLICIT_ATTRIBUTE_TEMPLATE[a as keyof typeof EXPLICIT_ATTRIBUTE_TEMPLATE]}`)
      .join(", ");
    return [
      `field ${String(f.name)} leaves ${missing.join(", ")} to the service's defaults (which make a new string searchable, sortable and facetable): add ${write} (set true where the field needs it; see docs/search-deploy.md for a field template)`,
    ];
  });
}

/** A new field's attributes as a plan shows them: its type, then what it is and is not. */
export function describeNewField(field: JsonObject): string {
  const a = effectiveAttributes(field);
  const flags = ["key", "searchable", "filterable", "sortable", "facetable", "retrievable", "stored"];
  const on = flags.filter((f) => a[f] === true);
  const off = flags.filter((f) => a[f] === false);
  const extra = ["analyzer", "searchAnalyzer", "indexAnalyzer", "normalizer"]
    .filter((f) => a[f] != null)
    .map((f) => `${f} ${String(a[f])}`);
  return `${String(a.type)} (${[on.join(", ") || "none", off.length ? `not ${off.join(", ")}` : "", ...extra].filter(Boolean).join("; ")})`;
}
