// Which fields of an index definition can be counted (`$count` of the documents holding a value needs a
// filterable field) and the filter that counts them. Pure.
import type { JsonObject } from "../definitions/json.js";

export interface CountableField {
  name: string;
  /** Matches the documents holding a value: `f ne null`, or `f/any()` for a collection. */
  filter: string;
}

export function countableFields(index: JsonObject): { countable: CountableField[]; uncounted: string[] } {
  const countable: CountableField[] = [];
  const uncounted: string[] = [];
  for (const field of (index.fields as JsonObject[] | undefined) ?? []) {
    const name = String(field.name);
    const type = String(field.type);
    if (field.key === true || type.includes("ComplexType")) continue;
    if (field.filterable !== true) {
      uncounted.push(name);
      continue;
    }
    countable.push({ name, filter: type.startsWith("Collection(") ? `${name}/any()` : `${name} ne null` });
  }
  return { countable, uncounted };
}
