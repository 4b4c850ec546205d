// docs-index snapshot: one JSON object pinning the schema (index eTag) and corpus state (last successful run,
// document count) for reproducible evaluations (spec backfill rule 6).
import { exitCodeHelp } from "../../exit-codes.js";
import { jsonDocument } from "../../output.js";
import type { CommandModule } from "../command.js";
import { buildSnapshot } from "../../../search/ops/snapshot.js";
import { runInProgress } from "../../../search/ops/indexer-status.js";
import { lastServingSuccessEnd } from "../../../search/bluegreen/serving-runs.js";
import { readServingRuns } from "../../../search/io/serving-runs-io.js";
import { countAll, fetchIndexerStatus, fetchIndexInfo, searchClient } from "../../../search/io/search-io.js";
import { indexNames } from "../common/bluegreen.js";
import { announceTarget } from "../common/target.js";
import { knowledgeSourceReport } from "../common/knowledge.js";

export const snapshotCommand: CommandModule = {
  register(program, run) {
    program
      .command("snapshot")
      .description(
        "Print the index eTag, the indexer's last successful run end, the document count and the API version, as one JSON object",
      )
      .addHelpText("after", exitCodeHelp({ ok: "printed (warnings on stderr for anything unavailable)" }))
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
          // The corpus state is the serving generation's: a failed candidate's crawl does not count.
          const serving = await readServingRuns(
            { indexClient, indexerClient },
            { index: search.index_name, indexer: search.indexer_name },
            status,
          );
          const snapshot = buildSnapshot(
            {
              index: search.index_name,
              indexer: search.indexer_name,
              indexEtag: info.etag,
              lastSuccessfulRunEnd: lastServingSuccessEnd(serving),
              lastSuccessfulRunUnknownReason: serving.basis === "unknown" ? serving.reason : null,
              runInProgress: runInProgress(status) !== null,
              documentCount,
              apiVersion: search.api_version,
              endpoint: ctx.endpoint,
              takenAt: new Date().toISOString(),
              tookMs: Math.round(performance.now() - started),
            },
            [
              ...(info.error ? [info.error] : []),
              ...(serving.basis === "assumed" && serving.caveat ? [serving.caveat] : []),
            ],
          );
          const index = await indexNames(ctx);
          // With agentic retrieval on, the generation the knowledge source reads is part of what was evaluated.
          const knowledgeSource = await knowledgeSourceReport(ctx, index).catch((err: unknown) => {
            snapshot.warnings.push(`the knowledge source could not be read (${(err as Error).message.split("\n")[0]})`);
            return null;
          });
          if (knowledgeSource?.problem) snapshot.warnings.push(knowledgeSource.problem);
          for (const w of snapshot.warnings) ctx.out.warn(w);
          // Always one JSON object (with format_version): the point is to paste it into an evaluation record.
          // `index` stays the configured name; `servingIndex` is the generation behind the alias (the eTag's).
          const pinned = {
            ...snapshot,
            servingIndex: index.serving,
            alias: index.alias,
            ...(knowledgeSource
              ? {
                  knowledgeSource: {
                    name: knowledgeSource.name,
                    index: knowledgeSource.index,
                    synchronizationStatus: knowledgeSource.synchronizationStatus,
                    current: knowledgeSource.current,
                  },
                }
              : {}),
          };
          ctx.out.result(pinned, () => JSON.stringify(jsonDocument(pinned), null, 2));
          return "ok";
        }),
      );
  },
};
