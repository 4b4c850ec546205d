// OData `$filter` building for docs-index queries (spec area C, "Query filters" and "Filter rules").
// Every filter here is meant to be sent on the search request itself, never applied to results after top-k.
// Pure; imported by the query command and by anything else that queries the index.
import { dedupFilter, type DedupMode } from "../../dedup/filter.js";

/** An OData string literal: single-quoted, with every `'` doubled. */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** `repo eq '<app>'`: restrict to an app (`repo` is the filterable copy of `app`, rule 1). */
export function appFilter(app: string): string {
  return `repo eq ${odataString(app)}`;
}

/** `section ne '<section>'`: true for null, so documents not yet reprocessed stay in. */
function excludeSectionFilter(section: string): string {
  return `section ne ${odataString(section)}`;
}

/** `section eq '<section>'`: works, but silently drops every document whose `section` is still null. */
function includeSectionFilter(section: string): string {
  return `section eq ${odataString(section)}`;
}

/** Why an inclusion filter on section is a trap, worded once: the CLI warns with it, MCP tools refuse with it. */
export const SECTION_INCLUSION_RISK =
  "an inclusion filter on section (section eq '…') silently excludes every document not reprocessed since section was added (their section is null)";

export const INCLUDE_SECTION_WARNING = `${SECTION_INCLUSION_RISK}; prefer --exclude-section, or check \`docs-index coverage\` first`;

/** Why a path prefix cannot be filtered on: the rule's one wording (the CLI and the MCP tools refuse with it). */
export const PATH_PREFIX_IMPOSSIBLE =
  "path-prefix filtering is not possible on this index: the filter grammar has no string functions (no startswith/contains) and path is neither filterable nor searchable";

/**
 * The utility pages documentation generators publish at the top of a site (an app folder), which answer no
 * question: the 404 page, Sphinx's general index, Python module index and search page. Directly under an app
 * folder a page's `section` is its file name (spec area C, rule 2), so one clause on `section` keeps them out of
 * agents' answers; `search.in` on a null section is false, so documents not yet reprocessed stay in, as with
 * `section ne`. A page whose name is not here, or that sits deeper, is not caught: publishers keep such pages
 * (and `noindex` pages, whose robots tag the indexer does not extract) out of the index with the blob metadata
 * `AzureSearch_Skip=true` (docs/relevance.md).
 */
export const UTILITY_PAGES: readonly string[] = ["404.html", "genindex.html", "py-modindex.html", "search.html"];

/** `not search.in(section, '404.html,…')`: every page but the utility pages (true for a null section). */
export function utilityPagesFilter(): string {
  return `not search.in(section, ${odataString(UTILITY_PAGES.join(","))})`;
}

export interface QueryFilterOptions {
  app?: string;
  excludeSections?: readonly string[];
  /** Leave out the generators' utility pages ({@link UTILITY_PAGES}). */
  excludeUtilityPages?: boolean;
  /** Inclusion filter on section; allowed, with a warning. */
  section?: string;
  dedup: DedupMode;
}

export interface BuiltFilter {
  /** The request-level `$filter`, or undefined when nothing restricts the query. */
  filter: string | undefined;
  /** The clauses, in the order they were and-ed. */
  clauses: string[];
  warnings: string[];
}

/** And-s the clauses, each in parentheses so an `or` inside one cannot leak into the others. */
export function andFilters(clauses: readonly string[]): string | undefined {
  if (clauses.length === 0) return undefined;
  if (clauses.length === 1) return clauses[0];
  return clauses.map((c) => `(${c})`).join(" and ");
}

/**
 * The one composition of the request-level `$filter`: app, section inclusion, excluded sections (deduplicated),
 * the utility pages, then the dedup filter, in that order. Used by `docs-index query` and, through {@link
 * agentQueryFilter}, by
 * search_docs, retrieve_docs, `docs-index retrieve` and the relevance evaluation.
 */
export function buildQueryFilter(options: QueryFilterOptions): BuiltFilter {
  const clauses: string[] = [];
  const warnings: string[] = [];
  if (options.app !== undefined) clauses.push(appFilter(options.app));
  if (options.section !== undefined) {
    clauses.push(includeSectionFilter(options.section));
    warnings.push(INCLUDE_SECTION_WARNING);
  }
  for (const section of new Set(options.excludeSections ?? [])) clauses.push(excludeSectionFilter(section));
  if (options.excludeUtilityPages) clauses.push(utilityPagesFilter());
  const dedup = dedupFilter(options.dedup);
  if (dedup !== undefined) clauses.push(dedup);
  return { filter: andFilters(clauses), clauses, warnings };
}

/** What agents may restrict by: no section inclusion, and a dedup filter is always sent. */
export interface AgentFilterOptions {
  app?: string;
  excludeSections?: readonly string[];
  dedup: Exclude<DedupMode, "off">;
}

/**
 * The `$filter` (or `filterAddOn`) of every agent-facing request: {@link buildQueryFilter} with the utility pages
 * left out, never without dedup.
 */
export function agentQueryFilter(options: AgentFilterOptions): { filter: string; clauses: string[] } {
  const built = buildQueryFilter({
    app: options.app,
    excludeSections: options.excludeSections,
    excludeUtilityPages: true,
    dedup: options.dedup,
  });
  // The dedup clause is there for every mode but "off", which the type rules out, so the filter is never empty.
  return { filter: built.filter!, clauses: built.clauses };
}
