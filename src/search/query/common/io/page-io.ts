// Reads the page an agent asks about from the docs container (least privilege: Storage Blob Data Reader on the
// container), trying the blobs page-source.ts names in order, each read bounded in time and size; falls back to
// the index's `content`. The rules of what is read and how it becomes Markdown are in ../page/.
import type { ContainerClient } from "@azure/storage-blob";
import { pageBlobCandidates, pageFromBlob, pageFromIndexContent } from "../../page/page-source.js";
import type { PageRead } from "../page-reader.js";
import { publicUrlForBlobPath } from "../../../public-url.js";

/** A page blob larger than this is not read (the index's content is used). */
const MAX_PAGE_BLOB_BYTES = 5 * 1024 * 1024;
/** Each blob read gives up after this long (the search call already answered; the page must not hang it). */
const PAGE_READ_TIMEOUT_MS = 10_000;

async function readBlobText(container: ContainerClient, path: string): Promise<string | null> {
  const blob = container.getBlobClient(path);
  try {
    // A range read of one byte more than the bound: a larger page is recognised without being read whole.
    const response = await blob.download(0, MAX_PAGE_BLOB_BYTES + 1, {
      abortSignal: AbortSignal.timeout(PAGE_READ_TIMEOUT_MS),
      maxRetryRequests: 1,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of response.readableStreamBody ?? []) chunks.push(chunk as Buffer);
    const buffer = Buffer.concat(chunks);
    return buffer.byteLength > MAX_PAGE_BLOB_BYTES ? null : buffer.toString("utf8");
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return null;
    throw err;
  }
}

/**
 * The page at `blobPath`: from its blob or Markdown twin when readable, else from `indexContent()`; its relative
 * links resolved against its public URL under `docsUrl`.
 */
export async function readPage(
  container: ContainerClient | undefined,
  blobPath: string | undefined,
  indexContent: () => Promise<string | null>,
  docsUrl?: string,
): Promise<PageRead> {
  const publicUrl =
    blobPath !== undefined && docsUrl !== undefined ? publicUrlForBlobPath(docsUrl, blobPath) : undefined;
  let failure: string | undefined;
  if (container && blobPath !== undefined) {
    for (const [i, candidate] of pageBlobCandidates(blobPath).entries()) {
      try {
        const text = await readBlobText(container, candidate.path);
        const page = text === null ? null : pageFromBlob(candidate.kind, text, i > 0, publicUrl);
        if (page) return { page };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        failure = `reading the page blob ${status ? `refused (${status})` : "failed"}: ${(err as Error).message.split("\n")[0]}`;
        break;
      }
    }
  }
  return { page: pageFromIndexContent(await indexContent(), blobPath, publicUrl), ...(failure ? { failure } : {}) };
}
