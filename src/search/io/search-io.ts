// Thin adapters over @azure/search-documents for the ops commands. No logic beyond the calls themselves; no
// dependency on the CLI (the caller passes the clients and names).
import type { SearchClient, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import type { IndexFieldView } from "../definitions/definition-views.js";
import { parseIndexerStatus, type IndexerStatusRecord } from "../ops/indexer-status.js";

export type AnyDoc = Record<string, unknown>;

export function searchClient(indexClient: SearchIndexClient, indexName: string): SearchClient<AnyDoc> {
  return indexClient.getSearchClient<AnyDoc>(indexName);
}

export async function fetchIndexerStatus(client: SearchIndexerClient, indexer: string): Promise<IndexerStatusRecord> {
  return parseIndexerStatus(await client.getIndexerStatus(indexer));
}

/** `$count` of the documents matching a request-level filter: `top 0` and `count=true`, nothing downloaded. */
export async function countMatching(client: SearchClient<AnyDoc>, filter?: string): Promise<number> {
  const result = await client.search("*", { filter, top: 0, includeTotalCount: true });
  return result.count ?? 0;
}

export async function countAll(client: SearchClient<AnyDoc>): Promise<number> {
  return client.getDocumentsCount();
}

export interface IndexInfo {
  etag: string | null;
  filterable: Set<string> | null;
  /** The live index's fields (name, key, filterable); null when the index could not be read. */
  fields: IndexFieldView[] | null;
  error?: string;
}

/** The index eTag and filterable fields; a query-only identity may be refused (spec, authentication C). */
export async function fetchIndexInfo(client: SearchIndexClient, index: string): Promise<IndexInfo> {
  try {
    const def = await client.getIndex(index);
    // @azure/search-documents 13 exposes `@odata.etag` as `eTag` (older versions: `etag`).
    const etag = (def as { eTag?: string }).eTag ?? (def as { etag?: string }).etag ?? null;
    const fields = def.fields.map((f) => ({
      name: f.name,
      key: "key" in f && f.key === true,
      filterable: "filterable" in f && f.filterable === true,
    }));
    return { etag, fields, filterable: new Set(fields.filter((f) => f.filterable).map((f) => f.name)) };
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 401 || status === 403)
      return { etag: null, filterable: null, fields: null, error: `GET index refused (${status})` };
    throw err;
  }
}

/** One page of documents matching `filter`, with only the selected (small) fields; `top` <= 1000. */
export async function listSelected(
  client: SearchClient<AnyDoc>,
  filter: string | undefined,
  select: string[],
  top: number,
  extra: { skip?: number; orderBy?: string[] } = {},
): Promise<AnyDoc[]> {
  if (top > 1000) throw new RangeError("top must be at most 1000 per page");
  const result = await client.search("*", { filter, select, top, ...extra });
  const docs: AnyDoc[] = [];
  // With top <= 1000 the service returns everything in one page, so this iterator makes no further request.
  for await (const r of result.results) docs.push(r.document);
  return docs;
}
