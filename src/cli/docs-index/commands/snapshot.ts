// docs-index snapshot: one JSON object pinning the schema (index eTag) and corpus state (last successful run,
// document count) for reproducible evaluations (spec backfill rule 6). The use case is takeSnapshot
// (src/search/ops/snapshot.ts).
import { takeSnapshot } from "../../../search/ops/snapshot.js";
import { jsonDocument } from "../../output.js";
import { snapshotCommandLine } from "../arguments/snapshot.js";
import type { CommandModule } from "../command.js";
import { indexNames } from "../common/bluegreen.js";
import { indexReads } from "../common/index-reads.js";
import { knowledgeSourceReport } from "../common/knowledge.js";
import { announceTarget } from "../common/target.js";
import { showResult } from "../views/result.js";
import { snapshotResult } from "../views/snapshot.js";

export const snapshotCommand: CommandModule = {
  register(program, run) {
    snapshotCommandLine(program.command("snapshot")).action(
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
        // Before the object: a pipeline reading stdout alone gets the object, a person sees what it lacks first.
        for (const warning of pinned.warnings) ctx.out.warn(warning);
        showResult(ctx.out, snapshotResult(pinned, jsonDocument));
        return "ok";
      }),
    );
  },
};
