// The keys a zod object schema declares at a path of a config document (`webhook_app.gateway_auth`), through
// optionals, defaults, pipes and arrays: the vocabulary for "did you mean" on a misspelt vars.yml key. Pure.
import type { z } from "zod";

interface Def {
  type?: string;
  innerType?: unknown;
  element?: unknown;
  in?: unknown;
  shape?: Record<string, unknown>;
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Unwraps optional/default/nullable/pipe/array wrappers down to the schema that holds the value's own shape. */
function unwrap(schema: unknown): unknown {
  for (let node = schema; ;) {
    const def = defOf(node);
    if (def?.innerType) node = def.innerType;
    else if (def?.type === "array") node = def.element;
    else if (def?.type === "pipe") node = def.in;
    else return node;
  }
}

/** The schema at `path` (numeric segments step into arrays), or undefined when the schema has no such key. */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): unknown {
  let node: unknown = schema;
  for (const key of path) {
    if (typeof key === "number") continue; // the array's element: unwrap() steps into it
    node = defOf(unwrap(node))?.shape?.[String(key)];
    if (node === undefined) return undefined;
  }
  return node;
}

/** The keys declared at `path` (an empty list when it is not an object schema). */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const node = schemaAt(schema, path);
  return Object.keys(defOf(unwrap(node))?.shape ?? {});
}
