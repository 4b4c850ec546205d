// docs-index backfill: the manual full repopulation (spec backfill rules 2-3): reset, run, wait, then the status
// check and coverage before and after. A reset clears change tracking only: no document is deleted. The use case
// is src/search/ops/backfill.ts; here its ports over the SDK, the confirmation and the wait.
import { backfill } from "../../../search/ops/backfill.js";
import { fetchIndexerStatus } from "../../../search/io/search-io.js";
import { BACKFILL_COST, backfillRefusal, backfillStep } from "../../../search/views/backfill-text.js";
import { formatCoverageReport } from "../../../search/views/coverage-text.js";
import { CliError, checked } from "../../exit-codes.js";
import { backfillCommandLine, parseBackfill, type BackfillFlags } from "../arguments/backfill.js";
import type { CommandModule } from "../command.js";
import { confirmDestructive } from "../common/confirm.js";
import { coverageReport } from "../common/coverage.js";
import { announceTarget } from "../common/target.js";
import { statusVerdict } from "../common/verdict.js";
import { waitForIndexerRun } from "../common/wait.js";
import { backfillResult } from "../views/backfill.js";
import { showResult } from "../views/result.js";

export const backfillCommand: CommandModule = {
  register(program, run) {
    backfillCommandLine(program.command("backfill")).action(
      run(async (ctx, flags: BackfillFlags) => {
        const args = parseBackfill(flags);
        const { search } = ctx.config;
        announceTarget(ctx, "backfill", ["index", "indexer"]);
        const { indexerClient } = await ctx.search();
        const outcome = await backfill({
          indexerStatus: () => fetchIndexerStatus(indexerClient, search.indexer_name),
          coverage: () => coverageReport(ctx, args.definitions),
          confirm: async (coverageBefore) => {
            ctx.out.info(`coverage before:\n${formatCoverageReport(coverageBefore)}`);
            ctx.out.info(BACKFILL_COST);
            const step = backfillStep(search.indexer_name, search.index_name);
            await confirmDestructive(ctx, { ...step, yes: args.yes });
          },
          resetIndexer: () => indexerClient.resetIndexer(search.indexer_name),
          runIndexer: () => indexerClient.runIndexer(search.indexer_name),
          started: () => ctx.out.note(`reset and started ${search.indexer_name}`),
          waitForRunAfter: (afterReset) =>
            waitForIndexerRun(ctx, { mode: { kind: "ours-after", before: afterReset }, ...args.waitFor }),
          statusVerdict: (finished) => statusVerdict(ctx, { status: finished }),
        });
        if (outcome.kind === "refused") {
          const refusal = backfillRefusal(search.indexer_name, outcome.runInProgressSince);
          throw new CliError(refusal.message, "refused", refusal.hint);
        }
        showResult(ctx.out, backfillResult(outcome));
        return checked(outcome.status.ok);
      }),
    );
  },
};
