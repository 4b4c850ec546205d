// Thin adapters over @azure/storage-blob for the ops commands.
import type { ContainerClient } from "@azure/storage-blob";
import type { BlobIndex } from "../orphans.js";

/** Streams the container listing into `index` (names only; soft-deleted blobs are not listed). */
export async function loadBlobIndex(
  container: ContainerClient,
  index: BlobIndex,
  onProgress?: (n: number) => void,
): Promise<void> {
  for await (const page of container.listBlobsFlat().byPage({ maxPageSize: 5000 })) {
    for (const blob of page.segment.blobItems) index.add(blob.name);
    onProgress?.(index.size);
  }
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
