// A search result as agents receive it: the document's fields (../common/document-fields.ts: title, description,
// public URL, app, section, last modified, format, key), a bounded snippet (highlights when the service gives them;
// front matter and markup removed) and the scores. Pure.
import { documentFields, textField, type PageLocation } from "../common/document-fields.js";
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

export function shapeSearchHit(
  doc: Record<string, unknown>,
  result: { score: number; rerankerScore?: number | null; highlights?: Record<string, string[] | undefined> },
  where: PageLocation & { snippetChars: number },
): SearchDocsHit {
  const snippet = snippetOf(
    textField(doc.content),
    result.highlights?.content,
    where.snippetChars,
    textField(doc.format),
  );
  const d = documentFields(doc, where);
  return {
    title: d.title,
    description: d.description,
    url: d.url,
    app: d.app,
    section: d.section,
    last_modified: d.last_modified,
    format: d.format,
    snippet: snippet.text,
    snippet_truncated: snippet.truncated,
    key: d.key,
    score: result.score,
    reranker_score: result.rerankerScore ?? null,
  };
}
