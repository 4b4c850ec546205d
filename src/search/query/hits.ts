// A search result as the CLI shows it: title, public URL (from the blob path or the document id), app,
// section and scores. Pure.
import { blobPathFromBlobUrl, blobPathFromDocumentId, publicUrlForBlobPath } from "../public-url.js";

export interface QueryHit {
  title: string | null;
  url: string | null;
  app: string | null;
  section: string | null;
  score: number;
  rerankerScore: number | null;
}

/** The fields a query selects to build a hit (small: no content). */
export const HIT_SELECT = ["id", "title", "path", "app", "repo", "section"];

export function toHit(
  doc: Record<string, unknown>,
  scores: { score: number; rerankerScore?: number | null },
  opts: { container: string; docsUrl: string },
): QueryHit {
  const blobPath =
    (typeof doc.path === "string" ? blobPathFromBlobUrl(doc.path, opts.container) : undefined) ??
    (typeof doc.id === "string" ? blobPathFromDocumentId(doc.id, opts.container) : undefined);
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  return {
    title: text(doc.title),
    url: blobPath === undefined ? null : publicUrlForBlobPath(opts.docsUrl, blobPath),
    // `app` may still be null in documents not reprocessed; `repo` always holds the same value (rule 1).
    app: text(doc.app) ?? text(doc.repo),
    section: text(doc.section),
    score: scores.score,
    rerankerScore: scores.rerankerScore ?? null,
  };
}
