// A contract error of its own (issue 26): a schema's `required` list naming something that is not one of its
// properties. It is not a breaking change (no client can send or read a property that does not exist) but a
// mistake in the description, typically a typo or a property renamed without its required entry. Checked on the
// fresh description after normalization (allOf merged), so a name required in one member of an allOf and declared
// in another is fine. A schema that allows other properties by a schema or `true` (a map) may require their keys.
import { normalizeDescription } from "./normalize.js";

export interface RequiredNameError {
  /** Where the schema is, e.g. `components.schemas.WidgetUpdate` or `paths./things.post.requestBody...schema`. */
  schema: string;
  name: string;
  message: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function walk(node: unknown, path: string[], found: RequiredNameError[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, [...path, String(i)], found));
    return;
  }
  if (!isObject(node)) return;
  const required = node.required;
  const allowsOthers = node.additionalProperties === true || isObject(node.additionalProperties);
  if (Array.isArray(required) && !allowsOthers && (isObject(node.properties) || node.type === "object")) {
    const properties = isObject(node.properties) ? node.properties : {};
    for (const name of required) {
      if (typeof name !== "string" || Object.hasOwn(properties, name)) continue;
      const schema = path.join(".");
      found.push({
        schema,
        name,
        message: `\`${name}\` is required by ${schema} but is not one of its properties (${
          Object.keys(properties)
            .map((p) => `\`${p}\``)
            .join(", ") || "it has none"
        }): fix the name or declare the property`,
      });
    }
  }
  for (const [key, value] of Object.entries(node)) {
    walk(value, [...path, key], found);
  }
}

/** Every required name in `description` that names no property of its schema. */
export function requiredNameErrors(description: unknown): RequiredNameError[] {
  const found: RequiredNameError[] = [];
  walk(normalizeDescription(description), [], found);
  return found;
}
