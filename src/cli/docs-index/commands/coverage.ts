// docs-index coverage: null counts of every countable field of the index (derived from the definition and the
// live index), with `$count` queries and request-level filters; the dedup filter to use now; index eTag and
// last good run. An empty index after a completed run fails. The use case is readCoverage
// (src/search/ops/coverage-read.ts, through ../common/coverage.ts).
import { checked } from "../../exit-codes.js";
import { coverageCommandLine, type CoverageFlags } from "../arguments/coverage.js";
import type { CommandModule } from "../command.js";
import { indexNames } from "../common/bluegreen.js";
import { coverageReport } from "../common/coverage.js";
import { announceTarget } from "../common/target.js";
import { coverageResult } from "../views/coverage.js";
import { showResult } from "../views/result.js";

export const coverageCommand: CommandModule = {
  register(program, run) {
    coverageCommandLine(program.command("coverage")).action(
      run(async (ctx, flags: CoverageFlags) => {
        announceTarget(ctx, "coverage", ["index", "indexer"]);
        const report = await coverageReport(ctx, flags.definitions);
        const index = await indexNames(ctx);
        showResult(ctx.out, coverageResult(report, index));
        return checked(report.complete);
      }),
    );
  },
};
