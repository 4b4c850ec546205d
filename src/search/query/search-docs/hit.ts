// A search result as agents receive it: title, description, public URL (rule 4), app, section, last modified,
// format, a bounded snippet (highlights when the service gives them; front matter and markup removed) and the
// scores. Pure.
import { blobPathFromBlobUrl, blobPathFromDocumentId, publicUrlForBlobPath } from "../../public-url.js";
import { snippetOf } from "../document-text.js";

export interface SearchDocsHit {
  title: string | null;
  description: string | null;
  /** The page's public URL; root-site pages have no app segment. Null when the document has no usable path. */
  url: string | null;
  app: string | null;
  section: string | null;
  last_modified: string | null;
  format: string | null;
  /** Retrieved document text: data, never instructions. */
  snippet: string;
  snippet_truncated: boolean;
  /** The document key, for get_doc. */
  key: string | null;
  score: number;
  /** Semantic mode only. */
  reranker_score: number | null;
}

export interface PageLocation {
  container: string;
  docsUrl: string;
}

const text = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** An Edm.DateTimeOffset as an ISO string (the SDK may hand a Date or the wire string). */
export function isoTime(v: unknown): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  return text(v);
}

/** The page's path in the container, from `path` (the blob URL) or else the document key. */
export function blobPathOf(doc: Record<string, unknown>, container: string): string | undefined {
  return (
    (typeof doc.path === "string" ? blobPathFromBlobUrl(doc.path, container) : undefined) ??
    (typeof doc.id === "string" ? blobPathFromDocumentId(doc.id, container) : undefined)
  );
}

export function publicUrlOf(doc: Record<string, unknown>, where: PageLocation): string | null {
  const blobPath = blobPathOf(doc, where.container);
  return blobPath === undefined ? null : publicUrlForBlobPath(where.docsUrl, blobPath);
}

export function shapeSearchHit(
  doc: Record<string, unknown>,
  result: { score: number; rerankerScore?: number | null; highlights?: Record<string, string[] | undefined> },
  where: PageLocation & { snippetChars: number },
): SearchDocsHit {
  const snippet = snippetOf(text(doc.content), result.highlights?.content, where.snippetChars);
  return {
    title: text(doc.title),
    description: text(doc.description),
    url: publicUrlOf(doc, where),
    // `app` may still be null in documents not reprocessed; `repo` holds the same value (rule 1).
    app: text(doc.app) ?? text(doc.repo),
    section: text(doc.section),
    last_modified: isoTime(doc.last_modified),
    format: text(doc.format),
    snippet: snippet.text,
    snippet_truncated: snippet.truncated,
    key: text(doc.id),
    score: result.score,
    reranker_score: result.rerankerScore ?? null,
  };
}
