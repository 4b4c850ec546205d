// `preview`: what the blob indexer makes of a local copy of the container, using the same pure field-mapping
// module as the local stand-in (src/search/indexer-emulation/). Pure: paths in, one entry per blob out, counted.
import { isExtensionIndexed, storageMetadata, fileExtension } from "../indexer-emulation/blob-metadata.js";
import { applyFieldMappings, type FieldMapping } from "../indexer-emulation/field-mappings.js";
import { publicUrlForBlobPath } from "../public-url.js";
import { isExpectedFailure } from "./expected-failure.js";

interface PreviewBlob {
  /** Relative to the container, `/`-separated. */
  path: string;
  excluded: boolean;
  id: string | null;
  app: string | null;
  repo: string | null;
  section: string | null;
  format: string | null;
  contentType: string | null;
  url: string | null;
  error: string | null;
}

interface PreviewSummary {
  blobs: number;
  excluded: number;
  indexed: number;
  failed: number;
  apps: Record<string, number>;
}

export interface PreviewOptions {
  accountName: string;
  container: string;
  docsUrl: string;
  fieldMappings: readonly FieldMapping[];
  configuration: { indexedFileNameExtensions?: unknown; excludedFileNameExtensions?: unknown };
  keyField?: string;
}

/** The storage account name from a blob endpoint: `https://<account>.blob.core.windows.net` or path-style `http://host:port/<account>`. */
export function accountNameFromUrl(accountUrl: string): string {
  if (!URL.canParse(accountUrl)) throw new Error(`--account-url is not a URL: ${accountUrl}`);
  const url = new URL(accountUrl);
  const first = url.pathname.split("/").find((s) => s !== "");
  if (/^[a-z0-9]{3,24}\.blob\./i.test(url.hostname)) return url.hostname.split(".")[0]!.toLowerCase();
  if (first) return first;
  throw new Error(
    `cannot tell the storage account name from ${accountUrl} (expected https://<account>.blob.core.windows.net or http://host:port/<account>)`,
  );
}

/** The content type an uploader would set, guessed from the extension (the local copy has none). */
function guessContentType(path: string): string {
  const ext = fileExtension(path).toLowerCase();
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html",
  ".htm": "text/html",
  ".md": "text/markdown",
  ".json": "application/json",
  ".pdf": "application/pdf",
  ".xml": "application/xml",
  ".txt": "text/plain",
  ".css": "text/css",
  ".js": "text/javascript",
};

const str = (v: unknown): string | null => (typeof v === "string" ? v : v == null ? null : String(v));
const INDEX_FIELDS = ["id", "app", "repo", "section", "format", "content_type"];

function previewBlob(path: string, lastModified: Date, options: PreviewOptions): PreviewBlob {
  const empty = { id: null, app: null, repo: null, section: null, format: null, contentType: null, url: null };
  if (!isExtensionIndexed(path, options.configuration)) return { path, excluded: true, ...empty, error: null };
  const source = storageMetadata(options.accountName, options.container, {
    name: path,
    properties: { lastModified, contentType: guessContentType(path) },
  });
  const outcome = applyFieldMappings(
    options.fieldMappings,
    { ...source },
    { keyField: options.keyField ?? "id", indexFields: INDEX_FIELDS },
  );
  if ("error" in outcome) return { path, excluded: false, ...empty, error: outcome.error.message };
  const d = outcome.document;
  return {
    path,
    excluded: false,
    id: str(d.id),
    app: str(d.app),
    repo: str(d.repo),
    section: str(d.section),
    format: str(d.format),
    contentType: str(d.content_type),
    url: publicUrlForBlobPath(options.docsUrl, path),
    error: null,
  };
}

function summarise(blobs: readonly PreviewBlob[]): PreviewSummary {
  const summary: PreviewSummary = { blobs: blobs.length, excluded: 0, indexed: 0, failed: 0, apps: {} };
  for (const b of blobs) {
    if (b.excluded) summary.excluded += 1;
    else if (b.error !== null) summary.failed += 1;
    else {
      summary.indexed += 1;
      if (b.app !== null) summary.apps[b.app] = (summary.apps[b.app] ?? 0) + 1;
    }
  }
  return summary;
}

/** A file of the local copy: its path relative to the container (`/`-separated) and its modification time. */
export interface PreviewFile {
  path: string;
  lastModified: Date;
}

type PreviewedBlob = PreviewBlob & { expectedFailure: boolean };

export interface PreviewReport {
  /** Sorted by path; only the failing ones with `failuresOnly`. */
  blobs: PreviewedBlob[];
  summary: PreviewSummary & { expectedFailures: number; unexpectedFailures: number };
}

/** The preview and its verdict: it passes when no file fails unexpectedly (`unexpected` lists those that do). */
export interface PreviewOutcome {
  report: PreviewReport;
  unexpected: PreviewedBlob[];
  passed: boolean;
}

/**
 * `docs-index preview`: every file as the indexer maps it, counted (the summary counts all files, whatever is
 * shown), and the failures not listed in `expectedFailures` (search.expected_failures) apart: they fail the check.
 */
export function previewFiles(
  files: readonly PreviewFile[],
  options: PreviewOptions & { expectedFailures: readonly string[]; failuresOnly?: boolean },
): PreviewOutcome {
  const previewed = files.map((f) => previewBlob(f.path, f.lastModified, options));
  previewed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const blobs = previewed.map((b) => ({
    ...b,
    expectedFailure: b.error !== null && isExpectedFailure(b.path, options.expectedFailures),
  }));
  const summary = summarise(previewed);
  const unexpected = blobs.filter((b) => b.error !== null && !b.expectedFailure);
  const shown = options.failuresOnly ? blobs.filter((b) => b.error !== null) : blobs;
  return {
    report: {
      blobs: shown,
      summary: {
        ...summary,
        expectedFailures: summary.failed - unexpected.length,
        unexpectedFailures: unexpected.length,
      },
    },
    unexpected,
    passed: unexpected.length === 0,
  };
}
