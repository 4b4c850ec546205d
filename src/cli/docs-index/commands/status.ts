// docs-index status: the indexer's last run and recent history, every error classified expected/unexpected;
// --wait first waits for a run in progress to end.
import { Option } from "commander";
import { exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { integerIn } from "../common/options.js";
import { indexNames } from "../common/bluegreen.js";
import { announceTarget } from "../common/target.js";
import { statusVerdict, verdictOutcome } from "../common/verdict.js";
import { addWaitOptions, waitForIndexerRun } from "../common/wait.js";
import { formatStatusResult } from "../../../search/views/status-text.js";
import { knowledgeSourceReport } from "../common/knowledge.js";

interface StatusOptions {
  history: number;
  wait?: boolean;
  timeout: number;
  pollInterval: number;
}

export const statusCommand: CommandModule = {
  register(program, run) {
    addWaitOptions(program.command("status"), "with --wait: ")
      .description("Show the indexer's last run and recent history; classify every error as expected or unexpected")
      .addOption(
        new Option("--history <n>", "how many recent runs to show (1-50)")
          .default(10)
          .argParser(integerIn("--history", 1, 50)),
      )
      .option("--wait", "if a run is in progress, wait for it to end first (progress on stderr)")
      .addHelpText(
        "after",
        exitCodeHelp({
          ok: "the last completed run is not a failure, every failure in it is expected (search.expected_failures), and the index holds documents",
          "check-failed":
            "the last run into the serving generation failed (a failed rebuild's crawl into its candidate is reported, not judged), which runs went into it cannot be told, an unexpected or unexplained failure was found (even when the service says success), the indexer has no completed run yet, or the index is empty after a completed run; with search.agentic_retrieval: the knowledge source is missing or names an index that is not the alias's current one",
          timeout: "with --wait: timed out waiting; the run continues",
          interrupted: "with --wait: Ctrl-C stopped the wait (not the run)",
        }),
      )
      .action(
        run(async (ctx, opts: StatusOptions) => {
          announceTarget(ctx, "status", ["index", "indexer"]);
          const status = opts.wait
            ? await waitForIndexerRun(ctx, {
                mode: { kind: "current" },
                timeoutSeconds: opts.timeout,
                pollSeconds: opts.pollInterval,
              })
            : undefined;
          const report = await statusVerdict(ctx, { historyLimit: opts.history, ...(status ? { status } : {}) });
          const index = await indexNames(ctx, { phase: true });
          // With agentic retrieval on: the knowledge source must read the generation the alias serves.
          const knowledgeSource = await knowledgeSourceReport(ctx, index);
          ctx.out.result({ ...report, index, ...(knowledgeSource ? { knowledgeSource } : {}) }, () =>
            formatStatusResult(report, index, knowledgeSource),
          );
          const knowledgeOk = !knowledgeSource || knowledgeSource.current;
          return knowledgeOk ? verdictOutcome(report) : "check-failed";
        }),
      );
  },
};
