// The sample documentation site (local/sample-site/) and how it is published into `$web`, in two eras:
//   1. root era: the site as it was when the index was first built. Everything sat at the container root:
//      the landing page, 404, sitemap, shared assets and the Payments guides under a top-level `guides/`.
//   2. app era: each app publishes into its own folder (`payments/`, `identity/`); the root site is
//      republished with links to the apps. The root deployment prunes nothing, so `guides/` stays live.
// Publishing syncs by content hash (Content-MD5) like the real pipeline: an unedited blob is never
// re-uploaded, so its last-modified time (and therefore the indexer's change detection) does not move.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ContainerClient } from "@azure/storage-blob";

const SAMPLE_SITE_DIR = fileURLToPath(new URL("../sample-site/", import.meta.url));

/** Content types as the site's uploader sets them (`content_type` in the index is "as supplied by the uploader"). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".map": "application/json",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".drawio": "application/vnd.jgraph.mxfile",
  ".py": "text/x-python; charset=utf-8",
};

export function contentTypeOf(blobName: string): string {
  return CONTENT_TYPES[path.extname(blobName).toLowerCase()] ?? "application/octet-stream";
}

export interface SiteFile {
  /** Blob name inside the container, with forward slashes, e.g. `payments/guides/refunds.html`. */
  name: string;
  body: Buffer;
  contentType: string;
}

/** Every file of the sample site (sorted by name). */
export function readSampleSite(dir = SAMPLE_SITE_DIR): SiteFile[] {
  const files: SiteFile[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile())
        files.push({ name: child, body: readFileSync(path.join(dir, child)), contentType: contentTypeOf(child) });
    }
  };
  walk("");
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

/** Folders that hold a root-era app's pages (published at the container root before app folders existed). */
const ROOT_ERA_FOLDERS: readonly string[] = ["guides"];

/** Root-site pages carry the app list between these markers; the root era had no app folders to list. */
const APPS_BLOCK = /[ \t]*<!-- apps -->[\s\S]*?<!-- \/apps -->\n?/g;

function isRootEraFolder(name: string): boolean {
  return ROOT_ERA_FOLDERS.some((folder) => name.startsWith(`${folder}/`));
}

function isRootFile(name: string): boolean {
  return !name.includes("/");
}

/** The site as first published: root files (root pages without the app list), shared assets, root-era folders. */
export function rootEraSite(files: SiteFile[]): SiteFile[] {
  return files
    .filter((f) => isRootFile(f.name) || f.name.startsWith("assets/") || isRootEraFolder(f.name))
    .map((f) =>
      f.name.endsWith(".html") && isRootFile(f.name)
        ? { ...f, body: Buffer.from(f.body.toString("utf8").replace(APPS_BLOCK, "")) }
        : f,
    );
}

/** What the current pipelines publish: everything except the root-era folders (nobody publishes those any more). */
export function appEraSite(files: SiteFile[]): SiteFile[] {
  return files.filter((f) => !isRootEraFolder(f.name));
}

export interface PublishResult {
  uploaded: string[];
  unchanged: string[];
}

function md5(body: Buffer): Buffer {
  return createHash("md5").update(body).digest();
}

/** Uploads `files` into the container (created if missing), skipping blobs whose Content-MD5 already matches. */
export async function publishSite(
  container: ContainerClient,
  files: SiteFile[],
  concurrency = 8,
): Promise<PublishResult> {
  await container.createIfNotExists();
  const existing = new Map<string, string>();
  for await (const item of container.listBlobsFlat()) {
    const hash = item.properties.contentMD5;
    if (hash) existing.set(item.name, Buffer.from(hash).toString("base64"));
  }
  const result: PublishResult = { uploaded: [], unchanged: [] };
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const hash = md5(file.body);
      if (existing.get(file.name) === hash.toString("base64")) {
        result.unchanged.push(file.name);
        continue;
      }
      await container.getBlockBlobClient(file.name).uploadData(file.body, {
        blobHTTPHeaders: { blobContentType: file.contentType, blobContentMD5: hash },
      });
      result.uploaded.push(file.name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  result.uploaded.sort();
  result.unchanged.sort();
  return result;
}
