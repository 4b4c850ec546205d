// The service's JSON Schema findings on a definition file, as lines a person can act on:
//   fields[3] (region): unknown property "serchable" (did you mean "searchable"?)
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

/** `fields[3] (region)` for `/fields/3`: array indexes in brackets, the element's name when it has one. */
export function describeLocation(document: unknown, instancePath: string): string {
  const segments = instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: unknown = document;
  let where = "";
  let name: string | undefined;
  for (const segment of segments) {
    node = (node as Record<string, unknown> | undefined)?.[segment];
    where += /^\d+$/.test(segment) ? `[${segment}]` : `${where ? "." : ""}${segment}`;
    const named = (node as JsonObject | undefined)?.name;
    name = typeof named === "string" ? named : undefined;
  }
  return where ? `${where}${name ? ` (${name})` : ""}` : "";
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
  const branchNoise = new Set(["oneOf", "anyOf", "allOf", "if", "then", "else", "not"]);
  const others = errors.filter((e) => !unknown.includes(e) && !branchNoise.has(e.keyword));
  for (const e of others.length > 0 || unknown.length > 0 ? others : errors) {
    const where = describeLocation(document, e.instancePath);
    lines.add(`${where ? `${where}: ` : ""}${e.message ?? e.keyword}`);
  }
  return [...lines];
}
