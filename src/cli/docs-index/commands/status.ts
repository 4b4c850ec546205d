// docs-index status: the indexer's last run and recent history, every error classified expected/unexpected.
import { Option } from "commander";
import { ExitCode } from "../../exit-codes.js";
import type { CommandModule } from "../program.js";
import { buildStatusReport, formatStatusReport, type StatusReport } from "../../../search/ops/status-report.js";
import { fetchIndexerStatus } from "../../../search/ops/io/search-io.js";
import type { CliContext } from "../../context.js";

export const STATUS_EXIT_CODES = `
Exit codes:
  0  the last completed run is not a failure and every failure in it is expected (search.expected_failures)
  1  the last run failed, or an unexpected/unexplained failure was found (even when the service says success),
     or the indexer has no completed run yet
  2  usage or configuration error
  3  the service could not be reached or refused the request (403; 429/503 after the SDK's retries)`;

export async function statusReport(ctx: CliContext, historyLimit = 10): Promise<StatusReport> {
  const { search } = ctx.config;
  const status = await fetchIndexerStatus(ctx.indexerClient(), search.indexer_name);
  return buildStatusReport(status, {
    container: search.container,
    expectedFailures: search.expected_failures,
    historyLimit,
  });
}

export const statusCommand: CommandModule = {
  register(program, run) {
    program
      .command("status")
      .description("Show the indexer's last run and recent history; classify every error as expected or unexpected")
      .addOption(
        new Option("--history <n>", "how many recent runs to show")
          .default("10")
          .argParser((v) => Number.parseInt(v, 10)),
      )
      .addHelpText("after", STATUS_EXIT_CODES)
      .action(
        run(async (ctx, opts: { history: number }) => {
          const report = await statusReport(ctx, Number.isFinite(opts.history) && opts.history > 0 ? opts.history : 10);
          ctx.out.result(report, () => formatStatusReport(report));
          return report.ok ? ExitCode.Ok : ExitCode.CheckFailed;
        }),
      );
  },
};
