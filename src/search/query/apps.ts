// `list_apps`: the apps (facet over `repo`) with document counts and the sections seen per app, so an agent can
// choose a restriction. Counts are of the documents the dedup filter lets through (one per page). Pure.
import { andFilters, appFilter } from "./filters.js";

export interface FacetBucket {
  value?: unknown;
  count?: number;
}

export interface AppSummary {
  app: string;
  documents: number;
  sections: { section: string; documents: number }[];
  /**
   * Documents of this app whose section is null (not reprocessed since section was added). A page directly under
   * the app folder is not one of them: its section is its file name (spec, area C, index fields).
   */
  documents_without_section: number;
}

/** Bucket limit of the facet requests: more than any realistic number of apps or sections. */
export const FACET_BUCKETS = 1000;

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

export function appSummary(
  app: { value: string; count: number },
  sectionBuckets: readonly FacetBucket[] | undefined,
): AppSummary {
  const sections = bucketsOf(sectionBuckets)
    .map((b) => ({ section: b.value, documents: b.count }))
    .sort((a, b) => b.documents - a.documents || a.section.localeCompare(b.section));
  const inSections = sections.reduce((sum, s) => sum + s.documents, 0);
  return {
    app: app.value,
    documents: app.count,
    sections,
    documents_without_section: Math.max(0, app.count - inSections),
  };
}
