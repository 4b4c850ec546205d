// From what an agent has (a public URL, a blob path or a document key) to the blob paths that may hold the
// page: the inverse of the public URL rule (spec area C, rule 4: `.html` dropped, `index.html` served as its
// folder, root-site pages without an app segment). Pure.
import { blobPathFromBlobUrl } from "../../public-url.js";

export type DocumentRef = { kind: "key"; key: string } | { kind: "paths"; candidates: string[]; asked: string };

/** Candidate blob paths for a public URL path (`payments/guides/refunds` → `.html`, as is, `/index.html`). */
function candidatesForServedPath(served: string): string[] {
  const trimmed = served.replace(/^\/+/, "");
  if (trimmed === "") return ["index.html"];
  if (trimmed.endsWith("/")) return [`${trimmed}index.html`];
  return [`${trimmed}.html`, trimmed, `${trimmed}/index.html`];
}

function decodeSegments(path: string): string | undefined {
  try {
    return path
      .split("/")
      .map((s) => decodeURIComponent(s))
      .join("/");
  } catch {
    return undefined;
  }
}

/**
 * Resolves `url` (a public URL under `docsUrl`, a blob URL in the container, or a blob path such as
 * `payments/guides/refunds.html`) to the candidate blob paths, most likely first. Throws an Error saying what was
 * wrong.
 */
export function documentRefFromUrl(url: string, opts: { docsUrl: string; container: string }): DocumentRef {
  const asked = url.trim();
  const base = opts.docsUrl.replace(/\/+$/, "");
  if (/^https?:\/\//i.test(asked)) {
    const blobPath = blobPathFromBlobUrl(asked, opts.container);
    if (blobPath !== undefined) return { kind: "paths", candidates: [blobPath], asked };
    const parsed = new URL(asked);
    const baseUrl = new URL(`${base}/`);
    if (parsed.origin !== baseUrl.origin || !parsed.pathname.startsWith(baseUrl.pathname))
      throw new Error(
        `${asked} is neither a page under the docs site ${base}/ nor a blob URL in the ${opts.container} container`,
      );
    const served = decodeSegments(parsed.pathname.slice(baseUrl.pathname.length));
    if (served === undefined) throw new Error(`${asked} has a malformed percent-encoding`);
    return { kind: "paths", candidates: candidatesForServedPath(served), asked };
  }
  if (/\s/.test(asked) || asked === "" || asked.includes("://"))
    throw new Error(`${JSON.stringify(asked)} is neither a public URL, a blob URL nor a blob path`);
  let path = asked.replace(/^\/+/, "");
  if (path.startsWith(`${opts.container}/`)) path = path.slice(opts.container.length + 1);
  return { kind: "paths", candidates: [path], asked };
}

/** The blob URL of `blobPath`, given the container's base URL as the index's `path` values spell it. */
export function blobUrlFor(containerBaseUrl: string, blobPath: string): string {
  return `${containerBaseUrl.replace(/\/+$/, "")}/${blobPath
    .split("/")
    .map((s) => encodeURIComponent(s))
    .join("/")}`;
}

/** The container's base URL (`…/$web`) from one document's blob URL, or undefined. */
export function containerBaseOf(blobUrl: string, container: string): string | undefined {
  const blobPath = blobPathFromBlobUrl(blobUrl, container);
  if (blobPath === undefined) return undefined;
  const encodedTail = blobPath
    .split("/")
    .map((s) => encodeURIComponent(s))
    .join("/");
  if (blobUrl.endsWith(`/${encodedTail}`)) return blobUrl.slice(0, -encodedTail.length - 1);
  if (blobUrl.endsWith(`/${blobPath}`)) return blobUrl.slice(0, -blobPath.length - 1);
  return undefined;
}

/** A url's `#anchor` (percent-decoded; an empty one is none), apart from the url. */
export function splitAnchor(url: string | undefined): { url: string | undefined; anchor: string | undefined } {
  const at = url?.indexOf("#") ?? -1;
  if (url === undefined || at < 0) return { url, anchor: undefined };
  const raw = url.slice(at + 1);
  let anchor: string;
  try {
    anchor = decodeURIComponent(raw);
  } catch {
    anchor = raw;
  }
  return { url: url.slice(0, at), anchor: anchor === "" ? undefined : anchor };
}
