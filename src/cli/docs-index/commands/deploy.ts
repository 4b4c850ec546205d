// docs-index deploy: plan, then upsert index -> datasource -> indexer (conditional on the live ETags) and start
// one run. Refuses a rebuild unless --allow-rebuild (confirmed on a TTY, --yes without one); never resets the
// indexer. --wait follows the run it started, then applies the status verdict.
import type { Command } from "commander";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions.js";
import { ConcurrentChangeError, deploy, RebuildRefusedError, type DeployResult } from "../../../search/deploy.js";
import { fetchIndexerStatusIfExists } from "../../../search/ops/io/search-io.js";
import { runIdentity } from "../../../search/ops/run-wait.js";
import { formatStatusReport, type StatusReport } from "../../../search/ops/status-report.js";
import { renderPlan } from "../../../search/render-plan.js";
import type { CliContext } from "../../context.js";
import { CliError, ExitCode, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { confirmDestructive } from "../shared/confirm.js";
import { DEFINITIONS_OPTION_HELP, loadDefinitionsOrUsage, managementPort } from "../shared/definitions.js";
import { announceTarget } from "../shared/target.js";
import { statusVerdict, verdictExitCode } from "../shared/verdict.js";
import { addWaitOptions, waitForIndexerRun } from "../shared/wait.js";

interface DeployOptions {
  definitions?: string;
  dryRun?: boolean;
  allowRebuild?: boolean;
  yes?: boolean;
  wait?: boolean;
  timeout: number;
  pollInterval: number;
}

function renderResult(result: DeployResult, ctx: CliContext): string {
  const lines = [renderPlan(result.plan, ctx.out.color)];
  if (result.dryRun) {
    lines.push("", "Dry run: nothing was changed.");
    return lines.join("\n");
  }
  lines.push("");
  for (const step of result.steps)
    lines.push(`${step.operation === "skip" ? "unchanged, not written" : step.operation}: ${step.kind} ${step.name}`);
  lines.push(`run: ${result.run === "started" ? "started" : "already in progress (not started again)"}`);
  return lines.join("\n");
}

/** The exact command that repopulates a rebuilt index, for this environment. */
export function nextCommandAfterRebuild(ctx: CliContext): string {
  return `npx docs-index --env ${ctx.target.environment} backfill`;
}

export const deployCommand: CommandModule = {
  register(program: Command, run) {
    addWaitOptions(program.command("deploy"), "with --wait: ")
      .description(
        "Apply search-definitions/*.json: upsert index, datasource and indexer in that order (only what changed), then start one indexer run. Never resets.",
      )
      .option("--definitions <dir>", DEFINITIONS_OPTION_HELP, DEFAULT_DEFINITIONS_DIR)
      .option("--dry-run", "print the plan only; change nothing")
      .option(
        "--allow-rebuild",
        "allow dropping and recreating the index when a change needs it (deletes every document; confirmed)",
      )
      .option("-y, --yes", "with --allow-rebuild: confirm without a prompt (required without a TTY)")
      .option("--wait", "wait for the run this deploy started, then apply the status verdict (as `status`)")
      .addHelpText(
        "after",
        exitCodeHelp({
          0: "deployed (or dry run); with --wait: the run ended and the status verdict passed",
          1: "with --wait: the run ended but the status verdict failed (unexpected failures, empty index)",
          2: "usage, configuration or definition error",
          4: "refused: a rebuild without --allow-rebuild or not confirmed (nothing changed), or a concurrent change (HTTP 412)",
          5: "with --wait: timed out waiting; the run continues",
          130: "with --wait: Ctrl-C stopped the wait (not the run)",
        }),
      )
      .action(
        run(async (ctx: CliContext, opts: DeployOptions) => {
          const files = loadDefinitionsOrUsage(ctx, opts.definitions);
          const { search } = ctx.config;
          announceTarget(ctx, opts.dryRun ? "deploy --dry-run" : "deploy", ["index", "datasource", "indexer"]);
          const { indexerClient } = await ctx.search();
          const before = opts.wait ? await fetchIndexerStatusIfExists(indexerClient, search.indexer_name) : null;
          let result: DeployResult;
          try {
            result = await deploy(await managementPort(ctx), files, {
              dryRun: Boolean(opts.dryRun),
              allowRebuild: Boolean(opts.allowRebuild),
              progress: (line) => ctx.out.progress(line),
              confirmRebuild: async (plan) => {
                ctx.out.info(renderPlan(plan, ctx.out.color));
                await confirmDestructive(ctx, {
                  action: `drop and recreate index ${search.index_name}`,
                  loses: `every document in index ${search.index_name}: queries return nothing until it is repopulated (${nextCommandAfterRebuild(ctx)})`,
                  yes: Boolean(opts.yes),
                });
              },
            });
          } catch (err) {
            if (err instanceof RebuildRefusedError) {
              ctx.out.result({ refused: true, reason: "rebuild", plan: err.plan }, () =>
                renderPlan(err.plan, ctx.out.color),
              );
              throw new CliError(err.message, ExitCode.Refused);
            }
            if (err instanceof ConcurrentChangeError) throw new CliError(err.message, ExitCode.Refused);
            throw err;
          }
          const rebuilt = result.steps.some((s) => s.operation === "recreate");
          let verdict: StatusReport | null = null;
          if (opts.wait && !result.dryRun) {
            const finished = await waitForIndexerRun(ctx, {
              mode:
                result.run === "started"
                  ? { kind: "ours-after", before: before ? runIdentity(before) : null }
                  : { kind: "current" },
              timeoutSeconds: opts.timeout,
              pollSeconds: opts.pollInterval,
            });
            verdict = await statusVerdict(ctx, { status: finished });
          }
          const next = rebuilt ? nextCommandAfterRebuild(ctx) : null;
          ctx.out.result({ ...result, status: verdict, next }, () =>
            [renderResult(result, ctx), ...(verdict ? ["", formatStatusReport(verdict)] : [])].join("\n"),
          );
          for (const notice of result.notices) ctx.out.warn(notice);
          if (next) ctx.out.note(`next: ${next}`);
          return verdict ? verdictExitCode(verdict) : ExitCode.Ok;
        }),
      );
  },
};
