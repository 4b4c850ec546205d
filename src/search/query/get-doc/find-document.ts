// get_doc's lookup: the document a reference designates. A key is looked up as it is; a URL's candidate blob paths
// are tried by their derived key first (one lookup each), and when none matches the documents of the path's app
// are scanned by `path` (keys are derived by an UNCONFIRMED encoding, src/search/indexer-emulation/base64.ts, and
// blob URLs may be encoded differently). The calls come through a port (./io.ts).
import { base64Encode } from "../../indexer-emulation/base64.js";
import { blobPathFromBlobUrl } from "../../public-url.js";
import { blobUrlFor, type DocumentRef } from "./document-ref.js";

type AnyDoc = Record<string, unknown>;

export interface DocumentLookupPort {
  /** The document with this key, or null when there is none (or the key cannot be one). */
  byKey(key: string): Promise<AnyDoc | null>;
  /** The `id` and `path` of the documents of `app` (at most 1,000). */
  idsAndPathsOf(app: string): Promise<AnyDoc[]>;
}

export async function findDocumentWith(
  port: DocumentLookupPort,
  ref: DocumentRef,
  opts: { container: string; containerBase: string | null },
): Promise<AnyDoc | null> {
  if (ref.kind === "key") return port.byKey(ref.key);
  if (opts.containerBase !== null) {
    for (const candidate of ref.candidates) {
      const doc = await port.byKey(base64Encode(blobUrlFor(opts.containerBase, candidate)));
      if (doc) return doc;
    }
  }
  const apps = new Set(ref.candidates.filter((c) => c.includes("/")).map((c) => c.split("/")[0]!));
  for (const app of apps) {
    const byPath = new Map<string, string>();
    for (const doc of await port.idsAndPathsOf(app)) {
      const path = typeof doc.path === "string" ? blobPathFromBlobUrl(doc.path, opts.container) : undefined;
      if (path !== undefined && typeof doc.id === "string") byPath.set(path, doc.id);
    }
    for (const candidate of ref.candidates) {
      const id = byPath.get(candidate);
      if (id !== undefined) return port.byKey(id);
    }
  }
  return null;
}
