// The golden queries as the index being evaluated can answer them. An index built before a field existed (the
// live index before a deploy adds `description`, `format`, `section`) refuses a request that selects or filters
// on it ("Could not find a property named …"), yet every document holds null there, exactly as in the newer
// index until a backfill. So the eval selects only the fields the index has and judges each filter clause on a
// missing field as null: a clause that holds for null (`format eq null or format eq '.html'`, `section ne 'x'`,
// `not search.in(section, …)`) restricts nothing and is left out; one that fails for null (`repo eq 'x'`) leaves
// the query no answer. Pure.
import type { SearchDocsRequest } from "../query/search-docs/request.js";
import { andFilters } from "../query/common/filters.js";

export interface AnswerableRequest {
  /** The request narrowed to the index's fields; undefined when the index can return nothing for it. */
  request: SearchDocsRequest | undefined;
  /** What was changed and why, for the query's notes. */
  notes: string[];
}

const COMPARISON = /^\(?\s*(\w+) (eq|ne) (null|'(?:[^']|'')*')\s*\)?$/;
const NOT_SEARCH_IN = /^not search\.in\((\w+), '(?:[^']|'')*'(?:, '(?:[^']|'')*')?\)$/;

/** `a or b or c` split outside string literals. */
function disjuncts(clause: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < clause.length; i++) {
    if (clause[i] === "'") quoted = !quoted;
    else if (!quoted && clause.startsWith(" or ", i)) {
      parts.push(clause.slice(start, i));
      start = i + 4;
      i += 3;
    }
  }
  parts.push(clause.slice(start));
  return parts;
}

/**
 * The clause's value when every field it names is missing from the index (so null in every document), or
 * undefined when it names a field the index has or has a shape this does not judge (it is then sent as it is).
 */
export function clauseWhenNull(clause: string, missing: ReadonlySet<string>): boolean | undefined {
  // `search.in` on null is false, so `not search.in(field, …)` holds for null.
  const notIn = NOT_SEARCH_IN.exec(clause.trim());
  if (notIn) return missing.has(notIn[1]!) ? true : undefined;
  let value = false;
  for (const part of disjuncts(clause)) {
    const m = COMPARISON.exec(part.trim());
    if (!m || !missing.has(m[1]!)) return undefined;
    const [equal, againstNull] = [m[2] === "eq", m[3] === "null"];
    value ||= equal === againstNull;
  }
  return value;
}

/** Fields a clause names (identifiers before a comparison operator). */
function fieldsOf(clause: string): string[] {
  const unquoted = clause.replace(/'(?:[^']|'')*'/g, "''");
  return [...unquoted.matchAll(/(\w+) (?:eq|ne|gt|ge|lt|le) |search\.in\((\w+),/g)].map((m) => (m[1] ?? m[2])!);
}

/** `request` narrowed to what an index with `fields` can answer. */
export function answerableRequest(request: SearchDocsRequest, fields: ReadonlySet<string>): AnswerableRequest {
  const notes: string[] = [];
  const select = request.options.select as string[] | undefined;
  const kept = select?.filter((f) => fields.has(f));
  if (select && kept && kept.length < select.length)
    notes.push(`selected only the fields the index has (not ${select.filter((f) => !fields.has(f)).join(", ")})`);
  const clauses: string[] = [];
  for (const clause of request.clauses) {
    const missing = new Set(fieldsOf(clause).filter((f) => !fields.has(f)));
    const value = missing.size > 0 ? clauseWhenNull(clause, missing) : undefined;
    if (value === undefined) clauses.push(clause);
    else if (value)
      notes.push(
        `left out ${clause}: the index has no field ${[...missing].join(", ")}, so it holds for every document`,
      );
    else {
      notes.push(`no answer: the index has no field ${[...missing].join(", ")}, so ${clause} holds for no document`);
      return { request: undefined, notes };
    }
  }
  const filter = andFilters(clauses);
  const options = { ...request.options, ...(kept ? { select: kept } : {}), filter };
  if (filter === undefined) delete options.filter;
  const highlight = typeof options.highlightFields === "string" ? options.highlightFields : undefined;
  if (highlight && !highlight.split(",").every((f) => fields.has(f.trim()))) delete options.highlightFields;
  return { request: { ...request, options, clauses, filter: filter ?? "" }, notes };
}
