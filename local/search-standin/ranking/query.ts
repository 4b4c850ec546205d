// The simple query syntax, reduced to what the stand-in emulates: terms, "phrases", prefix `term*`,
// `+required`, `-excluded`, `*` (or empty) for everything; searchMode any/all. Terms are analysed with the
// `standard` analyzer (ranking/analyzer.ts), as the service analyses query terms with the field's analyzer.
import { analyze } from "./analyzer.js";

export interface QueryClause {
  /** One term, or the terms of a phrase (in order). */
  terms: string[];
  prefix: boolean;
  occur: "should" | "must" | "mustNot";
}

export interface ParsedQuery {
  matchAll: boolean;
  clauses: QueryClause[];
}

export function parseQuery(search: string | undefined, searchMode: "any" | "all" = "any"): ParsedQuery {
  const text = (search ?? "").trim();
  if (text === "" || text === "*") return { matchAll: true, clauses: [] };
  const clauses: QueryClause[] = [];
  const re = /([+-]?)(?:"([^"]*)"|([^\s"]+))/g;
  for (const m of text.matchAll(re)) {
    const sign = m[1];
    const raw = m[2] ?? m[3] ?? "";
    if (raw === "|" || raw === "&") continue;
    const prefix = m[3] !== undefined && raw.endsWith("*") && raw.length > 1;
    const terms = analyze(raw);
    if (terms.length === 0) continue;
    const occur = sign === "-" ? "mustNot" : sign === "+" || searchMode === "all" ? "must" : "should";
    if (m[2] === undefined && terms.length > 1) {
      // An unquoted token the analyzer splits (e.g. "foo-bar") behaves as several terms.
      for (const [i, term] of terms.entries())
        clauses.push({ terms: [term], prefix: prefix && i === terms.length - 1, occur });
    } else {
      clauses.push({ terms, prefix, occur });
    }
  }
  if (clauses.length > 0 && clauses.every((c) => c.occur === "mustNot")) return { matchAll: true, clauses };
  return { matchAll: false, clauses };
}
