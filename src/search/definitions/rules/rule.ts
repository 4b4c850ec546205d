// A definition rule of the service, checked before any read of it: one id, the page that documents it, and a
// check that returns where the definition breaks it and what is expected there. The tables of rules are in this
// folder (one concern a file: fields, analysis, scoring, semantic and suggesters, the indexer, the knowledge
// objects); check-definitions.ts runs them. Pure.
import { closestName } from "../../../text/closest-name.js";

/** One place a definition breaks a rule: the JSON path, what is there, what the service expects. */
export interface Violation {
  /** `scoringProfiles[0] (docs-default).text.weights.titel`: array items by index and name. */
  path: string;
  /** What the definition holds there: `no field "titel" in the index`. */
  problem: string;
  /** What the service accepts there: `a searchable field: app, content, …`. */
  expected: string;
  /** The near name meant, for a misspelt reference. */
  suggestion?: string;
}

export interface Rule<Subject> {
  /** Stable and short: names the rule in messages, docs and tests. */
  id: string;
  /** The documentation page that states the rule (api-version 2026-04-01). */
  source: string;
  check(subject: Subject): Violation[];
}

/** A reference to a name that is not there: the names it may take, with the nearest as a suggestion. */
export function unknownName(
  path: string,
  what: string,
  name: string,
  expected: string,
  known: Iterable<string>,
): Violation {
  const suggestion = closestName(name, known);
  return { path, problem: `no ${what} ${JSON.stringify(name)}`, expected, ...(suggestion ? { suggestion } : {}) };
}

/** `a, b, c` or `a, b, … (12 in all)`: a list of choices short enough for one line. */
export function choices(names: readonly string[], max = 8): string {
  if (names.length === 0) return "(none)";
  return names.length <= max ? names.join(", ") : `${names.slice(0, max).join(", ")}, … (${names.length} in all)`;
}

/** Pages the rules cite (Microsoft Learn; the REST reference is api-version 2026-04-01). */
export const SOURCES = {
  searchField: "https://learn.microsoft.com/rest/api/searchservice/indexes/create#searchfield",
  dataTypes: "https://learn.microsoft.com/rest/api/searchservice/supported-data-types",
  customAnalyzers: "https://learn.microsoft.com/azure/search/index-add-custom-analyzers",
  analyzers: "https://learn.microsoft.com/azure/search/search-analyzers",
  languageAnalyzers: "https://learn.microsoft.com/azure/search/index-add-language-analyzers",
  normalizers: "https://learn.microsoft.com/azure/search/search-normalizers",
  scoringProfiles: "https://learn.microsoft.com/azure/search/index-add-scoring-profiles",
  limits: "https://learn.microsoft.com/azure/search/search-limits-quotas-capacity",
  semantic: "https://learn.microsoft.com/azure/search/semantic-how-to-configure",
  suggesters: "https://learn.microsoft.com/azure/search/index-add-suggesters",
  fieldMappings: "https://learn.microsoft.com/azure/search/search-indexer-field-mappings",
  createIndexer: "https://learn.microsoft.com/rest/api/searchservice/indexers/create",
  knowledgeSource: "https://learn.microsoft.com/azure/search/agentic-knowledge-source-how-to-search-index",
  knowledgeBase: "https://learn.microsoft.com/azure/search/agentic-retrieval-how-to-create-knowledge-base",
} as const;
