// What the gate compares: an OpenAPI description rewritten into the one shape that means the same thing however it
// was written, so that two equivalent descriptions have no differences. Two rewrites:
// - parameters declared on a path item are merged into each of its operations (an operation's own declaration of
//   the same name and location overrides the path item's, as OpenAPI says), and the path item's list dropped;
//   api-smart-diff otherwise reports a re-declared parameter as added, and a moved one as removed;
// - allOf compositions are merged into one schema (allof-merge, api-smart-diff's own merger), so that moving a
//   property between the members of an allOf changes nothing, and a required name can be checked against every
//   property the composed schema has.
// Pure: the input is not modified (api-smart-diff itself mutates what it is given: pass it this function's output).
import { merge } from "allof-merge";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** The node a local `$ref` (`#/components/...`) points at. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .reduce<unknown>(
      (node, key) => (isObject(node) ? node[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined),
      doc,
    );
}

/** A parameter's identity: its location and name (header names are case-insensitive). */
function parameterKey(doc: Json, parameter: unknown): string | undefined {
  const resolved =
    isObject(parameter) && typeof parameter.$ref === "string" ? resolvePointer(doc, parameter.$ref) : parameter;
  if (!isObject(resolved) || typeof resolved.name !== "string" || typeof resolved.in !== "string") return undefined;
  return `${resolved.in}:${resolved.in === "header" ? resolved.name.toLowerCase() : resolved.name}`;
}

function mergePathItemParameters(doc: Json): void {
  if (!isObject(doc.paths)) return;
  for (const item of Object.values(doc.paths)) {
    if (!isObject(item) || !Array.isArray(item.parameters)) continue;
    const inherited = item.parameters as unknown[];
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const own = Array.isArray(operation.parameters) ? (operation.parameters as unknown[]) : [];
      const overridden = new Set(own.map((p) => parameterKey(doc, p)));
      const parameters = [...inherited.filter((p) => !overridden.has(parameterKey(doc, p))), ...own];
      if (parameters.length > 0) operation.parameters = parameters;
    }
    delete item.parameters;
  }
}

/** What this module returned: normalizing it again would change nothing, so it is returned as it is. */
const normalized = new WeakSet<object>();

/** `description` in the shape the gate compares (a new object; `description` is left as it was). */
export function normalizeDescription(description: unknown): unknown {
  if (!isObject(description) || normalized.has(description)) return description;
  const doc = structuredClone(description);
  mergePathItemParameters(doc);
  // allof-merge reports what it cannot merge (contradictory members) and leaves those keywords as they are.
  const result = merge(doc, { mergeRefSibling: false, onMergeError: () => undefined });
  if (isObject(result)) normalized.add(result);
  return result;
}
