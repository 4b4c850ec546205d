// docs-index snapshot: one JSON object pinning the schema (index eTag) and corpus state (last successful run,
// document count) for reproducible evaluations (spec backfill rule 6).
import { ExitCode, exitCodeHelp } from "../../exit-codes.js";
import { jsonDocument } from "../../output.js";
import type { CommandModule } from "../command.js";
import { buildSnapshot } from "../../../search/ops/snapshot.js";
import { lastSuccessfulRunEnd, runInProgress } from "../../../search/ops/indexer-status.js";
import { countAll, fetchIndexerStatus, fetchIndexInfo, searchClient } from "../../../search/io/search-io.js";
import { indexNames } from "../common/bluegreen.js";
import { announceTarget } from "../common/target.js";

export const snapshotCommand: CommandModule = {
  register(program, run) {
    program
      .command("snapshot")
      .description(
        "Print the index eTag, the indexer's last successful run end, the document count and the API version, as one JSON object",
      )
      .addHelpText("after", exitCodeHelp({ 0: "printed (warnings on stderr for anything unavailable)" }))
      .action(
        run(async (ctx) => {
          const started = performance.now();
          const { search } = ctx.config;
          announceTarget(ctx, "snapshot", ["index", "indexer"]);
          const { indexClient, indexerClient } = await ctx.search();
          const [info, status, documentCount] = await Promise.all([
            fetchIndexInfo(indexClient, search.index_name),
            fetchIndexerStatus(indexerClient, search.indexer_name),
            countAll(searchClient(indexClient, search.index_name)),
          ]);
          const snapshot = buildSnapshot(
            {
              index: search.index_name,
              indexer: search.indexer_name,
              indexEtag: info.etag,
              lastSuccessfulRunEnd: lastSuccessfulRunEnd(status),
              runInProgress: runInProgress(status) !== null,
              documentCount,
              apiVersion: search.api_version,
              endpoint: ctx.endpoint,
              takenAt: new Date().toISOString(),
              tookMs: Math.round(performance.now() - started),
            },
            info.error ? [info.error] : [],
          );
          const index = await indexNames(ctx);
          for (const w of snapshot.warnings) ctx.out.warn(w);
          // Always one JSON object (with format_version): the point is to paste it into an evaluation record.
          // `index` stays the configured name; `servingIndex` is the generation behind the alias (the eTag's).
          const pinned = { ...snapshot, servingIndex: index.serving, alias: index.alias };
          ctx.out.result(pinned, () => JSON.stringify(jsonDocument(pinned), null, 2));
          return ExitCode.Ok;
        }),
      );
  },
};
