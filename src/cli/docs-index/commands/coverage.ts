// docs-index coverage: null counts of every countable field of the index (derived from the definition and the
// live index), with `$count` queries and request-level filters; the dedup filter to use now; index eTag and
// last good run. An empty index after a completed run fails.
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions/definitions.js";
import { exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { coverageReport } from "../common/coverage.js";
import { DEFINITIONS_OPTION_HELP } from "../common/definitions.js";
import { announceTarget } from "../common/target.js";
import { indexNames } from "../common/bluegreen.js";
import { formatIndexNames } from "../../../search/views/index-names-text.js";
import { formatCoverageReport } from "../../../search/views/coverage-text.js";

export const coverageCommand: CommandModule = {
  register(program, run) {
    program
      .command("coverage")
      .description(
        "Count documents still holding null in each field of the index (fields from the definition and the live index); say which dedup filter to use now",
      )
      .option("--definitions <dir>", DEFINITIONS_OPTION_HELP, DEFAULT_DEFINITIONS_DIR)
      .addHelpText(
        "after",
        exitCodeHelp({
          ok: "every counted field except the content-dependent ones (tags, description) is filled wherever a run can fill it",
          "check-failed":
            "documents still wait for a reset and run (see 'backfill'), or the index is empty after a completed run",
        }),
      )
      .action(
        run(async (ctx, opts: { definitions?: string }) => {
          announceTarget(ctx, "coverage", ["index", "indexer"]);
          const report = await coverageReport(ctx, opts.definitions);
          const index = await indexNames(ctx);
          ctx.out.result({ ...report, index }, () => `${formatIndexNames(index)}\n${formatCoverageReport(report)}`);
          return report.complete ? "ok" : "check-failed";
        }),
      );
  },
};
