// docs-index orphans: documents whose blob is gone, stale root-era copies, and app values that are no current
// app folder. Dry run unless --delete (confirmed on a TTY, --yes without one); never deletes a document whose
// blob exists (except a stale root-era copy, and only with --include-stale). The use case is cleanOrphans
// (src/search/ops/orphan-cleanup.ts); here its ports over Storage and Search (paging:
// src/search/io/document-pager.ts) and the view.
import { cleanOrphans } from "../../../search/ops/orphan-cleanup.js";
import { loadBlobIndex } from "../../../search/io/blob-io.js";
import { streamDocRefs, type PagerState } from "../../../search/io/document-pager.js";
import { searchClient } from "../../../search/io/search-io.js";
import { incompleteListingWarning, orphanDeletionStep } from "../../../search/views/orphans-text.js";
import { progressLine } from "../../../search/views/progress-text.js";
import { checked } from "../../exit-codes.js";
import { orphansCommandLine, parseOrphans, type OrphansFlags } from "../arguments/orphans.js";
import type { CommandModule } from "../command.js";
import { confirmDestructive } from "../common/confirm.js";
import { announceTarget, describeTarget } from "../common/target.js";
import { orphansResult } from "../views/orphans.js";
import { showResult } from "../views/result.js";

export const orphansCommand: CommandModule = {
  register(program, run) {
    orphansCommandLine(program.command("orphans")).action(
      run(async (ctx, flags: OrphansFlags) => {
        const args = parseOrphans(flags);
        for (const warning of args.warnings) ctx.out.warn(warning);
        const { search } = ctx.config;
        announceTarget(ctx, args.verb, ["index", "container"], { storage: true });
        const container = (await ctx.blobService()).getContainerClient(search.container);
        // The search client only once the blobs are listed (ctx.search() keeps its clients).
        let indexClient: ReturnType<typeof searchClient> | undefined;
        const index = async () => (indexClient ??= searchClient((await ctx.search()).indexClient, search.index_name));
        const pager: PagerState = { pages: 0, incomplete: [] };
        const cleanup = await cleanOrphans(
          {
            listBlobs: (into, onProgress) => loadBlobIndex(container, into, onProgress),
            documents: async () => ({ refs: streamDocRefs(await index(), pager), incomplete: pager.incomplete }),
            progress: (event) => ctx.out.progress(progressLine(event)),
            incomplete: (why) => ctx.out.warn(incompleteListingWarning(why)),
            confirm: async (selection) => {
              const step = orphanDeletionStep(selection, search.index_name);
              await confirmDestructive(ctx, { ...step, yes: args.yes, storage: true });
            },
            blobExists: (path) => container.getBlobClient(path).exists(),
            deleteBatch: async (keys) => (await (await index()).deleteDocuments("id", keys)).results,
          },
          {
            container: search.container,
            apps: args.apps,
            delete: args.delete,
            includeStale: args.includeStale,
            batchSize: args.batchSize,
          },
        );
        showResult(ctx.out, orphansResult(cleanup, { index: search.index_name, where: describeTarget(ctx) }));
        return checked(cleanup.passed);
      }),
    );
  },
};
