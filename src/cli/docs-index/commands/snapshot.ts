// docs-index snapshot: one JSON object pinning the schema (index eTag) and corpus state (last successful run,
// document count) for reproducible evaluations (spec backfill rule 6).
import { exitCodeHelp } from "../../exit-codes.js";
import { jsonDocument } from "../../output.js";
import type { CommandModule } from "../command.js";
import { takeSnapshot } from "../../../search/ops/snapshot.js";
import { indexNames } from "../common/bluegreen.js";
import { indexReads } from "../common/index-reads.js";
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
          const pinned = await takeSnapshot(
            {
              ...(await indexReads(ctx)),
              indexNames: () => indexNames(ctx),
              knowledgeSource: (index) => knowledgeSourceReport(ctx, index),
              elapsedMs: () => performance.now() - started,
              now: () => new Date(),
            },
            {
              index: search.index_name,
              indexer: search.indexer_name,
              apiVersion: search.api_version,
              endpoint: ctx.endpoint,
            },
          );
          for (const w of pinned.warnings) ctx.out.warn(w);
          // Always one JSON object (with format_version): the point is to paste it into an evaluation record.
          ctx.out.result(pinned, () => JSON.stringify(jsonDocument(pinned), null, 2));
          return "ok";
        }),
      );
  },
};
