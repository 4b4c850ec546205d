// Deleting orphans, behind a small port (blob exists?, delete a batch of keys) so it is tested without a
// service: storage is re-checked right before deleting (a blob uploaded since the listing keeps its document;
// a stale root-era copy is deleted only while its app copy still exists), deletes go in batches, and every
// per-item result is accounted for (an item the service did not answer for counts as failed).
import { mapLimit } from "../../async/map-limit.js";
import { batches, selectDeletions, type OrphanReport } from "./orphans.js";

export interface OrphanDeletionPort {
  blobExists(path: string): Promise<boolean>;
  deleteBatch(
    keys: string[],
  ): Promise<{ key: string; succeeded: boolean; statusCode: number; errorMessage?: string | null }[]>;
}

export interface DeletionResult {
  requested: number;
  /** Candidates whose situation changed since the listing (blob re-appeared, app copy gone): not deleted. */
  skippedRechecked: string[];
  deleted: number;
  failed: { key: string; statusCode: number; message: string | null }[];
}

/** After each batch (views/progress-text.ts words it): the documents deleted so far, of those to delete. */
export interface OrphanDeletionProgress {
  event: "deleting-orphans";
  deleted: number;
  total: number;
}

export async function deleteOrphans(
  port: OrphanDeletionPort,
  report: OrphanReport,
  opts: { includeStale: boolean; batchSize: number; onProgress?: (event: OrphanDeletionProgress) => void },
): Promise<DeletionResult> {
  const ids = selectDeletions(report, { includeStale: opts.includeStale });
  const missing = new Map(report.missingBlob.map((e) => [e.id, e.path]));
  const stale = new Map(report.staleRootEra.map((e) => [e.id, e.currentPath]));
  const keep = await mapLimit(ids, 16, async (id) => {
    const gonePath = missing.get(id);
    if (gonePath !== undefined) return await port.blobExists(gonePath);
    const currentPath = stale.get(id);
    return currentPath === undefined || !(await port.blobExists(currentPath));
  });
  const skippedRechecked = ids.filter((_, i) => keep[i]);
  const toDelete = ids.filter((_, i) => !keep[i]);
  const failed: DeletionResult["failed"] = [];
  let deleted = 0;
  for (const batch of batches(toDelete, opts.batchSize)) {
    const results = await port.deleteBatch(batch);
    const answered = new Set<string>();
    for (const item of results) {
      answered.add(item.key);
      if (item.succeeded) deleted += 1;
      else failed.push({ key: item.key, statusCode: item.statusCode, message: item.errorMessage ?? null });
    }
    for (const key of batch)
      if (!answered.has(key)) failed.push({ key, statusCode: 0, message: "no per-item result returned" });
    opts.onProgress?.({ event: "deleting-orphans", deleted, total: toDelete.length });
  }
  return { requested: ids.length, skippedRechecked, deleted, failed };
}
