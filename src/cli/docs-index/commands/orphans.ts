// docs-index orphans: documents whose blob is gone, stale root-era copies, and app values that are no current
// app folder. Dry run unless --delete (confirmed on a TTY, --yes without one); never deletes a document whose
// blob exists (except a stale root-era copy, and only with --include-stale). Paging method:
// src/search/io/document-pager.ts; deletion rules: src/search/ops/orphan-deletion.ts.
import { Option } from "commander";

import { exitCodeHelp } from "../../exit-codes.js";

import type { CommandModule } from "../command.js";

import { selectDeletions } from "../../../search/ops/orphans.js";
import { surveyOrphans } from "../../../search/ops/orphan-survey.js";
import { deleteOrphans, type DeletionResult } from "../../../search/ops/orphan-deletion.js";
import { loadBlobIndex } from "../../../search/io/blob-io.js";

import { streamDocRefs, type PagerState } from "../../../search/io/document-pager.js";

import { searchClient } from "../../../search/io/search-io.js";

import { confirmDestructive } from "../common/confirm.js";

import { integerIn } from "../common/options.js";

import { announceTarget, describeTarget } from "../common/target.js";

import { formatOrphansResult } from "../../../search/views/orphans-text.js";
import { progressLine } from "../../../search/views/progress-text.js";

interface OrphanOptions {
  delete?: boolean;
  includeStale?: boolean;
  apps?: string;
  batchSize: number;
  yes?: boolean;
}

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
      .option("-y, --yes", "with --delete: confirm without a prompt (required without a TTY)")
      .option("--apps <list>", "comma-separated current app folders (default: the container's top-level folders)")
      .addOption(
        new Option("--batch-size <n>", "documents per delete batch (1-1000)")
          .default(1000)
          .argParser(integerIn("--batch-size", 1, 1000)),
      )
      .addHelpText(
        "after",
        exitCodeHelp({
          ok: "nothing to clean up (or everything selected was deleted, every per-item result checked)",
          "check-failed":
            "orphans or stale documents found (dry run), a delete failed for some item, or the listing was incomplete",
          "service-error": "the service or the storage account could not be reached, gave no answer or refused",
          refused: "--delete not confirmed, or no TTY and no --yes",
        }),
      )
      .action(
        run(async (ctx, opts: OrphanOptions) => {
          const { search } = ctx.config;
          if (opts.includeStale && !opts.delete) ctx.out.warn("--include-stale has no effect without --delete");
          const apps = opts.apps
            ? new Set(
                opts.apps
                  .split(",")
                  .map((s) => s.trim())
                  .filter(Boolean),
              )
            : undefined;
          announceTarget(ctx, opts.delete ? "orphans --delete" : "orphans (dry run)", ["index", "container"], {
            storage: true,
          });

          const container = (await ctx.blobService()).getContainerClient(search.container);
          // The search client only once the blobs are listed (ctx.search() keeps its clients).
          let indexClient: ReturnType<typeof searchClient> | undefined;
          const index = async () => (indexClient ??= searchClient((await ctx.search()).indexClient, search.index_name));
          const pager: PagerState = { pages: 0, incomplete: [] };
          const { report } = await surveyOrphans(
            {
              listBlobs: (into, onProgress) => loadBlobIndex(container, into, onProgress),
              documents: async () => ({ refs: streamDocRefs(await index(), pager), incomplete: pager.incomplete }),
              progress: (event) => ctx.out.progress(progressLine(event)),
            },
            { container: search.container, ...(apps ? { apps } : {}) },
          );
          const client = await index();
          for (const why of pager.incomplete) ctx.out.warn(`listing incomplete: ${why}`);

          let deletion: DeletionResult | null = null;
          const selected = opts.delete ? selectDeletions(report, { includeStale: Boolean(opts.includeStale) }) : [];
          if (opts.delete) {
            if (selected.length > 0)
              await confirmDestructive(ctx, {
                action: `delete ${selected.length} document(s) from index ${search.index_name}`,
                loses: `${selected.length} document(s) (${report.missingBlob.length} whose blob is gone${opts.includeStale ? `, ${report.staleRootEra.length} stale root-era copies` : ""}); a later indexer run does not bring back a document whose blob is gone`,
                yes: Boolean(opts.yes),
                storage: true,
              });
            deletion = await deleteOrphans(
              {
                blobExists: (path) => container.getBlobClient(path).exists(),
                deleteBatch: async (keys) => (await client.deleteDocuments("id", keys)).results,
              },
              report,
              {
                includeStale: Boolean(opts.includeStale),
                batchSize: opts.batchSize,
                onProgress: (event) => ctx.out.progress(progressLine(event)),
              },
            );
          }
          const result = { ...report, incomplete: pager.incomplete, deletion, dryRun: !opts.delete };
          const where = `index ${search.index_name} (${describeTarget(ctx)})`;
          ctx.out.result(result, () => formatOrphansResult(report, { dryRun: !opts.delete, deletion, target: where }));
          if (pager.incomplete.length > 0) return "check-failed";
          if (opts.delete) return deletion && deletion.failed.length > 0 ? "check-failed" : "ok";
          return report.missingBlob.length + report.staleRootEra.length > 0 ? "check-failed" : "ok";
        }),
      );
  },
};
