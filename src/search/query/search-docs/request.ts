// The search request agents send (the MCP tool `search_docs`, the relevance evaluation): typed parameters in,
// the SDK's search text and options out. Every filter clause comes from filters.ts (values quoted and escaped
// there); there is no way to pass raw OData. Pure.
import type { SearchOptions } from "@azure/search-documents";
import { agentQueryFilter, PATH_PREFIX_IMPOSSIBLE, SECTION_INCLUSION_RISK } from "../common/filters.js";
import type { DedupDecision } from "../../dedup/policy.js";
import { literalSearchText } from "./search-text.js";
import { SearchDocsRefusal } from "../refusal.js";

/** The parameters of `search_docs`, with the tool's names. */
export interface SearchDocsParams {
  query: string;
  /** Restrict to one app (`repo eq '<app>'`). */
  app?: string;
  /** Sections to leave out (`section ne '<s>'` each; documents with a null section stay). */
  exclude_sections?: readonly string[];
  /** Results wanted; default and cap from {@link SearchDocsLimits}. */
  top?: number;
  mode?: SearchMode;
  /** Refused: an inclusion filter on section silently drops unprocessed documents. */
  section?: unknown;
  /** Refused: path-prefix filtering is not possible on this index. */
  path_prefix?: unknown;
}

export type SearchMode = "keyword" | "semantic";

export interface SearchDocsLimits {
  /** Results when `top` is not given. */
  defaultTop: number;
  /** Larger `top` values are clamped to this (at most {@link MAX_TOP_CAP}). */
  topCap: number;
  /** Bound of each hit's snippet, in characters. */
  snippetChars: number;
}

/** The hard ceiling of the configurable cap. */
export const MAX_TOP_CAP = 50;
export const DEFAULT_SEARCH_DOCS_LIMITS: SearchDocsLimits = { defaultTop: 5, topCap: MAX_TOP_CAP, snippetChars: 600 };

/** The index's semantic configuration used by semantic mode (search-definitions/docs-index.json, `default`). */
const SEMANTIC_CONFIGURATION = "default";

/** The fields a `search_docs` hit is built from. */
export const SEARCH_DOCS_SELECT = [
  "id",
  "title",
  "description",
  "path",
  "app",
  "repo",
  "section",
  "format",
  "last_modified",
  "content",
];

/** Highlight markers: plain text (not HTML), so a snippet needs no markup handling. */
export const HIGHLIGHT_PRE = "**";
export const HIGHLIGHT_POST = "**";

export const SECTION_INCLUSION_REFUSAL = new SearchDocsRefusal(
  "section",
  `${SECTION_INCLUSION_RISK}, so results would be incomplete without any sign of it`,
  "leave out the sections you do not want with exclude_sections (section ne '…' keeps those documents), and/or restrict to an app with app; list_apps shows the sections seen per app",
);

export const PATH_PREFIX_REFUSAL = new SearchDocsRefusal(
  "path_prefix",
  PATH_PREFIX_IMPOSSIBLE,
  "restrict to an app with app (the first folder of the path) and leave out sections with exclude_sections; get_doc fetches one known page by its URL",
);

export interface SearchDocsRequest {
  searchText: string;
  options: SearchOptions<Record<string, unknown>>;
  /** The request-level `$filter` (always at least the dedup filter). */
  filter: string;
  clauses: string[];
  mode: SearchMode;
  top: number;
  /** Sentences about how the request differs from what was asked (a clamped `top`). */
  notes: string[];
}

/** A query with something to search for: at least one letter or digit (`*`, punctuation or spaces have none). */
export function hasSearchTerms(query: string): boolean {
  return /[\p{L}\p{N}]/u.test(query);
}

/** The refusal for a query without terms (which the service would answer with arbitrary pages, all scored 1). */
export function noTermsRefusal(query: string): SearchDocsRefusal {
  return new SearchDocsRefusal(
    "query",
    `${JSON.stringify(query)} has no words to search for (a wildcard, punctuation or spaces match every page in no order)`,
    'ask with the words or names you expect on the page (e.g. "refund webhook retries"); list_apps shows which apps and sections the index holds',
  );
}

/** Checks the parameters the rules refuse; throws {@link SearchDocsRefusal}. */
export function refuseUnsupported(params: Pick<SearchDocsParams, "section" | "path_prefix">): void {
  if (params.section !== undefined && params.section !== null) throw SECTION_INCLUSION_REFUSAL;
  if (params.path_prefix !== undefined && params.path_prefix !== null) throw PATH_PREFIX_REFUSAL;
}

export function effectiveTop(requested: number | undefined, limits: SearchDocsLimits): { top: number; note?: string } {
  const cap = Math.min(limits.topCap, MAX_TOP_CAP);
  if (requested === undefined) return { top: Math.min(limits.defaultTop, cap) };
  if (!Number.isInteger(requested) || requested < 1)
    throw new SearchDocsRefusal("top", `expected a whole number from 1 to ${cap}, got ${requested}`, `top: ${cap}`);
  if (requested > cap) return { top: cap, note: `top ${requested} is above the cap of ${cap}: clamped to ${cap}` };
  return { top: requested };
}

/**
 * The `$filter` for the typed restrictions plus the dedup filter (composed by filters.ts, quoted and escaped there).
 */
export function searchDocsFilter(params: Pick<SearchDocsParams, "app" | "exclude_sections">, dedup: DedupDecision) {
  return agentQueryFilter({ app: params.app, excludeSections: params.exclude_sections, dedup: dedup.mode });
}

/**
 * Typed parameters → the search request. Throws {@link SearchDocsRefusal} for a section inclusion filter, a path
 * prefix or a `top` below 1.
 */
export function buildSearchDocsRequest(
  params: SearchDocsParams,
  dedup: DedupDecision,
  limits: SearchDocsLimits = DEFAULT_SEARCH_DOCS_LIMITS,
  semanticConfiguration: string = SEMANTIC_CONFIGURATION,
): SearchDocsRequest {
  refuseUnsupported(params);
  if (!hasSearchTerms(params.query)) throw noTermsRefusal(params.query);
  const { top, note } = effectiveTop(params.top, limits);
  const { filter, clauses } = searchDocsFilter(params, dedup);
  const mode = params.mode ?? "keyword";
  const base: SearchOptions<Record<string, unknown>> = {
    filter,
    top,
    select: SEARCH_DOCS_SELECT,
    highlightFields: "content",
    highlightPreTag: HIGHLIGHT_PRE,
    highlightPostTag: HIGHLIGHT_POST,
  };
  const options: SearchOptions<Record<string, unknown>> =
    mode === "semantic"
      ? { ...base, queryType: "semantic", semanticSearchOptions: { configurationName: semanticConfiguration } }
      : base;
  // Identifier questions in words need nothing here: the index analyses identifiers into their words
  // (docs_english_identifiers in search-definitions/docs-index.json; docs/relevance.md).
  return {
    searchText: literalSearchText(params.query),
    options,
    filter,
    clauses,
    mode,
    top,
    notes: note ? [note] : [],
  };
}

/** The same request as a keyword query (when the service cannot serve semantic ranking). */
export function asKeywordRequest(request: SearchDocsRequest, reason: string): SearchDocsRequest {
  const {
    queryType: _queryType,
    semanticSearchOptions: _semantic,
    ...keyword
  } = request.options as Record<string, unknown>;
  return {
    ...request,
    options: keyword as SearchOptions<Record<string, unknown>>,
    mode: "keyword",
    notes: [...request.notes, `semantic ranking is not available (${reason}): answered as a keyword query`],
  };
}
