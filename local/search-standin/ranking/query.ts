// The simple query syntax, reduced to what the stand-in emulates: terms, "phrases", prefix `term*`,
// `+required`, `-excluded`, `\` escapes, `*` (or empty) for everything; searchMode any/all. A clause keeps its text: it
// is
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

/** Ends an unquoted term (unescaped): whitespace and the operators that can follow a term directly. */
const TERM_END = /[\s"|+()]/u;

/**
 * Reads the simple syntax as Lucene's SimpleQueryParser does for what is emulated: `\` makes the next character
 * part of the term (an escaped operator is text), `-` before a term negates it (twice cancels: `--help` is the
 * term `help`), `+` requires it, `"…"` is a phrase (`\"` inside it is a quote), a term ending in an unescaped
 * `*` is a prefix. `|` and parentheses separate terms (OR and grouping are not emulated).
 */
export function parseQuery(search: string | undefined, searchMode: "any" | "all" = "any"): ParsedQuery {
  const text = (search ?? "").trim();
  if (text === "" || text === "*") return { matchAll: true, clauses: [], searchMode };
  const clauses: QueryClause[] = [];
  let not = 0;
  let required = false;
  let i = 0;
  const push = (body: string, quoted: boolean, prefix: boolean) => {
    if (/[\p{L}\p{N}]/u.test(body)) {
      const occur = not % 2 === 1 ? "mustNot" : required || searchMode === "all" ? "must" : "should";
      clauses.push({ text: body, quoted, prefix, occur });
    }
    not = 0;
    required = false;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/u.test(c) || c === "|" || c === "(" || c === ")") {
      i++;
    } else if (c === "-") {
      not++;
      i++;
    } else if (c === "+") {
      required = true;
      i++;
    } else if (c === '"') {
      let body = "";
      for (i++; i < text.length && text[i] !== '"'; i++) body += text[i] === "\\" ? (text[++i] ?? "") : text[i];
      i++;
      push(body, true, false);
    } else {
      let body = "";
      let escapedLast = false;
      for (; i < text.length && !TERM_END.test(text[i]!); i++) {
        escapedLast = text[i] === "\\";
        body += escapedLast ? (text[++i] ?? "") : text[i];
      }
      const prefix = !escapedLast && body.length > 1 && body.endsWith("*");
      if (prefix) body = body.slice(0, -1);
      push(body, false, prefix);
    }
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
