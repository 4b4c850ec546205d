// The knowledge base's answer as retrieve_docs hits: its searchIndex references in the service's order, each
// shaped as a search_docs hit (public URL, app, section, last modified) with a bounded snippet of the passage the
// knowledge base extracted for it. Pure.
import type { PageLocation } from "../common/document-fields.js";
import { shapeSearchHit, type SearchDocsHit } from "../search-docs/hit.js";

/** A retrieve_docs result: a search_docs hit without the fields a reference does not carry. */
export type RetrieveDocsHit = Omit<SearchDocsHit, "score" | "description" | "format">;

interface ReferenceLike {
  type?: string;
  id?: string;
  docKey?: string;
  sourceData?: Record<string, unknown> | null;
  rerankerScore?: number | null;
}

/**
 * The passage text per reference id, from the response message of a base without a model: a text content
 * holding a JSON array of `{ref_id, title, terms, content}`. Anything else yields no passages (snippets empty).
 */
export function retrievedPassages(response: readonly unknown[] | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const message of response ?? []) {
    for (const part of (message as { content?: unknown[] }).content ?? []) {
      const { type, text } = part as { type?: string; text?: unknown };
      if (type !== "text" || typeof text !== "string") continue;
      let items: unknown;
      try {
        items = JSON.parse(text);
      } catch {
        continue;
      }
      if (!Array.isArray(items)) continue;
      for (const item of items as { ref_id?: unknown; content?: unknown }[])
        if (
          item &&
          (typeof item.ref_id === "number" || typeof item.ref_id === "string") &&
          typeof item.content === "string"
        )
          out.set(String(item.ref_id), item.content);
    }
  }
  return out;
}

/** The searchIndex references as hits (in the service's order), at most `top`. */
export function retrieveDocsHits(
  references: readonly unknown[] | undefined,
  passages: ReadonlyMap<string, string>,
  where: PageLocation & { snippetChars: number; top: number },
): RetrieveDocsHit[] {
  const out: RetrieveDocsHit[] = [];
  for (const raw of references ?? []) {
    if (out.length >= where.top) break;
    const ref = raw as ReferenceLike;
    if (ref.type !== undefined && ref.type !== "searchIndex") continue;
    const doc: Record<string, unknown> = { ...(ref.sourceData ?? {}) };
    if (doc.id === undefined && typeof ref.docKey === "string") doc.id = ref.docKey;
    doc.content = ref.id === undefined ? null : (passages.get(ref.id) ?? null);
    const {
      score: _score,
      description: _description,
      format: _format,
      ...hit
    } = shapeSearchHit(doc, { score: 0, rerankerScore: ref.rerankerScore ?? null }, where);
    out.push(hit);
  }
  return out;
}
