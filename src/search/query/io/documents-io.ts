// get_doc and list_apps against the index: a document by key or by the blob paths a URL may stand for, and the
// facet queries behind the app list. Thin calls over @azure/search-documents; the rules are in ../document-ref.ts
// and ../apps.ts.
import type { SearchClient } from "@azure/search-documents";
import { base64Encode } from "../../indexer-emulation/base64.js";
import { blobPathFromBlobUrl } from "../../public-url.js";
import { appFacetRequest, appSummary, bucketsOf, sectionFacetRequest, type AppSummary } from "../apps.js";
import { blobUrlFor, containerBaseOf, type DocumentRef } from "../document-ref.js";
import { appFilter } from "../filters.js";
import { mapLimit } from "../../ops/map-limit.js";

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

/**
 * The document a reference designates, or null. Paths are tried by their derived key first (one lookup each);
 * when none matches, the documents of the path's app are scanned by `path` (keys are derived by an UNCONFIRMED
 * encoding, src/search/indexer-emulation/base64.ts, and blob URLs may be encoded differently).
 */
export async function findDocument(
  client: SearchClient<AnyDoc>,
  ref: DocumentRef,
  opts: { container: string; containerBase: string | null },
): Promise<AnyDoc | null> {
  if (ref.kind === "key") return byKey(client, ref.key);
  if (opts.containerBase !== null) {
    for (const candidate of ref.candidates) {
      const doc = await byKey(client, base64Encode(blobUrlFor(opts.containerBase, candidate)));
      if (doc) return doc;
    }
  }
  const apps = new Set(ref.candidates.filter((c) => c.includes("/")).map((c) => c.split("/")[0]!));
  for (const app of apps) {
    const result = await client.search("*", { filter: appFilter(app), top: 1000, select: ["id", "path"] });
    const byPath = new Map<string, string>();
    for await (const r of result.results) {
      const path =
        typeof r.document.path === "string" ? blobPathFromBlobUrl(r.document.path, opts.container) : undefined;
      if (path !== undefined && typeof r.document.id === "string") byPath.set(path, r.document.id);
    }
    for (const candidate of ref.candidates) {
      const id = byPath.get(candidate);
      if (id !== undefined) return byKey(client, id);
    }
  }
  return null;
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
