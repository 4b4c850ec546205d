// Value facets (`facets: ["repo", "format,count:5"]`) over the filtered, matched documents: counts per value,
// most frequent first, default 10 buckets; nulls are not counted; only facetable fields. Interval/range facets
// and `sort:` options are not emulated.
import { ServiceError } from "../http.js";
import type { IndexSchema } from "./schema.js";

export interface FacetSpec {
  field: string;
  count: number;
}

export function parseFacets(specs: string[] | undefined, schema: IndexSchema): FacetSpec[] {
  return (specs ?? []).map((spec) => {
    const [name = "", ...options] = spec.split(",").map((s) => s.trim());
    const field = schema.fields.get(name);
    const bad = (detail: string) => new ServiceError(400, "", `Invalid expression: ${detail}\r\nParameter name: facet`);
    if (!field) throw bad(`Could not find a property named '${name}' on type 'search.document'.`);
    if (!field.facetable) throw bad(`The field '${name}' is not facetable.`);
    let count = 10;
    for (const option of options) {
      const m = /^count:(\d+)$/.exec(option);
      if (!m) throw bad(`The facet option '${option}' is not supported by the local stand-in (only count:N).`);
      count = Number(m[1]);
    }
    return { field: name, count };
  });
}

export function computeFacets(
  specs: FacetSpec[],
  documents: Record<string, unknown>[],
): Record<string, { value: unknown; count: number }[]> {
  const out: Record<string, { value: unknown; count: number }[]> = {};
  for (const { field, count } of specs) {
    const counts = new Map<unknown, number>();
    for (const doc of documents) {
      const raw = doc[field];
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        if (value === null || value === undefined) continue;
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
    }
    out[field] = [...counts]
      .sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])))
      .slice(0, count)
      .map(([value, n]) => ({ value, count: n }));
  }
  return out;
}
