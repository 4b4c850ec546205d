// The app facets against the index: the app names (the unknown-app refusal of search_docs and retrieve_docs) and
// list_apps's apps with their sections. Thin calls over @azure/search-documents; the rules are in ../apps.ts.
import type { SearchClient } from "@azure/search-documents";
import { mapLimit } from "../../../../async/map-limit.js";
import { appFacetRequest, appSummary, bucketsOf, sectionFacetRequest, type AppSummary } from "../apps.js";

type AnyDoc = Record<string, unknown>;

/** The app values documents hold under a dedup filter: one facet query. */
export function appNamesOf(client: SearchClient<AnyDoc>): (dedupFilter: string) => Promise<string[]> {
  return async (dedupFilter) => {
    const facets = await client.search("*", appFacetRequest(dedupFilter));
    return bucketsOf(facets.facets?.repo).map((b) => b.value);
  };
}

/** Section facet requests of list_apps in flight at once (one per app: an index of many apps is not one burst). */
export const SECTION_FACET_CONCURRENCY = 4;

/** The apps with their page counts and sections (facets; nothing downloaded). */
export async function listApps(client: SearchClient<AnyDoc>, dedupFilter: string): Promise<AppSummary[]> {
  const apps = await client.search("*", appFacetRequest(dedupFilter));
  const buckets = bucketsOf(apps.facets?.repo);
  return mapLimit(buckets, SECTION_FACET_CONCURRENCY, async (app) => {
    const sections = await client.search("*", sectionFacetRequest(app.value, dedupFilter));
    return appSummary(app, sections.facets?.section);
  });
}
