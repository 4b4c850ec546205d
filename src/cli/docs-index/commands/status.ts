// docs-index status: the indexer's last run and recent history, every error classified expected/unexpected, and
// with agentic retrieval on whether the knowledge source reads the generation the alias serves; --wait first
// waits for a run in progress to end. The use case is checkIndexStatus (src/search/ops/status-report.ts).
import { checkIndexStatus } from "../../../search/ops/status-report.js";
import { checked } from "../../exit-codes.js";
import { parseStatus, statusCommandLine, type StatusFlags } from "../arguments/status.js";
import type { CommandModule } from "../command.js";
import { indexNames } from "../common/bluegreen.js";
import { indexReads } from "../common/index-reads.js";
import { knowledgeSourceReport } from "../common/knowledge.js";
import { announceTarget } from "../common/target.js";
import { waitForIndexerRun } from "../common/wait.js";
import { showResult } from "../views/result.js";
import { statusResult } from "../views/status.js";

export const statusCommand: CommandModule = {
  register(program, run) {
    statusCommandLine(program.command("status")).action(
      run(async (ctx, flags: StatusFlags) => {
        const args = parseStatus(flags);
        const { search } = ctx.config;
        announceTarget(ctx, "status", ["index", "indexer"]);
        const status = await checkIndexStatus(
          {
            ...(await indexReads(ctx)),
            waitForRun: () => waitForIndexerRun(ctx, { mode: { kind: "current" }, ...args.waitFor }),
            indexNames: () => indexNames(ctx, { phase: true }),
            knowledgeSource: (index) => knowledgeSourceReport(ctx, index),
          },
          {
            container: search.container,
            expectedFailures: search.expected_failures,
            historyLimit: args.historyLimit,
            wait: args.wait,
          },
        );
        showResult(ctx.out, statusResult(status));
        return checked(status.passed);
      }),
    );
  },
};
