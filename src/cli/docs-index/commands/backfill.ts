// docs-index backfill: the manual full repopulation (spec backfill rules 2-3): reset, run, wait, then the status
// check and coverage before and after. A reset clears change tracking only: no document is deleted.
import { createInterface } from "node:readline/promises";
import { Option } from "commander";
import { CliError, ExitCode } from "../../exit-codes.js";
import type { CliContext } from "../../context.js";
import type { CommandModule } from "../program.js";
import { formatCoverageReport, type CoverageReport } from "../../../search/ops/coverage.js";
import { runInProgress, type IndexerStatusRecord } from "../../../search/ops/indexer-status.js";
import { fetchIndexerStatus } from "../../../search/ops/io/search-io.js";
import { buildStatusReport, formatStatusReport } from "../../../search/ops/status-report.js";
import { coverageReport } from "./coverage.js";

export const BACKFILL_COST =
  "A backfill resets the indexer's change tracking and runs it: one full re-crawl of the container (every blob is read and re-extracted; no enrichment, no skillset). No document is deleted and orphans are not cleaned up (see 'orphans').";

export const BACKFILL_EXIT_CODES = `
Exit codes:
  0    the run finished and the status check passed (every failure expected)
  1    the run finished but the status check failed
  2    usage or configuration error
  3    the service could not be reached or refused the request
  4    refused: a run is already in progress (or the run request lost a race: 409), no TTY and no --yes, or not confirmed
  5    timed out waiting; the run continues on the service
  130  Ctrl-C: stopped waiting; the run continues on the service`;

interface BackfillOptions {
  yes?: boolean;
  timeout: number;
  pollInterval: number;
}

/** Confirmation: --yes, or "yes" typed on a TTY. Never waits on a non-interactive stdin. */
async function confirm(
  ctx: CliContext,
  yes: boolean | undefined,
  stdin: NodeJS.ReadStream = process.stdin,
): Promise<void> {
  if (yes) return;
  if (!stdin.isTTY)
    throw new CliError(
      "refusing to start a full re-crawl without confirmation: no TTY and no --yes",
      ExitCode.Refused,
      "Re-run with --yes to confirm.",
    );
  const rl = createInterface({ input: stdin, output: process.stderr });
  try {
    const answer = await rl.question(
      `${BACKFILL_COST}\nType "yes" to reset and run ${ctx.config.search.indexer_name}: `,
    );
    if (answer.trim().toLowerCase() !== "yes") throw new CliError("not confirmed: nothing was reset", ExitCode.Refused);
  } finally {
    rl.close();
  }
}

function runIdentity(status: IndexerStatusRecord): string | null {
  const r = status.lastResult;
  return r ? `${r.status}@${r.startTime ?? ""}` : null;
}

/** Resolves when Ctrl-C is pressed (the listener is removed by `dispose`). */
function interruption(): { promise: Promise<"interrupted">; dispose: () => void } {
  let handler: () => void = () => {};
  const promise = new Promise<"interrupted">((resolve) => {
    handler = () => resolve("interrupted");
    process.once("SIGINT", handler);
  });
  return { promise, dispose: () => process.removeListener("SIGINT", handler) };
}

/** Waits `ms` unless interrupted first. The timer must stay ref'd: it is what keeps the process alive between polls. */
async function sleepOrInterrupt(ms: number, interrupted: Promise<"interrupted">): Promise<"tick" | "interrupted"> {
  let timer: NodeJS.Timeout | undefined;
  const tick = new Promise<"tick">((resolve) => (timer = setTimeout(() => resolve("tick"), ms)));
  try {
    return await Promise.race([tick, interrupted]);
  } finally {
    clearTimeout(timer);
  }
}

export const backfillCommand: CommandModule = {
  register(program, run) {
    program
      .command("backfill")
      .description(
        "Reset and run the indexer (one full re-crawl, no document deleted), wait, then check status and coverage",
      )
      .option("-y, --yes", "confirm without a prompt (required without a TTY)")
      .addOption(
        new Option("--timeout <seconds>", "stop waiting after this long (the run continues)")
          .default(7200)
          .argParser(Number),
      )
      .addOption(new Option("--poll-interval <seconds>", "seconds between status polls").default(10).argParser(Number))
      .addHelpText("after", `\n${BACKFILL_COST}\n${BACKFILL_EXIT_CODES}`)
      .action(
        run(async (ctx, opts: BackfillOptions) => {
          const { search } = ctx.config;
          const indexers = ctx.indexerClient();
          if (!(opts.timeout > 0) || !(opts.pollInterval > 0))
            throw new CliError("--timeout and --poll-interval must be positive numbers of seconds", ExitCode.Usage);

          const before = await fetchIndexerStatus(indexers, search.indexer_name);
          const active = runInProgress(before);
          if (active) {
            throw new CliError(
              `a run of ${search.indexer_name} is in progress since ${active.startTime ?? "?"}: refusing to reset`,
              ExitCode.Refused,
              "Wait for it to finish ('docs-index status'), then retry.",
            );
          }
          const coverageBefore = await coverageReport(ctx);
          ctx.out.info(`coverage before:\n${formatCoverageReport(coverageBefore)}`);
          ctx.out.info(BACKFILL_COST);
          await confirm(ctx, opts.yes);

          // Ctrl-C from here on must not leave a reset without its run: it only ends the wait.
          const stop = interruption();
          try {
            await indexers.resetIndexer(search.indexer_name);
            const afterReset = runIdentity(await fetchIndexerStatus(indexers, search.indexer_name));
            await indexers.runIndexer(search.indexer_name);
            ctx.out.info(`reset and started ${search.indexer_name}; waiting (Ctrl-C stops waiting, not the run)`);
            const started = Date.now();
            for (;;) {
              const status = await fetchIndexerStatus(indexers, search.indexer_name);
              const last = status.lastResult;
              const ours = last !== null && runIdentity(status) !== afterReset && last.status !== "reset";
              if (ours && last.status !== "inProgress") break;
              const elapsed = Math.round((Date.now() - started) / 1000);
              ctx.out.progress(
                `${elapsed}s: ${ours ? `${last.status}, ${last.itemsProcessed} processed, ${last.itemsFailed} failed` : "waiting for the run to start"}`,
              );
              if (Date.now() - started >= opts.timeout * 1000) {
                throw new CliError(
                  `timed out after ${opts.timeout}s; the run continues on the service`,
                  ExitCode.Timeout,
                  "Follow it with 'docs-index status'; then run 'docs-index coverage'.",
                );
              }
              const woke = await sleepOrInterrupt(opts.pollInterval * 1000, stop.promise);
              if (woke === "interrupted") {
                throw new CliError(
                  "stopped waiting (Ctrl-C); the indexer run was NOT stopped and continues on the service",
                  ExitCode.Interrupted,
                  "Follow it with 'docs-index status'.",
                );
              }
            }
          } finally {
            stop.dispose();
          }

          const statusAfter = await fetchIndexerStatus(indexers, search.indexer_name);
          const report = buildStatusReport(statusAfter, {
            container: search.container,
            expectedFailures: search.expected_failures,
          });
          const coverageAfter: CoverageReport = await coverageReport(ctx);
          ctx.out.result({ status: report, coverageBefore, coverageAfter }, () =>
            [
              formatStatusReport(report),
              "",
              "coverage before:",
              formatCoverageReport(coverageBefore),
              "",
              "coverage after:",
              formatCoverageReport(coverageAfter),
            ].join("\n"),
          );
          return report.ok ? ExitCode.Ok : ExitCode.CheckFailed;
        }),
      );
  },
};
