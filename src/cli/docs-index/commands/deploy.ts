// docs-index deploy: options, confirmation and output around the one deploy pipeline (src/search/deploy/): one
// read of the service, one plan (fresh, or the saved plan of `deploy <file>` checked against that read), shown,
// confirmed when it drops, rebuilds or prunes, then applied with the ETags of that read. --wait follows the run
// it started, then applies the status verdict (docs/search-deploy.md, docs/saved-plans.md, docs/blue-green.md).
import { Option, type Command } from "commander";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions/definitions.js";
import type { Deployment } from "../../../search/deploy/deployment.js";
import { DEFAULT_NDCG_TOLERANCE } from "../../../search/eval/report.js";
import { deploy, type DeployOutcome, type DeployRequest } from "../../../search/deploy/pipeline.js";
import { BlueGreenRebuildRefusedError, RebuildRefusedError } from "../../../search/deploy/refusals.js";
import { runIdentity } from "../../../search/ops/run-wait.js";
import { SavedPlanRefusedError } from "../../../search/saved-plans/saved-plan-check.js";
import { renderDeploymentPlan, renderDeployOutcome } from "../../../search/views/deploy-text.js";
import { refusedRebuildView, refusedSavedPlanView } from "../../../search/views/refusal-results.js";
import { formatStatusReport } from "../../../search/views/status-text.js";
import type { CliContext } from "../../context.js";
import { CliError, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import {
  addBlueGreenOptions,
  allowBuildTime,
  showBlueGreenFailure,
  blueGreenPort,
  rebuildOptions,
  type BlueGreenCliOptions,
} from "../common/bluegreen.js";
import { confirmDestructive } from "../common/confirm.js";
import { DEFINITIONS_OPTION_HELP, loadDefinitionsOrUsage } from "../common/definitions.js";
import { fractionOption } from "../common/options.js";
import { inPlaceRankingEval, relevanceGate } from "../common/relevance.js";
import { readSavedPlanFile } from "../common/saved-plan-file.js";
import { announceTarget, deployedKinds } from "../common/target.js";
import { statusVerdict, verdictOutcome } from "../common/verdict.js";
import { addWaitOptions, waitForIndexerRun } from "../common/wait.js";

interface DeployOptions extends BlueGreenCliOptions {
  definitions?: string;
  blueGreen?: boolean;
  golden?: string;
  relevanceTolerance: number;
  /** false with --no-eval. */
  eval: boolean;
  dryRun?: boolean;
  allowRebuild?: boolean;
  resume?: boolean;
  prune?: boolean;
  yes?: boolean;
  wait?: boolean;
  timeout: number;
}

/** The exact command that repopulates a rebuilt index, for this environment. */
export function nextCommandAfterRebuild(ctx: CliContext): string {
  return `npx docs-index --env ${ctx.target.environment} backfill`;
}

/** `deploy` (the files) or `deploy <file>` (exactly the saved plan, checked against the live service). */
function deployRequest(ctx: CliContext, planFile: string | undefined, opts: DeployOptions): DeployRequest {
  const files = loadDefinitionsOrUsage(ctx, opts.definitions);
  if (!planFile) return { kind: "fresh", files };
  const saved = readSavedPlanFile(planFile);
  ctx.out.note(
    `saved plan ${planFile}: made ${saved.created_at} for ${saved.target.environment} (${saved.target.endpoint})`,
  );
  return { kind: "saved", saved, files, target: { environment: ctx.target.environment, endpoint: ctx.endpoint } };
}

/**
 * The plan on stderr before the first write, once: before a confirmation prompt (what is confirmed is what is
 * shown) and before a blue/green build (hours of progress follow). The result on stdout starts with it on every
 * path (views/deploy-text.ts), so a log of stdout alone always holds the plan that was applied.
 */
function planShower(ctx: CliContext): (d: Deployment) => void {
  let shown = false;
  return (d) => {
    if (shown) return;
    shown = true;
    ctx.out.info(renderDeploymentPlan(d, ctx.out.color));
  };
}

/** Every destructive step of the deployment, shown and confirmed before its first write. */
async function confirmDeployment(
  ctx: CliContext,
  d: Deployment,
  prune: readonly string[],
  opts: DeployOptions,
  showPlan: (d: Deployment) => void,
): Promise<void> {
  const name = ctx.config.search.index_name;
  const yes = Boolean(opts.yes);
  if (d.plan.rebuildRequired || prune.length > 0) showPlan(d);
  if (d.plan.rebuildRequired) {
    const bg = d.blueGreen;
    if (bg) {
      allowBuildTime(ctx, opts);
      await confirmDestructive(ctx, {
        action: `rebuild ${bg.alias} blue/green: build ${bg.to} beside ${bg.from} (a full crawl), verify it, then swap the alias`,
        loses: `no query: ${bg.from} serves until ${bg.to} is verified; documents whose blobs are gone are not carried over (counted before the swap); ${bg.from} is kept until --prune`,
        yes,
      });
    } else
      await confirmDestructive(ctx, {
        action: `drop and recreate index ${name}`,
        loses: `every document in index ${name}: queries return nothing until it is repopulated (${nextCommandAfterRebuild(ctx)})`,
        yes,
      });
  }
  if (prune.length > 0)
    await confirmDestructive(ctx, {
      action: `delete the generations of ${name} older than the one it serves (${prune.join(", ")})`,
      loses: "the rollback targets (an older generation can no longer be swapped back in)",
      yes,
    });
}

/** The eval after an in-place write regressed: the change is live; what to do about it. */
function rankingRegressionWarning(r: { comparison: { tolerance: number } }): string {
  return `the ranking regressed beyond the tolerance (${r.comparison.tolerance}) after the in-place write, which is live: revert the change in the definitions and deploy again if it was not meant; next time, deploy --blue-green verifies a ranking change before consumers see it (docs/blue-green.md)`;
}

/** A refusal also prints what was refused as the result (its exit code: src/cli/outcome-exit.ts). */
function showRefusal(ctx: CliContext, err: unknown, request: DeployRequest): void {
  const view =
    err instanceof SavedPlanRefusedError && request.kind === "saved"
      ? refusedSavedPlanView(err.refusals, request.saved.plan)
      : err instanceof RebuildRefusedError
        ? refusedRebuildView(err.plan, err instanceof BlueGreenRebuildRefusedError ? err.target : null, ctx.out.color)
        : undefined;
  if (view) ctx.out.result(view.document, view.text);
  else showBlueGreenFailure(ctx, err);
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
      .option(
        "--blue-green",
        "behind the alias: build and verify a new generation beside the live one even when nothing needs a rebuild (e.g. a scoring weight), then swap",
      )
      .option(
        "--golden <file>",
        "golden queries for the blue/green relevance gate and the in-place eval (default: eval/golden-queries.yml in --definitions)",
      )
      .addOption(
        new Option(
          "--relevance-tolerance <drop>",
          "allowed drop of the mean nDCG@10 of the golden queries (0-1): blue/green verification against the live generation, the in-place eval after the write against before it; an answer leaving the top 5 or a page coming back twice fails too",
        )
          .default(DEFAULT_NDCG_TOLERANCE)
          .argParser(fractionOption("--relevance-tolerance")),
      )
      .option(
        "--no-eval",
        "an in-place change that re-ranks (scoring profiles, semantic configuration, a search analyzer, synonym maps): skip the golden queries before and after the write",
      )
      .option("--resume", "continue a blue/green rebuild that stopped (wait, verify, swap); `status` says where")
      .option(
        "--prune",
        "delete every generation but the live one and the indexer's target (older ones, a failed candidate, those a rollback by hand left); confirmed before any write; with nothing else to apply it starts no run; with --dry-run: what it would delete",
      )
      .option("-y, --yes", "with --allow-rebuild or --prune: confirm without a prompt (required without a TTY)")
      .option("--wait", "wait for the run this deploy started, then apply the status verdict (as `status`)")
      .addHelpText(
        "after",
        exitCodeHelp({
          ok: "deployed (or dry run), even when the eval after an in-place ranking change regressed (it is reported, with a warning); with --wait: the run ended and the status verdict passed",
          "check-failed":
            "with --wait: the run ended but the status verdict failed (unexpected failures, empty index); a blue/green rebuild: the new generation failed verification, relevance of the golden queries included (the alias was not touched, the indexer points back)",
          usage: "usage, configuration or definition error",
          refused:
            "refused: a rebuild without --allow-rebuild or not confirmed (nothing changed), a concurrent change (HTTP 412), or a saved plan that no longer applies (another environment or endpoint, a live ETag moved, other definitions, an older format; nothing written)",
          timeout:
            "with --wait: timed out waiting; the run continues (a blue/green build: consumers stay on the live generation; continue with --resume)",
          interrupted: "with --wait: Ctrl-C stopped the wait (not the run)",
        }),
      )
      .action(
        run(async (ctx: CliContext, planFile: string | undefined, opts: DeployOptions) => {
          if (opts.blueGreen && planFile)
            throw new CliError("--blue-green applies to the definitions, not to a saved plan", "usage");
          announceTarget(ctx, opts.dryRun ? "deploy --dry-run" : "deploy", deployedKinds(ctx));
          const request = deployRequest(ctx, planFile, opts);
          const definitions = request.kind === "saved" ? request.saved.definitions : request.files;
          const gate = relevanceGate(ctx, {
            golden: opts.golden,
            definitions: planFile ? undefined : opts.definitions,
            tolerance: opts.relevanceTolerance,
          });
          const rankingEval = inPlaceRankingEval(ctx, {
            golden: opts.golden,
            definitions: planFile ? undefined : opts.definitions,
            tolerance: opts.relevanceTolerance,
            eval: opts.eval,
          });
          const port = await blueGreenPort(ctx);
          if (opts.resume) allowBuildTime(ctx, opts);
          const showPlan = planShower(ctx);
          let outcome: DeployOutcome;
          try {
            outcome = await deploy(port, request, {
              dryRun: Boolean(opts.dryRun),
              allowRebuild: Boolean(opts.allowRebuild),
              resume: Boolean(opts.resume),
              prune: Boolean(opts.prune),
              rebuild: rebuildOptions(ctx, definitions, { ...opts, resume: false, prune: false }, gate),
              forceBlueGreen: Boolean(opts.blueGreen),
              progress: (line) => ctx.out.progress(line),
              onPlan: (d) => {
                if (d.generation) ctx.out.note(`index: ${ctx.config.search.index_name} → ${d.generation} (alias)`);
                // A forced blue/green build asks no confirmation; a rebuild shows its plan with the prompt or refusal.
                if (d.blueGreen && !d.plan.rebuildRequired && !opts.dryRun && !opts.resume) showPlan(d);
              },
              confirm: (d, prune) => confirmDeployment(ctx, d, prune, opts, showPlan),
              rankingEval,
            });
          } catch (err) {
            showRefusal(ctx, err, request);
            throw err;
          }
          const { deployment, rebuilt } = outcome;
          const recreated = outcome.steps.some((s) => s.operation === "recreate");
          let verdict = null;
          if (opts.wait && !outcome.dryRun && !rebuilt && outcome.run) {
            const before = outcome.indexerStatusBefore;
            const finished = await waitForIndexerRun(ctx, {
              mode:
                outcome.run === "started"
                  ? { kind: "ours-after", before: before ? runIdentity(before) : null }
                  : { kind: "current" },
              timeoutSeconds: opts.timeout,
              pollSeconds: opts.pollInterval,
            });
            verdict = await statusVerdict(ctx, { status: finished });
          } else if (opts.wait && (rebuilt || (!outcome.dryRun && !outcome.run))) verdict = await statusVerdict(ctx);
          const next = recreated ? nextCommandAfterRebuild(ctx) : null;
          ctx.out.result(
            {
              plan: deployment.plan,
              dryRun: outcome.dryRun,
              steps: outcome.steps,
              ...(outcome.run ? { run: outcome.run } : {}),
              notices: outcome.notices,
              blueGreen: deployment.blueGreen,
              ...(rebuilt ? { rebuilt } : {}),
              pruned: outcome.pruned,
              ...(outcome.wouldPrune ? { wouldPrune: outcome.wouldPrune } : {}),
              ...(outcome.rankingEval ? { rankingEval: outcome.rankingEval } : {}),
              status: verdict,
              next,
            },
            () =>
              [renderDeployOutcome(outcome, ctx.out.color), ...(verdict ? ["", formatStatusReport(verdict)] : [])].join(
                "\n",
              ),
          );
          for (const notice of outcome.notices) ctx.out.warn(notice);
          const ranking = outcome.rankingEval;
          if (ranking?.status === "evaluated" && ranking.regressed) ctx.out.warn(rankingRegressionWarning(ranking));
          if (ranking?.status === "not-evaluated" && ranking.failed)
            ctx.out.warn(
              `the relevance check could not run (${ranking.reason.split("\n")[0]}); the in-place ranking change is live unchecked: run \`docs-index eval\` against it`,
            );
          if (next) ctx.out.note(`next: ${next}`);
          return verdict ? verdictOutcome(verdict) : "ok";
        }),
      );
  },
};
