// The rules on an index's fields (REST API 2026-04-01 `SearchField`, Microsoft Learn "Create Index" and
// "Supported data types"): unique names, one key of type Edm.String, attributes the field's type allows. Pure.
import type { JsonObject } from "../json.js";
import { COMPLEX, indexFields, STRING, type IndexField } from "./index-model.js";
import { SOURCES, type Rule, type Violation } from "./rule.js";

/** "The name of the field, which must be unique within the fields collection of the index or parent field." */
function uniqueFieldNames(index: JsonObject): Violation[] {
  const first = new Map<string, IndexField>();
  return indexFields(index).flatMap((f) => {
    const earlier = first.get(f.name);
    if (!earlier) {
      first.set(f.name, f);
      return [];
    }
    return [
      {
        path: `${f.at}.name`,
        problem: `the field name ${JSON.stringify(f.name)} is used again (first at ${earlier.at})`,
        expected: "each field name once (rename or remove one of them)",
      },
    ];
  });
}

/** "Exactly one top-level field in each index must be chosen as the key field and it must be of type Edm.String." */
function oneKey(index: JsonObject): Violation[] {
  const keys = indexFields(index).filter((f) => f.field.key === true);
  const expected = 'exactly one top-level field with "key": true, of type Edm.String and retrievable';
  if (keys.length === 0) return [{ path: "fields", problem: "no key field", expected }];
  const out: Violation[] = keys.slice(1).map((f) => ({
    path: `${f.at}.key`,
    problem: `a second key field (the first is ${keys[0]!.at})`,
    expected,
  }));
  for (const f of keys) {
    if (!f.topLevel) out.push({ path: `${f.at}.key`, problem: "a sub-field is the key", expected });
    if (f.type !== STRING)
      out.push({ path: `${f.at}.type`, problem: `the key field is ${f.type}`, expected: `${STRING} (${expected})` });
    if (f.field.retrievable === false)
      out.push({ path: `${f.at}.retrievable`, problem: "the key field is not retrievable", expected: "true" });
  }
  return out;
}

const COMPLEX_NULL = [
  "key",
  "retrievable",
  "searchable",
  "filterable",
  "sortable",
  "facetable",
  "analyzer",
  "searchAnalyzer",
  "indexAnalyzer",
  "normalizer",
] as const;

/** What a complex field may not carry: attributes are its sub-fields'. */
function complexAttributes(f: IndexField): Violation[] {
  const set = COMPLEX_NULL.filter((a) => f.field[a] !== undefined && f.field[a] !== null);
  const synonyms = Array.isArray(f.field.synonymMaps) && f.field.synonymMaps.length > 0 ? ["synonymMaps"] : [];
  return [...set, ...synonyms].map((a) => ({
    path: `${f.at}.${a}`,
    problem: `${a} is ${JSON.stringify(f.field[a])} on a complex field`,
    expected: `null or left out (the attributes of a complex field are its sub-fields')`,
  }));
}

/** The attributes a simple field's type does not allow. */
function simpleAttributes(f: IndexField): Violation[] {
  const out: Violation[] = [];
  const on = (a: string) => f.field[a] === true;
  if (on("searchable") && f.element !== STRING)
    out.push({
      path: `${f.at}.searchable`,
      problem: `a ${f.type} field is searchable`,
      expected: "false: only Edm.String and Collection(Edm.String) fields are searchable",
    });
  if (on("sortable") && f.multiValued)
    out.push({
      path: `${f.at}.sortable`,
      problem: `a multi-valued field (${f.type}) is sortable`,
      expected: "false: collections and the sub-fields of complex collections cannot be sortable",
    });
  if (on("facetable") && f.element === "Edm.GeographyPoint")
    out.push({
      path: `${f.at}.facetable`,
      problem: "an Edm.GeographyPoint field is facetable",
      expected: "false: geography points cannot be facetable",
    });
  if (f.field.stored === false && f.field.dimensions == null)
    out.push({
      path: `${f.at}.stored`,
      problem: "a field that is not a vector field is not stored",
      expected: "true: only vector fields can set stored to false",
    });
  if (Array.isArray(f.field.synonymMaps) && f.field.synonymMaps.length > 0 && f.attributes.searchable !== true)
    out.push({
      path: `${f.at}.synonymMaps`,
      problem: "synonym maps on a field that is not searchable",
      expected: "[] (synonym maps apply to searchable fields only)",
    });
  return out;
}

/** Per type: searchable only for strings, sortable only single-valued, no facets on points, complex fields bare. */
function attributesForType(index: JsonObject): Violation[] {
  return indexFields(index).flatMap((f) => (f.element === COMPLEX ? complexAttributes(f) : simpleAttributes(f)));
}

export const FIELD_RULES: readonly Rule<JsonObject>[] = [
  { id: "field-names-unique", source: SOURCES.searchField, check: uniqueFieldNames },
  { id: "one-key-string", source: SOURCES.searchField, check: oneKey },
  { id: "attributes-for-type", source: SOURCES.dataTypes, check: attributesForType },
];
