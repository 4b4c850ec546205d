// docs-index orphans: documents whose blob is gone, stale root-era copies, and app values that are no current
// app folder. Dry run unless --delete; never deletes a document whose blob exists (except a stale root-era copy,
// and only with --include-stale). Paging method: src/search/ops/io/document-pager.ts.
import type { ContainerClient } from "@azure/storage-blob";
import { ExitCode } from "../../exit-codes.js";
import type { CommandModule } from "../program.js";
import {
  batches,
  BlobIndex,
  formatOrphanReport,
  OrphanAccumulator,
  selectDeletions,
  type OrphanReport,
} from "../../../search/ops/orphans.js";
import { loadBlobIndex, mapLimit } from "../../../search/ops/io/blob-io.js";
import { streamDocRefs, type PagerState } from "../../../search/ops/io/document-pager.js";
import { searchClient } from "../../../search/ops/io/search-io.js";

interface OrphanOptions {
  delete?: boolean;
  includeStale?: boolean;
  apps?: string;
  batchSize: string;
}

export interface DeletionResult {
  requested: number;
  /** Candidates whose situation changed since the listing (blob re-appeared, app copy gone): not deleted. */
  skippedRechecked: string[];
  deleted: number;
  failed: { key: string; statusCode: number; message: string | null }[];
}

export const ORPHANS_EXIT_CODES = `
Exit codes:
  0  nothing to clean up (or everything selected was deleted, every per-item result checked)
  1  orphans or stale documents found (dry run), a delete failed for some item, or the listing was incomplete
  2  usage or configuration error
  3  the service or the storage account could not be reached or refused the request`;

export const orphansCommand: CommandModule = {
  register(program, run) {
    program
      .command("orphans")
      .description(
        "Compare the container listing with the index: documents whose blob is gone, stale root-era documents, unknown app values",
      )
      .option("--delete", "delete the documents whose blob no longer exists (default: report only)")
      .option(
        "--include-stale",
        "with --delete, also delete stale root-era documents (their page is now served from an app folder)",
      )
      .option("--apps <list>", "comma-separated current app folders (default: the container's top-level folders)")
      .option("--batch-size <n>", "documents per delete batch (at most 1000)", "1000")
      .addHelpText("after", ORPHANS_EXIT_CODES)
      .action(
        run(async (ctx, opts: OrphanOptions) => {
          const { search } = ctx.config;
          const batchSize = Number.parseInt(opts.batchSize, 10);
          if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1000) {
            ctx.out.error("--batch-size must be an integer from 1 to 1000");
            return ExitCode.Usage;
          }
          if (opts.includeStale && !opts.delete) ctx.out.warn("--include-stale has no effect without --delete");
          const apps = opts.apps
            ? new Set(
                opts.apps
                  .split(",")
                  .map((s) => s.trim())
                  .filter(Boolean),
              )
            : undefined;

          const container = ctx.blobService().getContainerClient(search.container);
          const blobs = new BlobIndex();
          await loadBlobIndex(container, blobs, (n) => ctx.out.progress(`listing blobs: ${n}`));
          const client = searchClient(ctx);
          const acc = new OrphanAccumulator(blobs, { container: search.container, ...(apps ? { apps } : {}) });
          const pager: PagerState = { pages: 0, incomplete: [] };
          let n = 0;
          for await (const doc of streamDocRefs(client, pager)) {
            acc.add(doc);
            if (++n % 5000 === 0) ctx.out.progress(`reading documents: ${n}`);
          }
          const report = acc.report();
          for (const why of pager.incomplete) ctx.out.warn(`listing incomplete: ${why}`);

          let deletion: DeletionResult | null = null;
          if (opts.delete) {
            deletion = await deleteOrphans(report, {
              includeStale: Boolean(opts.includeStale),
              batchSize,
              container,
              client,
              onProgress: (l) => ctx.out.progress(l),
            });
          }
          const result = { ...report, incomplete: pager.incomplete, deletion, dryRun: !opts.delete };
          ctx.out.result(result, () => {
            const text = formatOrphanReport(report);
            if (!deletion)
              return `${text}\n(dry run: nothing deleted; --delete removes the documents whose blob is gone${report.staleRootEra.length ? ", --include-stale also the stale ones" : ""})`;
            return `${text}\ndeleted ${deletion.deleted} of ${deletion.requested}; ${deletion.failed.length} failed; ${deletion.skippedRechecked.length} skipped after re-checking storage`;
          });
          if (pager.incomplete.length > 0) return ExitCode.CheckFailed;
          if (deletion) return deletion.failed.length > 0 ? ExitCode.CheckFailed : ExitCode.Ok;
          return report.missingBlob.length + report.staleRootEra.length > 0 ? ExitCode.CheckFailed : ExitCode.Ok;
        }),
      );
  },
};

async function deleteOrphans(
  report: OrphanReport,
  opts: {
    includeStale: boolean;
    batchSize: number;
    container: ContainerClient;
    client: ReturnType<typeof searchClient>;
    onProgress: (line: string) => void;
  },
): Promise<DeletionResult> {
  const ids = selectDeletions(report, { includeStale: opts.includeStale });
  // Re-check storage right before deleting: a blob uploaded since the listing keeps its document.
  const missing = new Map(report.missingBlob.map((e) => [e.id, e.path]));
  const stale = new Map(report.staleRootEra.map((e) => [e.id, e.currentPath]));
  const keep = await mapLimit(ids, 16, async (id) => {
    const gonePath = missing.get(id);
    if (gonePath !== undefined) return await opts.container.getBlobClient(gonePath).exists();
    const currentPath = stale.get(id);
    return currentPath === undefined || !(await opts.container.getBlobClient(currentPath).exists());
  });
  const skippedRechecked = ids.filter((_, i) => keep[i]);
  const toDelete = ids.filter((_, i) => !keep[i]);
  const failed: DeletionResult["failed"] = [];
  let deleted = 0;
  for (const batch of batches(toDelete, opts.batchSize)) {
    const result = await opts.client.deleteDocuments("id", batch);
    const answered = new Set<string>();
    for (const item of result.results) {
      answered.add(item.key);
      if (item.succeeded) deleted += 1;
      else failed.push({ key: item.key, statusCode: item.statusCode, message: item.errorMessage ?? null });
    }
    for (const key of batch)
      if (!answered.has(key)) failed.push({ key, statusCode: 0, message: "no per-item result returned" });
    opts.onProgress(`deleted ${deleted} of ${toDelete.length}`);
  }
  return { requested: ids.length, skippedRechecked, deleted, failed };
}
