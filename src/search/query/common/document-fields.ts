// What every answer says about a document, from its index fields: key, title, description, public URL (spec area
// C, rule 4), app, section, format and last modified. One rule each, shared by the search_docs and retrieve_docs
// hits and get_doc's document (each lays the fields out in its own order). Pure.
import { blobPathFromBlobUrl, blobPathFromDocumentId, publicUrlForBlobPath } from "../../public-url.js";

/** Where the pages are: the docs container (blob paths) and the public docs site (URLs). */
export interface PageLocation {
  container: string;
  docsUrl: string;
}

/** A string field's value, or null (absent, null, or not a string). */
export const textField = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** An Edm.DateTimeOffset as an ISO string (the SDK may hand a Date or the wire string). */
export function isoTime(v: unknown): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  return textField(v);
}

/** The page's path in the container, from `path` (the blob URL) or else the document key. */
export function blobPathOf(doc: Record<string, unknown>, container: string): string | undefined {
  return (
    (typeof doc.path === "string" ? blobPathFromBlobUrl(doc.path, container) : undefined) ??
    (typeof doc.id === "string" ? blobPathFromDocumentId(doc.id, container) : undefined)
  );
}

function publicUrlOf(doc: Record<string, unknown>, where: PageLocation): string | null {
  const blobPath = blobPathOf(doc, where.container);
  return blobPath === undefined ? null : publicUrlForBlobPath(where.docsUrl, blobPath);
}

export interface DocumentFields {
  /** The document key, for get_doc. */
  key: string | null;
  title: string | null;
  description: string | null;
  /** The page's public URL; root-site pages have no app segment. Null when the document has no usable path. */
  url: string | null;
  app: string | null;
  section: string | null;
  format: string | null;
  last_modified: string | null;
}

export function documentFields(doc: Record<string, unknown>, where: PageLocation): DocumentFields {
  return {
    key: textField(doc.id),
    title: textField(doc.title),
    description: textField(doc.description),
    url: publicUrlOf(doc, where),
    // `app` may still be null in documents not reprocessed; `repo` holds the same value (rule 1).
    app: textField(doc.app) ?? textField(doc.repo),
    section: textField(doc.section),
    format: textField(doc.format),
    last_modified: isoTime(doc.last_modified),
  };
}
