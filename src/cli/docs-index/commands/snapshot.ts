// docs-index snapshot: one JSON object pinning the schema (index eTag) and corpus state (last successful run,
// document count) for reproducible evaluations (spec backfill rule 6).
import { ExitCode } from "../../exit-codes.js";
import type { CommandModule } from "../program.js";
import { buildSnapshot } from "../../../search/ops/snapshot.js";
import { lastSuccessfulRunEnd, runInProgress } from "../../../search/ops/indexer-status.js";
import { countAll, fetchIndexerStatus, fetchIndexInfo, searchClient } from "../../../search/ops/io/search-io.js";

export const snapshotCommand: CommandModule = {
  register(program, run) {
    program
      .command("snapshot")
      .description(
        "Print the index eTag, the indexer's last successful run end, the document count and the API version, as one JSON object",
      )
      .addHelpText(
        "after",
        "\nExit codes: 0 printed (warnings on stderr for anything unavailable), 2 config error, 3 service error.",
      )
      .action(
        run(async (ctx) => {
          const started = performance.now();
          const { search } = ctx.config;
          const [info, status, documentCount] = await Promise.all([
            fetchIndexInfo(ctx.indexClient(), search.index_name),
            fetchIndexerStatus(ctx.indexerClient(), search.indexer_name),
            countAll(searchClient(ctx)),
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
          for (const w of snapshot.warnings) ctx.out.warn(w);
          // Always one JSON object: the point is to paste it into an evaluation record.
          ctx.out.result(snapshot, () => JSON.stringify(snapshot, null, 2));
          return ExitCode.Ok;
        }),
      );
  },
};
