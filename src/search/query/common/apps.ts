// `list_apps`: the apps (facet over `repo`) with document counts and the sections seen per app, so an agent can
// choose a restriction. Counts are of the documents the dedup filter lets through (one per page). And the refusal
// of an `app` no document has, with the closest names (search_docs, retrieve_docs). Pure.
import leven from "leven";
import { andFilters, appFilter } from "./filters.js";
import { SearchDocsRefusal } from "../refusal.js";
import type { DedupDecision } from "../../dedup/policy.js";

export interface FacetBucket {
  value?: unknown;
  count?: number;
}

export interface AppSummary {
  app: string;
  documents: number;
  /** The app's section folders (a page directly under the app folder is counted in root_pages instead). */
  sections: { section: string; documents: number }[];
  /**
   * Pages directly under the app folder (`payments/index.html`, `payments/faq.html`): the app's root, not a section.
   * The index holds their file name as section (spec, area C, index fields), so exclude_sections can still name one.
   */
  root_pages: number;
  /**
   * Documents of this app whose section is null (not reprocessed since section was added). A page directly under
   * the app folder is not one of them: its section is its file name (spec, area C, index fields).
   */
  documents_without_section: number;
}

/** Bucket limit of the facet requests: more than any realistic number of apps or sections. */
const FACET_BUCKETS = 1000;

export function appFacetRequest(dedupFilter: string) {
  return { filter: dedupFilter, facets: [`repo,count:${FACET_BUCKETS}`], top: 0, includeTotalCount: true };
}

export function sectionFacetRequest(app: string, dedupFilter: string) {
  return {
    filter: andFilters([appFilter(app), dedupFilter])!,
    facets: [`section,count:${FACET_BUCKETS}`],
    top: 0,
    includeTotalCount: true,
  };
}

export function bucketsOf(buckets: readonly FacetBucket[] | undefined): { value: string; count: number }[] {
  return (buckets ?? [])
    .filter((b): b is { value: string; count: number } => typeof b.value === "string" && typeof b.count === "number")
    .map((b) => ({ value: b.value, count: b.count }));
}

/**
 * A section value that is a page's file name: the page sits directly under the app folder (the section mapping takes
 * the path's next segment, which is then the file). Folder names carry no such extension.
 */
const ROOT_PAGE = /\.(?:html?|md|markdown|txt|pdf|json|xml)$/i;

export function appSummary(
  app: { value: string; count: number },
  sectionBuckets: readonly FacetBucket[] | undefined,
): AppSummary {
  const buckets = bucketsOf(sectionBuckets);
  const sections = buckets
    .filter((b) => !ROOT_PAGE.test(b.value))
    .map((b) => ({ section: b.value, documents: b.count }))
    .sort((a, b) => b.documents - a.documents || a.section.localeCompare(b.section));
  const rootPages = buckets.filter((b) => ROOT_PAGE.test(b.value)).reduce((sum, b) => sum + b.count, 0);
  const inSections = sections.reduce((sum, s) => sum + s.documents, 0) + rootPages;
  return {
    app: app.value,
    documents: app.count,
    sections,
    root_pages: rootPages,
    documents_without_section: Math.max(0, app.count - inSections),
  };
}

/** How many near names an unknown-app answer offers. */
const APP_SUGGESTIONS = 3;

/**
 * The refusal for an `app` that names no app in the index (its search answered nothing): the closest existing
 * names (case first: `Payments` → `payments`, then edit distance) and a pointer to list_apps. Undefined when the
 * app exists (an empty answer is then just empty).
 */
export function unknownAppRefusal(app: string, known: readonly string[]): SearchDocsRefusal | undefined {
  if (known.includes(app)) return undefined;
  const wanted = app.toLowerCase();
  const ranked = known
    .map((name) => ({ name, distance: name.toLowerCase() === wanted ? -1 : leven(wanted, name.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
  const close = ranked.filter((r) => r.distance <= Math.max(2, Math.floor(app.length / 3))).slice(0, APP_SUGGESTIONS);
  const names = (close.length > 0 ? close : ranked.slice(0, APP_SUGGESTIONS)).map((r) => JSON.stringify(r.name));
  const instead =
    known.length === 0
      ? "the index holds no app yet; search without app"
      : `${close.length > 0 ? `did you mean ${names.join(", ")}?` : `apps include ${names.join(", ")}.`} App names are exact (case too); list_apps lists every app`;
  return new SearchDocsRefusal("app", `no app named ${JSON.stringify(app)} in the index`, instead);
}

/** An `app` no document has (an empty answer is the only sign): refused with the closest names. */
export async function refuseUnknownAppWith(
  appNames: (dedupFilter: string) => Promise<string[]>,
  app: string,
  dedup: DedupDecision,
): Promise<void> {
  const refusal = unknownAppRefusal(app, await appNames(dedup.filter));
  if (refusal) throw refusal;
}
