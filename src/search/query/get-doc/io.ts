// get_doc and list_apps against the index: a document by key or by the blob paths a URL may stand for, and the
// facet queries behind the app list. Thin calls over @azure/search-documents; the rules are in ./document-ref.ts,
// ./find-document.ts and ../common/apps.ts.
import type { SearchClient } from "@azure/search-documents";
import { appFacetRequest, appSummary, bucketsOf, sectionFacetRequest, type AppSummary } from "../common/apps.js";
import { containerBaseOf, type DocumentRef } from "./document-ref.js";
import { findDocumentWith } from "./find-document.js";
import { appFilter } from "../common/filters.js";
import { mapLimit } from "../../../async/map-limit.js";

export type AnyDoc = Record<string, unknown>;

/** The fields get_doc returns (content included). */
const GET_DOC_SELECT = [
  "id",
  "title",
  "description",
  "path",
  "app",
  "repo",
  "section",
  "tags",
  "format",
  "content_type",
  "last_modified",
  "content",
];

async function byKey(client: SearchClient<AnyDoc>, key: string): Promise<AnyDoc | null> {
  try {
    return await client.getDocument(key, { selectedFields: GET_DOC_SELECT });
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    // 404: no such key; 400: not a valid key (characters a key cannot hold).
    if (status === 404 || status === 400) return null;
    throw err;
  }
}

/** The container's base URL as the index spells `path`, learnt from one document (null on an empty index). */
export async function learnContainerBase(client: SearchClient<AnyDoc>, container: string): Promise<string | null> {
  const result = await client.search("*", { top: 5, select: ["path"] });
  for await (const r of result.results) {
    const base = typeof r.document.path === "string" ? containerBaseOf(r.document.path, container) : undefined;
    if (base !== undefined) return base;
  }
  return null;
}

/** The document a reference designates, or null (the lookup order: ./find-document.ts). */
export async function findDocument(
  client: SearchClient<AnyDoc>,
  ref: DocumentRef,
  opts: { container: string; containerBase: string | null },
): Promise<AnyDoc | null> {
  return findDocumentWith(
    {
      byKey: (key) => byKey(client, key),
      idsAndPathsOf: async (app) => {
        const result = await client.search("*", { filter: appFilter(app), top: 1000, select: ["id", "path"] });
        const docs: AnyDoc[] = [];
        for await (const r of result.results) docs.push(r.document);
        return docs;
      },
    },
    ref,
    opts,
  );
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
