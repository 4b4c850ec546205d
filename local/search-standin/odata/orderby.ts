// `$orderby`, `$select` and `searchFields` lists, checked against the schema (reference §8: at most 32
// `$orderby` clauses; only sortable fields sort; `search.score()` sorts by relevance).
import type { FieldInfo, IndexSchema } from "../documents/schema.js";
import { ODataError } from "./lexer.js";

export type OrderClause = { by: "score"; descending: boolean } | { by: "field"; field: FieldInfo; descending: boolean };

export function parseOrderBy(text: string, schema: IndexSchema): OrderClause[] {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length > 32) throw new ODataError("The $orderby expression has more than 32 clauses.", "$orderby");
  return parts.map((part) => {
    const m = /^(search\.score\(\)|[A-Za-z_][A-Za-z0-9_]*)(?:\s+(asc|desc))?$/.exec(part);
    if (!m) throw new ODataError(`Syntax error in '${part}' in '${text}'.`, "$orderby");
    const descending = m[2] === "desc";
    if (m[1] === "search.score()") return { by: "score", descending };
    const field = schema.fields.get(m[1]!);
    if (!field)
      throw new ODataError(`Could not find a property named '${m[1]}' on type 'search.document'.`, "$orderby");
    if (!field.sortable)
      throw new ODataError(
        `The field '${field.name}' is not sortable. Only sortable fields can be used in $orderby.`,
        "$orderby",
      );
    return { by: "field", field, descending };
  });
}

/** Compares two documents by the clauses; nulls sort first ascending, last descending. */
export function compareBy(
  clauses: OrderClause[],
  a: { doc: Record<string, unknown>; score: number },
  b: { doc: Record<string, unknown>; score: number },
): number {
  for (const clause of clauses) {
    let cmp: number;
    if (clause.by === "score") cmp = a.score - b.score;
    else {
      const x = normalise(a.doc[clause.field.name], clause.field.type);
      const y = normalise(b.doc[clause.field.name], clause.field.type);
      cmp = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
    }
    if (cmp !== 0) return clause.descending ? -cmp : cmp;
  }
  return 0;
}

function normalise(value: unknown, type: string): number | string | boolean | null {
  if (value === null || value === undefined) return null;
  if (type === "Edm.DateTimeOffset") return Date.parse(String(value));
  return value as number | string | boolean;
}

/** `$select` (or the SDK's "*"): retrievable fields only; an unknown name is a 400. */
export function parseSelect(text: string | undefined, schema: IndexSchema): FieldInfo[] {
  const retrievable = [...schema.fields.values()].filter((f) => f.retrievable);
  if (text === undefined || text.trim() === "" || text.trim() === "*") return retrievable;
  return text.split(",").map((raw) => {
    const name = raw.trim();
    const field = schema.fields.get(name);
    if (!field) throw new ODataError(`Could not find a property named '${name}' on type 'search.document'.`, "$select");
    if (!field.retrievable) throw new ODataError(`The field '${name}' is not retrievable.`, "$select");
    return field;
  });
}

/** `searchFields`: searchable fields only; default all searchable fields. */
export function parseSearchFields(text: string | undefined, schema: IndexSchema): FieldInfo[] {
  const searchable = [...schema.fields.values()].filter((f) => f.searchable);
  if (text === undefined || text.trim() === "") return searchable;
  return text.split(",").map((raw) => {
    const name = raw.trim();
    const field = schema.fields.get(name);
    if (!field)
      throw new ODataError(`Could not find a property named '${name}' on type 'search.document'.`, "searchFields");
    if (!field.searchable)
      throw new ODataError(`The field '${name}' in searchFields is not searchable.`, "searchFields");
    return field;
  });
}
