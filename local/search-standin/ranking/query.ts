// The simple query syntax, reduced to what the stand-in emulates: terms, "phrases", prefix `term*`,
// `+required`, `-excluded`, `*` (or empty) for everything; searchMode any/all. A clause keeps its text: it is
// analysed per field with the field's search analyzer (ranking/analyzers.ts) when ranked, as the service
// analyses query terms. A prefix term is not analysed, only lowercased (partial terms are not analysed).
import type { Analyzer } from "./analyzers.js";

export interface QueryClause {
  text: string;
  quoted: boolean;
  prefix: boolean;
  occur: "should" | "must" | "mustNot";
}

export interface ParsedQuery {
  matchAll: boolean;
  clauses: QueryClause[];
  /** How the parts of one clause the analyzer splits (`foo-bar`, `maxRetries`) combine: searchMode. */
  searchMode: "any" | "all";
}

/** What one clause searches in one field: term groups in order (terms of one group share a position). */
export interface AnalysedClause {
  groups: { offset: number; terms: string[] }[];
  /** The last group matches terms starting so. */
  prefix: boolean;
}

export function parseQuery(search: string | undefined, searchMode: "any" | "all" = "any"): ParsedQuery {
  const text = (search ?? "").trim();
  if (text === "" || text === "*") return { matchAll: true, clauses: [], searchMode };
  const clauses: QueryClause[] = [];
  const re = /([+-]?)(?:"([^"]*)"|([^\s"]+))/g;
  for (const m of text.matchAll(re)) {
    const sign = m[1];
    const raw = m[2] ?? m[3] ?? "";
    const prefix = m[3] !== undefined && raw.endsWith("*") && raw.length > 1;
    const body = prefix ? raw.slice(0, -1) : raw;
    if (!/[\p{L}\p{N}]/u.test(body)) continue;
    const occur = sign === "-" ? "mustNot" : sign === "+" || searchMode === "all" ? "must" : "should";
    clauses.push({ text: body, quoted: m[2] !== undefined, prefix, occur });
  }
  if (clauses.length > 0 && clauses.every((c) => c.occur === "mustNot")) return { matchAll: true, clauses, searchMode };
  return { matchAll: false, clauses, searchMode };
}

/** A clause as a field's search analyzer sees it. */
export function analyseClause(clause: QueryClause, analyzer: Analyzer): AnalysedClause {
  if (clause.prefix) return { groups: [{ offset: 0, terms: [clause.text.toLowerCase()] }], prefix: true };
  const groups: AnalysedClause["groups"] = [];
  const tokens = analyzer.analyze(clause.text);
  const first = tokens[0]?.position ?? 0;
  for (const t of tokens) {
    const offset = t.position - first;
    const last = groups[groups.length - 1];
    if (last?.offset === offset) {
      if (!last.terms.includes(t.term)) last.terms.push(t.term);
    } else groups.push({ offset, terms: [t.term] });
  }
  return { groups, prefix: false };
}
