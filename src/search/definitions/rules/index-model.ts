// An index definition as the rules read it: every field (sub-fields of complex fields as `parent/child`, the
// service's path syntax) with where it sits in the file, its element type and whether it is multi-valued. Pure.
import { effectiveAttributes } from "../field-attributes.js";
import type { JsonObject } from "../json.js";

export interface IndexField {
  /** `title`, or `address/city` for a sub-field. */
  name: string;
  /** `fields[1] (title)`, `fields[4] (address).fields[0] (city)`. */
  at: string;
  field: JsonObject;
  type: string;
  /** The type inside `Collection(…)`, or the type. */
  element: string;
  /** In a collection, or under a complex collection (multi-valued). */
  multiValued: boolean;
  topLevel: boolean;
  /** The field's attributes, an omitted one at the REST default the service applies. */
  attributes: JsonObject;
}

export const STRING = "Edm.String";
export const COMPLEX = "Edm.ComplexType";

export const list = (value: unknown): JsonObject[] =>
  Array.isArray(value) ? value.filter((v): v is JsonObject => v !== null && typeof v === "object") : [];

function elementOf(type: string): string {
  const m = /^Collection\((.+)\)$/.exec(type);
  return m ? m[1]! : type;
}

/** `fields[1] (title)`: an array item by index and, when it has one, by name. */
export function item(base: string, index: number, name?: unknown): string {
  return `${base}[${index}]${typeof name === "string" ? ` (${name})` : ""}`;
}

/** Every field of the index, depth first, in file order. */
export function indexFields(index: JsonObject): IndexField[] {
  const out: IndexField[] = [];
  const walk = (fields: JsonObject[], at: string, parent: string | null, multi: boolean) =>
    fields.forEach((field, i) => {
      const type = typeof field.type === "string" ? field.type : "";
      const element = elementOf(type);
      const name = parent === null ? String(field.name) : `${parent}/${String(field.name)}`;
      const where = item(at ? `${at}.fields` : "fields", i, field.name);
      const multiValued = multi || element !== type;
      const attributes = effectiveAttributes(field);
      out.push({ name, at: where, field, type, element, multiValued, topLevel: parent === null, attributes });
      if (element === COMPLEX) walk(list(field.fields), where, name, multiValued);
    });
  walk(list(index.fields), "", null, false);
  return out;
}

/** A searchable Edm.String or Collection(Edm.String) field (what weights, semantic fields and suggesters need). */
export function isSearchableText(f: IndexField): boolean {
  return f.element === STRING && f.attributes.searchable === true;
}

/** Names of the items of one of the index's lists (`analyzers`, `tokenFilters`, `scoringProfiles`, …). */
export function namesIn(index: JsonObject, key: string): string[] {
  return list(index[key])
    .map((d) => d.name)
    .filter((n): n is string => typeof n === "string");
}

/** Why a field is not searchable text: `the field "path" is not searchable`, `the field "size" is Edm.Int64`. */
export function notSearchableText(f: IndexField): string {
  const name = JSON.stringify(f.name);
  return f.element === STRING ? `the field ${name} is not searchable` : `the field ${name} is ${f.type}, not text`;
}
