// The PageReader the MCP server and the CLI give the tools: each page read from the docs container (least
// privilege: Storage Blob Data Reader; ./page-io.ts), the index's `content` where it cannot be, with a small cache
// so a follow-up call does not read the same page again.
import type { SearchClient } from "@azure/search-documents";
import type { ContainerClient } from "@azure/storage-blob";
import { blobPathOf } from "../document-fields.js";
import type { PageRead, PageReader } from "../page-reader.js";

type AnyDoc = Record<string, unknown>;

/** Pages read recently (by blob path and last-modified time), so a follow-up call does not read them again. */
const PAGE_CACHE_SIZE = 64;

/**
 * A PageReader over the docs container (without one, the index's `content`), with a small cache by blob path
 * and last-modified time. A read that failed or fell back for a refusal is tried again next time. `docsUrl`
 * gives the pages' public URLs, against which their relative links are resolved.
 */
export function cachedPageReader(
  pages: ContainerClient | undefined,
  search: SearchClient<AnyDoc>,
  container: string,
  docsUrl?: string,
): PageReader {
  const cache = new Map<string, Promise<PageRead>>();
  return (key, lastModified, content) => {
    const blobPath = key === null ? undefined : blobPathOf({ id: key }, container);
    const cacheKey = `${blobPath ?? key}|${lastModified}`;
    const cached = cache.get(cacheKey);
    if (cached) return cached;
    const indexContent =
      content ??
      (async () => {
        if (key === null) return null;
        const doc = await search.getDocument(key, { selectedFields: ["content"] }).catch(() => null);
        return typeof doc?.content === "string" ? doc.content : null;
      });
    // Loaded on first use: the HTML and Markdown libraries stay out of the server's start (tools/list).
    const read = import("./page-io.js").then(({ readPage }) => readPage(pages, blobPath, indexContent, docsUrl));
    cache.set(cacheKey, read);
    read.then(
      (r) => r.failure && cache.delete(cacheKey),
      () => cache.delete(cacheKey),
    );
    if (cache.size > PAGE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return read;
  };
}
