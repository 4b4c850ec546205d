// The canonical text of a definition file: what reviewers diff. Objects list a few identifying keys first
// (`@odata.type`, `name`, `type`, `key`, `sourceFieldName`, `targetFieldName`) and the rest alphabetically;
// arrays keep their order (it is meaningful: semantic priorities, field order). 2-space indent, trailing newline.
const LEADING_KEYS = ["@odata.type", "name", "type", "key", "sourceFieldName", "targetFieldName"];

function compareKeys(a: string, b: string): number {
  const ia = LEADING_KEYS.indexOf(a);
  const ib = LEADING_KEYS.indexOf(b);
  if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A deep copy with object keys in canonical order. */
function canonicalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalise);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort(compareKeys))
      out[key] = canonicalise((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** The canonical file text for a JSON value. */
export function canonicalJson(value: unknown): string {
  return `${JSON.stringify(canonicalise(value), null, 2)}\n`;
}
