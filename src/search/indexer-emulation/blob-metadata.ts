// The blob indexer's standard storage properties, built from one blob listing entry
// (docs/local-standin.md, Sources §2.1). Pure: no storage SDK types.

/** Production blob endpoint for an account name. The local stand-in emits production-shaped paths (not
 *  Azurite's path-style `http://127.0.0.1:10000/<account>/...`) so path tokens keep their positions. */
function blobEndpointFor(accountName: string): string {
  return `https://${accountName}.blob.core.windows.net`;
}

/**
 * UNCONFIRMED (reference §1.2, §12): whether `$` in `$web` appears literally or as `%24web` in
 * `metadata_storage_path`. The spec counts `$web` as token 3 and filters on the path as written, so the
 * default keeps it literal. Flip here only.
 */
const ESCAPE_DOLLAR_IN_STORAGE_PATH = false;

/** The minimum of a blob listing entry the indexer reads (names match `@azure/storage-blob`'s BlobItem). */
export interface BlobListingEntry {
  name: string;
  properties: {
    lastModified: Date;
    contentType?: string | undefined;
    contentLength?: number | undefined;
    contentMD5?: Uint8Array | undefined;
  };
  metadata?: Record<string, string> | undefined;
}

export interface StorageMetadata {
  metadata_storage_name: string;
  metadata_storage_path: string;
  metadata_storage_content_type: string | null;
  metadata_storage_last_modified: string;
  metadata_storage_size: number | null;
  metadata_storage_content_md5: string | null;
  /** Not on the documented list, but emitted by the service (reference §2.1, UNCONFIRMED contract). */
  metadata_storage_file_extension: string;
}

/** Percent-encodes one path segment the way a URI keeps it: RFC 3986 pchar sub-delims stay literal. */
function encodePathSegment(segment: string): string {
  const encoded = encodeURIComponent(segment).replace(/%(21|24|26|27|28|29|2A|2B|2C|3B|3D|3A|40)/g, (m, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return ESCAPE_DOLLAR_IN_STORAGE_PATH ? encoded.replaceAll("$", "%24") : encoded;
}

/** `metadata_storage_path`: the URL-encoded blob URI (reference §1.2, §2.1). */
export function storagePath(accountName: string, container: string, blobName: string): string {
  const path = [container, ...blobName.split("/")].map(encodePathSegment).join("/");
  return `${blobEndpointFor(accountName)}/${path}`;
}

/** File extension with its leading dot, as the service emits it (`.html`); "" when the name has none. */
export function fileExtension(blobName: string): string {
  const base = blobName.slice(blobName.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot);
}

export function storageMetadata(accountName: string, container: string, blob: BlobListingEntry): StorageMetadata {
  const base = blob.name.slice(blob.name.lastIndexOf("/") + 1);
  return {
    metadata_storage_name: base,
    metadata_storage_path: storagePath(accountName, container, blob.name),
    metadata_storage_content_type: blob.properties.contentType ?? null,
    metadata_storage_last_modified: blob.properties.lastModified.toISOString(),
    metadata_storage_size: blob.properties.contentLength ?? null,
    metadata_storage_content_md5: blob.properties.contentMD5
      ? Buffer.from(blob.properties.contentMD5).toString("base64")
      : null,
    metadata_storage_file_extension: fileExtension(blob.name),
  };
}

/** Custom blob metadata as source fields: hyphens become underscores (reference §2.1). */
export function customMetadataFields(metadata: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(metadata ?? {})) out[k.replaceAll("-", "_")] = v;
  return out;
}

/**
 * Per-blob opt-outs (reference §2.1): `AzureSearch_Skip=true` skips the blob, `AzureSearch_SkipContent=true` indexes
 * metadata only.
 */
export function blobOptOuts(metadata: Record<string, string> | undefined): { skip: boolean; skipContent: boolean } {
  const get = (name: string) =>
    Object.entries(metadata ?? {})
      .find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1]
      ?.toLowerCase() === "true";
  return { skip: get("AzureSearch_Skip"), skipContent: get("AzureSearch_SkipContent") };
}

/**
 * Extension filters of `parameters.configuration` (reference §3.3): comma-delimited with leading dots;
 * when `indexed` is non-empty only those extensions are indexed; an extension in both lists is excluded.
 */
export function isExtensionIndexed(
  blobName: string,
  configuration: { indexedFileNameExtensions?: unknown; excludedFileNameExtensions?: unknown } = {},
): boolean {
  const parse = (v: unknown) =>
    typeof v === "string"
      ? v
          .split(",")
          .map((s) => s.trim().toLowerCase())
          .filter((s) => s !== "")
      : [];
  const ext = fileExtension(blobName).toLowerCase();
  if (parse(configuration.excludedFileNameExtensions).includes(ext)) return false;
  const indexed = parse(configuration.indexedFileNameExtensions);
  return indexed.length === 0 || indexed.includes(ext);
}
