// Public URLs of published pages (spec area C, rule 4) and the way back from a blob URL or a document id to
// the page's path in the container. Pure: no I/O. Other code (query output, orphans, preview) imports this.
import { base64Decode } from "./indexer-emulation/base64.js";

/**
 * The page's path relative to the container (`app/section/page.html`, decoded), taken from a blob URL.
 * Works for the service form (`https://acct.blob.core.windows.net/$web/...`) and the path-style form Azurite
 * uses (`http://127.0.0.1:10000/devstoreaccount1/$web/...`): the first segment equal to the container name
 * (raw or percent-encoded, e.g. `%24web`) marks where the path starts. Undefined when there is no such segment.
 */
export function blobPathFromBlobUrl(blobUrl: string, container: string): string | undefined {
  if (!URL.canParse(blobUrl)) return undefined;
  const url = new URL(blobUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const segments = url.pathname.split("/").slice(1);
  const at = segments.findIndex((s) => safeDecode(s) === container);
  if (at < 0) return undefined;
  const rest = segments.slice(at + 1).map(safeDecode);
  if (rest.some((s) => s === undefined) || rest.length === 0 || rest.at(-1) === "") return undefined;
  return rest.join("/");
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The blob URL a document id encodes (the key is `base64Encode(metadata_storage_path)`), or undefined. */
function blobUrlFromDocumentId(id: string): string | undefined {
  const decoded = base64Decode(id);
  if (decoded === undefined || !URL.canParse(decoded)) return undefined;
  return /^https?:\/\//i.test(decoded) ? decoded : undefined;
}

/** The container-relative path of a document, from its id. */
export function blobPathFromDocumentId(id: string, container: string): string | undefined {
  const url = blobUrlFromDocumentId(id);
  return url === undefined ? undefined : blobPathFromBlobUrl(url, container);
}

/**
 * `{docs_url}/{app}/{rest}` with `.html` dropped; an `index.html` is served as its folder (trailing slash);
 * root-site pages sit directly under `{docs_url}/`. Each segment is percent-encoded.
 */
export function publicUrlForBlobPath(docsUrl: string, blobPath: string): string {
  const base = docsUrl.replace(/\/+$/, "");
  const segments = blobPath.split("/").filter((s) => s !== "");
  const last = segments.at(-1);
  let trailingSlash = false;
  if (last === "index.html") {
    segments.pop();
    trailingSlash = true;
  } else if (last !== undefined && last.toLowerCase().endsWith(".html") && last.length > ".html".length) {
    segments[segments.length - 1] = last.slice(0, -".html".length);
  }
  const encoded = segments.map(encodePathSegment).join("/");
  if (encoded === "") return `${base}/`;
  return `${base}/${encoded}${trailingSlash ? "/" : ""}`;
}

/** encodeURIComponent, plus the sub-delimiters it leaves alone that have meaning in a path. */
function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export type PageRef =
  | { kind: "blob-url"; blobUrl: string; blobPath: string; publicUrl: string }
  | { kind: "blob-path"; blobPath: string; publicUrl: string }
  | { kind: "document-id"; id: string; blobUrl: string; blobPath: string; publicUrl: string };

/** A blob path as people type it: `billing/guide/setup.html`, `/billing/x.md` or `$web/billing/x.md`. */
function blobPathFromTyped(input: string, container: string): string | undefined {
  if (/\s/.test(input) || !/[./]/.test(input) || input.includes("://")) return undefined;
  let path = input.replace(/^\/+/, "");
  if (path.startsWith(`${container}/`)) path = path.slice(container.length + 1);
  return path === "" ? undefined : path;
}

/**
 * Resolves a blob URL, a document id or a blob path to the page's public URL; throws an Error that says what
 * was wrong.
 */
export function resolvePageRef(input: string, opts: { docsUrl: string; container: string }): PageRef {
  const trimmed = input.trim();
  if (/^https?:\/\//i.test(trimmed)) {
    const blobPath = blobPathFromBlobUrl(trimmed, opts.container);
    if (blobPath === undefined) throw new Error(`${trimmed} is not a blob URL in the ${opts.container} container`);
    return { kind: "blob-url", blobUrl: trimmed, blobPath, publicUrl: publicUrlForBlobPath(opts.docsUrl, blobPath) };
  }
  const blobUrl = blobUrlFromDocumentId(trimmed);
  if (blobUrl === undefined) {
    const blobPath = blobPathFromTyped(trimmed, opts.container);
    if (blobPath !== undefined)
      return { kind: "blob-path", blobPath, publicUrl: publicUrlForBlobPath(opts.docsUrl, blobPath) };
    throw new Error(
      `${JSON.stringify(trimmed)} is neither a blob URL, a blob path nor a document id (base64-encoded blob URL)`,
    );
  }
  const blobPath = blobPathFromBlobUrl(blobUrl, opts.container);
  if (blobPath === undefined)
    throw new Error(`document id decodes to ${blobUrl}, which is not in the ${opts.container} container`);
  return {
    kind: "document-id",
    id: trimmed,
    blobUrl,
    blobPath,
    publicUrl: publicUrlForBlobPath(opts.docsUrl, blobPath),
  };
}
