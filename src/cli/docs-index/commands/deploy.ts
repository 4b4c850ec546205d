// docs-index deploy: plan, then upsert index -> datasource -> indexer (conditional on the live ETags) and start
// one run. Refuses a rebuild unless --allow-rebuild (confirmed on a TTY, --yes without one); never resets the
// indexer. --wait follows the run it started, then applies the status verdict. `deploy <file>` applies exactly a
// saved plan (plan -out) or refuses with exit 4, writing nothing (docs/saved-plans.md).
import type { Command } from "commander";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions.js";
import { ConcurrentChangeError, deploy, RebuildRefusedError, type DeployResult } from "../../../search/deploy.js";
import type { Plan } from "../../../search/plan.js";
import { applySavedPlan } from "../../../search/saved-plan-apply.js";
import { SavedPlanRefusedError } from "../../../search/saved-plan-check.js";
import { fetchIndexerStatusIfExists } from "../../../search/ops/io/search-io.js";
import { runIdentity } from "../../../search/ops/run-wait.js";
import { formatStatusReport, type StatusReport } from "../../../search/ops/status-report.js";
import { renderPlan } from "../../../search/render-plan.js";
import type { CliContext } from "../../context.js";
import { CliError, ExitCode, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { confirmDestructive } from "../shared/confirm.js";
import { DEFINITIONS_OPTION_HELP, loadDefinitionsOrUsage, managementPort } from "../shared/definitions.js";
import { readSavedPlanFile, renderRefusals } from "../shared/saved-plan-file.js";
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

/** `deploy <file>`: exactly the saved plan, or a refusal naming every reason (exit 4, nothing written). */
async function deploySavedPlan(
  ctx: CliContext,
  file: string,
  opts: DeployOptions,
  confirmRebuild: (plan: Plan) => Promise<void>,
): Promise<DeployResult> {
  const saved = readSavedPlanFile(file);
  const files = loadDefinitionsOrUsage(ctx, opts.definitions);
  ctx.out.note(
    `saved plan ${file}: made ${saved.created_at} for ${saved.target.environment} (${saved.target.endpoint})`,
  );
  try {
    const result = await applySavedPlan(await managementPort(ctx), saved, {
      target: { environment: ctx.target.environment, endpoint: ctx.endpoint },
      files,
      allowRebuild: Boolean(opts.allowRebuild),
      dryRun: Boolean(opts.dryRun),
      progress: (line) => ctx.out.progress(line),
      confirmRebuild: (s) => confirmRebuild(s.plan),
    });
    return {
      plan: saved.plan,
      dryRun: result.dryRun,
      steps: result.steps ?? [],
      run: result.run,
      notices: result.notices ?? [],
    };
  } catch (err) {
    if (err instanceof SavedPlanRefusedError) {
      ctx.out.result({ refused: true, reason: "saved-plan", refusals: err.refusals, plan: saved.plan }, () =>
        renderRefusals(err.refusals),
      );
      throw new CliError(err.message, ExitCode.Refused);
    }
    throw err;
  }
}

/** The exact command that repopulates a rebuilt index, for this environment. */
export function nextCommandAfterRebuild(ctx: CliContext): string {
  return `npx docs-index --env ${ctx.target.environment} backfill`;
}

export const deployCommand: CommandModule = {
  register(program: Command, run) {
    addWaitOptions(program.command("deploy"), "with --wait: ")
      .argument(
        "[plan-file]",
        "a saved plan (docs-index plan -out <file>): apply exactly it, or refuse and write nothing",
      )
      .description(
        "Apply search-definitions/*.json: upsert index, datasource and indexer in that order (only what changed), then start one indexer run. Never resets.",
      )
      .option(
        "--definitions <dir>",
        `${DEFINITIONS_OPTION_HELP} (with a plan file: must equal the plan's definitions)`,
        DEFAULT_DEFINITIONS_DIR,
      )
      .option("--dry-run", "print the plan only; change nothing (with a plan file: run every check, write nothing)")
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
          4: "refused: a rebuild without --allow-rebuild or not confirmed (nothing changed), a concurrent change (HTTP 412), or a saved plan that no longer applies (another environment or endpoint, a live ETag moved, other definitions, an older format; nothing written)",
          5: "with --wait: timed out waiting; the run continues",
          130: "with --wait: Ctrl-C stopped the wait (not the run)",
        }),
      )
      .action(
        run(async (ctx: CliContext, planFile: string | undefined, opts: DeployOptions) => {
          const { search } = ctx.config;
          announceTarget(ctx, opts.dryRun ? "deploy --dry-run" : "deploy", ["index", "datasource", "indexer"]);
          const { indexerClient } = await ctx.search();
          const before = opts.wait ? await fetchIndexerStatusIfExists(indexerClient, search.indexer_name) : null;
          const confirmRebuild = async (plan: Plan) => {
            ctx.out.info(renderPlan(plan, ctx.out.color));
            await confirmDestructive(ctx, {
              action: `drop and recreate index ${search.index_name}`,
              loses: `every document in index ${search.index_name}: queries return nothing until it is repopulated (${nextCommandAfterRebuild(ctx)})`,
              yes: Boolean(opts.yes),
            });
          };
          let result: DeployResult;
          try {
            result = planFile
              ? await deploySavedPlan(ctx, planFile, opts, confirmRebuild)
              : await deploy(await managementPort(ctx), loadDefinitionsOrUsage(ctx, opts.definitions), {
                  dryRun: Boolean(opts.dryRun),
                  allowRebuild: Boolean(opts.allowRebuild),
                  progress: (line) => ctx.out.progress(line),
                  confirmRebuild,
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
