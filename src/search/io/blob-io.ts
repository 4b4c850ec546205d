// Thin adapters over @azure/storage-blob for the ops commands.
import type { ContainerClient } from "@azure/storage-blob";
import type { BlobIndex } from "../ops/orphans.js";

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
