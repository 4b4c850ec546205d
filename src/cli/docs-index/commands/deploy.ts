// docs-index deploy: plan, then upsert index -> datasource -> indexer (conditional on the live ETags) and start
// one run. Refuses a rebuild unless --allow-rebuild (confirmed on a TTY, --yes without one); never resets the
// indexer. --wait follows the run it started, then applies the status verdict. `deploy <file>` applies exactly a
// saved plan (plan -out) or refuses with exit 4, writing nothing (docs/saved-plans.md).
import type { Command } from "commander";

import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions/definitions.js";

import { ConcurrentChangeError, RebuildRefusedError, type DeployResult } from "../../../search/deploy/deploy.js";

import {
  BlueGreenRebuildRefusedError,
  deployThroughAlias,
  type AliasDeployResult,
  type AliasPlan,
} from "../../../search/deploy/deploy-alias.js";

import { blueGreenRendering } from "../../../search/bluegreen/plan-view.js";

import { pruneGenerations, type RebuildResult } from "../../../search/bluegreen/rebuild.js";

import { formatRebuildResult } from "../../../search/views/bluegreen-text.js";

import type { Plan } from "../../../search/plan/plan.js";

import { applySavedPlanThroughAlias } from "../../../search/deploy/saved-plan-alias.js";

import { SavedPlanRefusedError } from "../../../search/saved-plans/saved-plan-check.js";

import { fetchIndexerStatusIfExists } from "../../../search/io/search-io.js";

import { runIdentity } from "../../../search/ops/run-wait.js";

import { type StatusReport } from "../../../search/ops/status-report.js";
import { renderPlan } from "../../../search/views/plan-text.js";

import type { CliContext } from "../../context.js";

import { CliError, ExitCode, exitCodeHelp } from "../../exit-codes.js";

import type { CommandModule } from "../command.js";

import {
  addBlueGreenOptions,
  allowBuildTime,
  blueGreenFailure,
  blueGreenPort,
  rebuildOptions,
  type BlueGreenCliOptions,
} from "../common/bluegreen.js";

import { confirmDestructive } from "../common/confirm.js";

import { DEFINITIONS_OPTION_HELP, loadDefinitionsOrUsage } from "../common/definitions.js";

import { readSavedPlanFile, renderRefusals } from "../common/saved-plan-file.js";

import { announceTarget } from "../common/target.js";

import { statusVerdict, verdictExitCode } from "../common/verdict.js";

import { addWaitOptions, waitForIndexerRun } from "../common/wait.js";

import { formatStatusReport } from "../../../search/views/status-text.js";

interface DeployOptions extends BlueGreenCliOptions {
  definitions?: string;
  dryRun?: boolean;
  allowRebuild?: boolean;
  resume?: boolean;
  prune?: boolean;
  yes?: boolean;
  wait?: boolean;
  timeout: number;
}

type PlannedView = Pick<AliasPlan, "plan" | "blueGreen">;

/** The plan as `plan` renders it: a blue/green rebuild labelled with both generations. */
function renderAliasPlan(planned: PlannedView, ctx: CliContext): string {
  return renderPlan(planned.plan, ctx.out.color, planned.blueGreen ? blueGreenRendering(planned.blueGreen) : undefined);
}

