// get_doc against the index: a document by key or by the blob paths a URL may stand for. Thin calls over
// @azure/search-documents; the rules are in ./document-ref.ts and ./find-document.ts.
import type { SearchClient } from "@azure/search-documents";
import { containerBaseOf } from "./document-ref.js";
import type { DocumentLookupPort } from "./find-document.js";
import { appFilter } from "../common/filters.js";

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

/** get_doc's lookups as SDK calls: a document by key (its get_doc fields), the ids and paths of an app's documents. */
export function documentLookupPort(client: SearchClient<AnyDoc>): DocumentLookupPort {
  return {
    byKey: (key) => byKey(client, key),
    idsAndPathsOf: async (app) => {
      const result = await client.search("*", { filter: appFilter(app), top: 1000, select: ["id", "path"] });
      const docs: AnyDoc[] = [];
      for await (const r of result.results) docs.push(r.document);
      return docs;
    },
  };
}
