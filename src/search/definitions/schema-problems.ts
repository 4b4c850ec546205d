// The service's JSON Schema findings on a definition file, as lines a person can act on:
//   fields[3] (region): unknown property "serchable" (did you mean "searchable"?)
//   fields[4] (path).type: "Edm.Integer64" is not one of the allowed values; expected Edm.String, …
//     (did you mean "Edm.Int64"?)
//   scoringProfiles[0] (docs-default).text.weights.app: "2" is a string; expected a number (write 2, without quotes)
// Pure: takes the validator's errors (Ajv's shape, no Ajv import) and the property names the schema knows.
import { closestName } from "../../text/closest-name.js";
import type { JsonObject } from "./json.js";

/** The part of an Ajv ErrorObject this module reads. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Every property name declared anywhere in a JSON Schema (the vocabulary for "did you mean"). */
export function schemaPropertyNames(schema: unknown): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "properties" && value && typeof value === "object")
        for (const name of Object.keys(value)) names.add(name);
      walk(value);
    }
  };
  walk(schema);
  return names;
}

function segmentsOf(instancePath: string): string[] {
  return instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The value at a JSON Pointer in the document (undefined when there is none). */
function valueAt(document: unknown, instancePath: string): unknown {
  let node: unknown = document;
  for (const segment of segmentsOf(instancePath)) node = (node as Record<string, unknown> | undefined)?.[segment];
  return node;
}

/** `fields[3] (region).type` for `/fields/3/type`: array items by index and, when they have one, by name. */
export function describeLocation(document: unknown, instancePath: string): string {
  let node: unknown = document;
  let where = "";
  for (const segment of segmentsOf(instancePath)) {
    node = (node as Record<string, unknown> | undefined)?.[segment];
    if (/^\d+$/.test(segment)) {
      const named = (node as JsonObject | undefined)?.name;
      where += `[${segment}]${typeof named === "string" ? ` (${named})` : ""}`;
    } else where += `${where ? "." : ""}${segment}`;
  }
  return where;
}

/** `a string`, `a number`, `null`, `an array`: what a value is, for a type mismatch. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** A type mismatch named plainly: `"2" is a string; expected a number (write 2, without quotes)`. */
function typeMismatch(value: unknown, expected: unknown): string {
  const wanted = String(expected)
    .split(",")
    .map((t) => (t === "integer" ? "a whole number" : t === "object" || t === "array" ? `an ${t}` : `a ${t}`))
    .join(" or ");
  const unquote =
    typeof value === "string" &&
    value.trim() !== "" &&
    !Number.isNaN(Number(value)) &&
    /number|integer/.test(String(expected))
      ? ` (write ${value}, without quotes)`
      : "";
  return `${JSON.stringify(value)} is ${kindOf(value)}; expected ${wanted}${unquote}`;
}

/** One finding's words, without its place. */
function wording(document: unknown, e: SchemaError, patternAlso: boolean): string {
  const value = valueAt(document, e.instancePath);
  if (e.keyword === "type") return typeMismatch(value, e.params.type);
  if (e.keyword === "enum") {
    const allowed = ((e.params.allowedValues as unknown[] | undefined) ?? []).map(String);
    const suggestion = typeof value === "string" ? closestName(value, allowed) : undefined;
    return (
      `${JSON.stringify(value)} is not one of the allowed values; expected ${allowed.join(", ")}` +
      `${patternAlso ? " or Collection(<one of them>)" : ""}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`
    );
  }
  return e.message ?? e.keyword;
}

/** Ajv's noise: the branches of a oneOf/anyOf, and the `null` branch of a nullable value that holds another error. */
function isNoise(e: SchemaError, all: readonly SchemaError[]): boolean {
  if (["oneOf", "anyOf", "allOf", "if", "then", "else", "not"].includes(e.keyword)) return true;
  const nullBranch = e.keyword === "type" && e.params.type === "null";
  if (nullBranch && all.some((o) => o !== e && (o.instancePath + "/").startsWith(e.instancePath + "/"))) return true;
  // A type name that fails both the list of names and the `Collection(…)` pattern: the enum's line says both.
  return e.keyword === "pattern" && all.some((o) => o.keyword === "enum" && o.instancePath === e.instancePath);
}

/**
 * One line per finding, without the file name. Unknown properties first (with a suggestion); the branch noise of
 * oneOf/anyOf/allOf is left out when a more specific finding exists.
 */
export function schemaProblems(document: unknown, errors: readonly SchemaError[], vocabulary: Set<string>): string[] {
  const lines = new Set<string>();
  const unknown = errors.filter((e) => e.keyword === "unevaluatedProperties" || e.keyword === "additionalProperties");
  for (const e of unknown) {
    const property = String(e.params.unevaluatedProperty ?? e.params.additionalProperty);
    const suggestion = closestName(property, vocabulary);
    const where = describeLocation(document, e.instancePath);
    lines.add(
      `${where ? `${where}: ` : ""}unknown property "${property}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`,
    );
  }
  const others = errors.filter((e) => !unknown.includes(e) && !isNoise(e, errors));
  for (const e of others.length > 0 || unknown.length > 0 ? others : errors) {
    const where = describeLocation(document, e.instancePath);
    const patternAlso = errors.some((o) => o.keyword === "pattern" && o.instancePath === e.instancePath);
    lines.add(`${where ? `${where}: ` : ""}${wording(document, e, patternAlso)}`);
  }
  return [...lines];
}