function renderResult(result: DeployResult, ctx: CliContext, blueGreen: AliasPlan["blueGreen"] = null): string {
  const lines = [renderAliasPlan({ plan: result.plan, blueGreen }, ctx)];
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
  confirm: { rebuild: (plan: Plan) => Promise<void>; blueGreen: (planned: PlannedView) => Promise<void> },
): Promise<{ result: DeployResult; rebuilt: RebuildResult | undefined; blueGreen: AliasPlan["blueGreen"] }> {
  const saved = readSavedPlanFile(file);
  const files = loadDefinitionsOrUsage(ctx, opts.definitions);
  ctx.out.note(
    `saved plan ${file}: made ${saved.created_at} for ${saved.target.environment} (${saved.target.endpoint})`,
  );
  try {
    const applied = await applySavedPlanThroughAlias(await blueGreenPort(ctx), saved, {
      target: { environment: ctx.target.environment, endpoint: ctx.endpoint },
      files,
      allowRebuild: Boolean(opts.allowRebuild),
      dryRun: Boolean(opts.dryRun),
      progress: (line) => ctx.out.progress(line),
      rebuild: rebuildOptions(ctx, saved.definitions, { ...opts, resume: false, prune: false }),
      confirmRebuild: (s) => confirm.rebuild(s.plan),
      confirmBlueGreen: (target, s) => confirm.blueGreen({ plan: s.plan, blueGreen: target }),
    });
    if (applied.mode === "alias") ctx.out.note(`index: ${saved.target.index_name} → ${applied.generation} (alias)`);
    const result: DeployResult = {
      plan: saved.plan,
      dryRun: applied.dryRun,
      steps: applied.steps ?? [],
      run: applied.run,
      notices: applied.notices ?? [],
    };
    return { result, rebuilt: applied.rebuilt, blueGreen: applied.blueGreen };
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
    addBlueGreenOptions(addWaitOptions(program.command("deploy"), "with --wait (and blue/green builds): "))
      .argument(
        "[plan-file]",
        "a saved plan (docs-index plan -out <file>): apply exactly it, or refuse and write nothing",
      )
      .description(
        "Apply search-definitions/*.json: upsert index, datasource and indexer in that order (only what changed), then start one indexer run. Never resets. Once the index is an alias (migrate-to-alias), a rebuild is blue/green: a new generation is built and verified beside the live one, then the alias is swapped.",
      )
      .option(
        "--definitions <dir>",
        `${DEFINITIONS_OPTION_HELP} (with a plan file: must equal the plan's definitions)`,
        DEFAULT_DEFINITIONS_DIR,
      )
      .option("--dry-run", "print the plan only; change nothing (with a plan file: run every check, write nothing)")
      .option(
        "--allow-rebuild",
        "allow a rebuild when a change needs it: blue/green behind the alias (a full crawl, no downtime); before migrate-to-alias, drop and recreate (deletes every document); confirmed",
      )
      .option("--resume", "continue a blue/green rebuild that stopped (wait, verify, swap); `status` says where")
      .option("--prune", "delete the generations older than the live one (and one a failed rebuild left); confirmed")
      .option("-y, --yes", "with --allow-rebuild or --prune: confirm without a prompt (required without a TTY)")
      .option("--wait", "wait for the run this deploy started, then apply the status verdict (as `status`)")
      .addHelpText(
        "after",
        exitCodeHelp({
          0: "deployed (or dry run); with --wait: the run ended and the status verdict passed",
          1: "with --wait: the run ended but the status verdict failed (unexpected failures, empty index); a blue/green rebuild: the new generation failed verification (the alias was not touched, the indexer points back)",
          2: "usage, configuration or definition error",
          4: "refused: a rebuild without --allow-rebuild or not confirmed (nothing changed), a concurrent change (HTTP 412), or a saved plan that no longer applies (another environment or endpoint, a live ETag moved, other definitions, an older format; nothing written)",
          5: "with --wait: timed out waiting; the run continues (a blue/green build: consumers stay on the live generation; continue with --resume)",
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
          const confirmBlueGreen = async (planned: PlannedView) => {
            const bg = planned.blueGreen;
            if (!bg) return confirmRebuild(planned.plan);
            ctx.out.info(renderAliasPlan(planned, ctx));
            allowBuildTime(ctx, opts);
            await confirmDestructive(ctx, {
              action: `rebuild ${bg.alias} blue/green: build ${bg.to} beside ${bg.from} (a full crawl), verify it, then swap the alias`,
              loses: `no query: ${bg.from} serves until ${bg.to} is verified; documents whose blobs are gone are not carried over (counted before the swap); ${bg.from} is kept until --prune`,
              yes: Boolean(opts.yes),
            });
          };
          let result: DeployResult;
          let outcome: AliasDeployResult | undefined;
          let rebuiltBlueGreen: RebuildResult | undefined;
          let blueGreen: AliasPlan["blueGreen"] = null;
          const port = planFile ? undefined : await blueGreenPort(ctx);
          try {
            if (planFile) {
              const saved = await deploySavedPlan(ctx, planFile, opts, {
                rebuild: confirmRebuild,
                blueGreen: confirmBlueGreen,
              });
              ({ result, blueGreen } = saved);
              rebuiltBlueGreen = saved.rebuilt;
            } else {
              const files = loadDefinitionsOrUsage(ctx, opts.definitions);
              if (opts.resume) allowBuildTime(ctx, opts);
              outcome = await deployThroughAlias(port!, files, {
                dryRun: Boolean(opts.dryRun),
                allowRebuild: Boolean(opts.allowRebuild),
                progress: (line) => ctx.out.progress(line),
                rebuild: rebuildOptions(ctx, files, { ...opts, prune: false }),
                confirmRebuild: confirmBlueGreen,
              });
              result = outcome.deployed ?? { plan: outcome.plan, dryRun: outcome.dryRun, steps: [], notices: [] };
              rebuiltBlueGreen = outcome.rebuilt;
              blueGreen = outcome.blueGreen;
            }
          } catch (err) {
            if (err instanceof RebuildRefusedError) {
              const target = err instanceof BlueGreenRebuildRefusedError ? err.target : null;
              ctx.out.result({ refused: true, reason: "rebuild", plan: err.plan, blueGreen: target }, () =>
                renderAliasPlan({ plan: err.plan, blueGreen: target }, ctx),
              );
              throw new CliError(err.message, ExitCode.Refused);
            }
            if (err instanceof ConcurrentChangeError) throw new CliError(err.message, ExitCode.Refused);
            throw blueGreenFailure(ctx, err) ?? err;
          }

          const pruned: string[] = [];
          if (opts.prune && !opts.dryRun && port && outcome?.mode === "alias") {
            await confirmDestructive(ctx, {
              action: `delete the generations of ${search.index_name} older than the one it serves`,
              loses: "the rollback targets (an older generation can no longer be swapped back in)",
              yes: Boolean(opts.yes),
            });
            pruned.push(...(await pruneGenerations(port, search.index_name, search.indexer_name)));
          }
          if (rebuiltBlueGreen) {
            const rebuilt = rebuiltBlueGreen;
            const verdict = opts.wait ? await statusVerdict(ctx) : null;
            ctx.out.result({ ...result, blueGreen, rebuilt, pruned, status: verdict, next: null }, () =>
              // The plan was shown with the confirmation (stderr); stdout carries what was done.
              [
                formatRebuildResult(rebuilt),
                ...(pruned.length ? [`pruned: ${pruned.join(", ")}`] : []),
                ...(verdict ? ["", formatStatusReport(verdict)] : []),
              ].join("\n"),
            );
            return verdict ? verdictExitCode(verdict) : ExitCode.Ok;
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
          ctx.out.result({ ...result, blueGreen, pruned, status: verdict, next }, () =>
            [
              renderResult(result, ctx, blueGreen),
              ...(pruned.length ? [`pruned: ${pruned.join(", ")}`] : []),
              ...(verdict ? ["", formatStatusReport(verdict)] : []),
            ].join("\n"),
          );
          for (const notice of result.notices) ctx.out.warn(notice);
          if (next) ctx.out.note(`next: ${next}`);
          return verdict ? verdictExitCode(verdict) : ExitCode.Ok;
        }),
      );
  },
};
