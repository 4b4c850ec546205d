// docs-index backfill: the manual full repopulation (spec backfill rules 2-3): reset, run, wait, then the status
// check and coverage before and after. A reset clears change tracking only: no document is deleted.
import { CliError, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions/definitions.js";
import { backfill } from "../../../search/ops/backfill.js";
import { fetchIndexerStatus } from "../../../search/io/search-io.js";
import { confirmDestructive } from "../common/confirm.js";
import { coverageReport } from "../common/coverage.js";
import { DEFINITIONS_OPTION_HELP } from "../common/definitions.js";
import { announceTarget } from "../common/target.js";
import { statusVerdict, verdictOutcome } from "../common/verdict.js";
import { addWaitOptions, waitForIndexerRun } from "../common/wait.js";
import { formatCoverageReport } from "../../../search/views/coverage-text.js";
import { formatBackfillResult } from "../../../search/views/backfill-text.js";

export const BACKFILL_COST =
  "A backfill resets the indexer's change tracking and runs it: one full re-crawl of the container (every blob is read and re-extracted; no enrichment, no skillset). No document is deleted and orphans are not cleaned up (see 'orphans').";

interface BackfillOptions {
  yes?: boolean;
  timeout: number;
  pollInterval: number;
  definitions?: string;
}

export const backfillCommand: CommandModule = {
  register(program, run) {
    addWaitOptions(program.command("backfill"), "")
      .description(
        "Reset and run the indexer (one full re-crawl, no document deleted), wait, then check status and coverage",
      )
      .option("-y, --yes", "confirm without a prompt (required without a TTY)")
      .option("--definitions <dir>", DEFINITIONS_OPTION_HELP, DEFAULT_DEFINITIONS_DIR)
      .addHelpText(
        "after",
        `\n${BACKFILL_COST}\n${exitCodeHelp({
          ok: "the run finished and the status check passed (every failure expected)",
          "check-failed": "the run finished but the status check failed",
          refused:
            "refused: a run is already in progress (or the run request lost a race: 409), no TTY and no --yes, or not confirmed",
          timeout: "timed out waiting; the run continues on the service",
          interrupted: "Ctrl-C: stopped waiting; the run continues on the service",
        })}`,
      )
      .action(
        run(async (ctx, opts: BackfillOptions) => {
          const { search } = ctx.config;
          announceTarget(ctx, "backfill", ["index", "indexer"]);
          const { indexerClient } = await ctx.search();
          const outcome = await backfill({
            indexerStatus: () => fetchIndexerStatus(indexerClient, search.indexer_name),
            coverage: () => coverageReport(ctx, opts.definitions),
            confirm: async (coverageBefore) => {
              ctx.out.info(`coverage before:\n${formatCoverageReport(coverageBefore)}`);
              ctx.out.info(BACKFILL_COST);
              await confirmDestructive(ctx, {
                action: `reset and run indexer ${search.indexer_name} (a full re-crawl into index ${search.index_name})`,
                loses:
                  "the indexer's change-tracking state (every blob is read again; no document is deleted); the run takes as long as a first population",
                yes: Boolean(opts.yes),
              });
            },
            resetIndexer: () => indexerClient.resetIndexer(search.indexer_name),
            runIndexer: () => indexerClient.runIndexer(search.indexer_name),
            started: () => ctx.out.note(`reset and started ${search.indexer_name}`),
            waitForRunAfter: (afterReset) =>
              waitForIndexerRun(ctx, {
                mode: { kind: "ours-after", before: afterReset },
                timeoutSeconds: opts.timeout,
                pollSeconds: opts.pollInterval,
              }),
            statusVerdict: (finished) => statusVerdict(ctx, { status: finished }),
          });
          if (outcome.kind === "refused") {
            throw new CliError(
              `a run of ${search.indexer_name} is in progress since ${outcome.runInProgressSince ?? "?"}: refusing to reset`,
              "refused",
              "Wait for it to finish (`npx docs-index status --wait`), then retry.",
            );
          }
          const { status: report, coverageBefore, coverageAfter } = outcome;
          const result = { status: report, coverageBefore, coverageAfter };
          ctx.out.result(result, () => formatBackfillResult(result));
          return verdictOutcome(report);
        }),
      );
  },
};
