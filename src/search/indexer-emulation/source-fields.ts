// One blob's source fields as the blob indexer sees them before field mappings: storage metadata,
// custom metadata, content-type metadata and the extracted content (docs/local-standin.md, Sources §2).
import { customMetadataFields, storageMetadata, type BlobListingEntry } from "./blob-metadata.js";
import { extractHtml, isHtml } from "./extract-html.js";
import { extractMarkdown, isMarkdown } from "./extract-markdown.js";

export interface CrackOptions {
  /** `parameters.configuration.dataToExtract` (reference §2.2): default `contentAndMetadata`. */
  dataToExtract?: string;
  /** Blob metadata `AzureSearch_SkipContent=true` (reference §2.1). */
  skipContent?: boolean;
}

/** Builds the source fields; `body` is the blob's bytes (undefined when content was not downloaded). */
export function sourceFields(
  accountName: string,
  container: string,
  blob: BlobListingEntry,
  body: Uint8Array | undefined,
  options: CrackOptions = {},
): Record<string, unknown> {
  const storage = storageMetadata(accountName, container, blob);
  const fields: Record<string, unknown> = { ...customMetadataFields(blob.metadata), ...storage };
  const dataToExtract = options.dataToExtract ?? "contentAndMetadata";
  if (dataToExtract === "storageMetadata" || body === undefined) return fields;

  const text =
    isTextLike(storage.metadata_storage_content_type) ||
    isHtml(storage.metadata_storage_content_type, storage.metadata_storage_file_extension) ||
    isMarkdown(storage.metadata_storage_content_type, storage.metadata_storage_file_extension)
      ? Buffer.from(body).toString("utf8")
      : "";
  const contentType = storage.metadata_storage_content_type;
  const extension = storage.metadata_storage_file_extension;
  let extracted: Record<string, unknown>;
  if (isHtml(contentType, extension)) extracted = { ...extractHtml(text, contentType ?? "text/html") };
  else if (isMarkdown(contentType, extension)) extracted = { ...extractMarkdown(text, contentType ?? "text/markdown") };
  else if (isTextLike(contentType)) extracted = { content: text, metadata_content_type: contentType };
  else extracted = { metadata_content_type: contentType };

  if (dataToExtract === "allMetadata" || options.skipContent) delete extracted.content;
  return { ...fields, ...extracted };
}

/**
 * Whether the stand-in extracts a blob's bytes as text. Cracking of binary formats (PDF, Office, images) is
 * not emulated: such blobs are indexed with metadata only and the run reports a warning.
 */
export function isTextLike(contentType: string | null): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return (
    type.startsWith("text/") ||
    type === "application/json" ||
    type === "application/xml" ||
    type === "application/xhtml+xml" ||
    type.endsWith("+json") ||
    type.endsWith("+xml")
  );
}
