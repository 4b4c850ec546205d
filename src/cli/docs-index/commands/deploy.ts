// docs-index deploy: the shell of the one deploy use case (src/search/deploy/pipeline.ts: one read of the service,
// one plan, fresh or the saved plan of `deploy <file>` checked against that read, refused or confirmed, applied
// with the ETags of that read; with --wait the run it started followed and judged by the status verdict). Here:
// the options, the ports (the service, the prompt, the golden queries, the wait), the rendering through
// src/search/views/ and the exit code (docs/search-deploy.md, docs/saved-plans.md, docs/blue-green.md).
import { Option, type Command } from "commander";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions/definitions.js";
import type { Deployment } from "../../../search/deploy/deployment.js";
import { DEFAULT_NDCG_TOLERANCE } from "../../../search/eval/report.js";
import {
  definitionsOf,
  deploy,
  type DeployOutcome,
  type DeployPorts,
  type DeployRequest,
  type DeploySource,
} from "../../../search/deploy/pipeline.js";
import { BlueGreenRebuildRefusedError, RebuildRefusedError } from "../../../search/deploy/refusals.js";
import { SavedPlanRefusedError } from "../../../search/saved-plans/saved-plan-check.js";
import {
  aliasNote,
  deployNoticeText,
  deployWarnings,
  destructiveSteps,
  renderDeploymentPlan,
  renderDeployOutcome,
  repopulateCommand,
} from "../../../search/views/deploy-text.js";
import { planDocument } from "../../../search/views/plan-document.js";
import { refusedRebuildView, refusedSavedPlanView } from "../../../search/views/refusal-results.js";
import { formatStatusReport } from "../../../search/views/status-text.js";
import type { CliContext } from "../../context.js";
import { CliError, exitCodeHelp, type OutcomeKind } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import {
  addBlueGreenOptions,
  allowBuildTime,
  showBlueGreenFailure,
  blueGreenPort,
  rebuildSettings,
  type BlueGreenCliOptions,
} from "../common/bluegreen.js";
import { confirmDestructive } from "../common/confirm.js";
import {
  DEFINITIONS_OPTION_HELP,
  loadDefinitionsOrUsage,
  refuseSavedPlanBreakingRules,
} from "../common/definitions.js";
import { fractionOption } from "../common/options.js";
import { inPlaceRankingEval, relevanceGate } from "../common/relevance.js";
import { readSavedPlanFile } from "../common/saved-plan-file.js";
import { announceTarget, deployedKinds } from "../common/target.js";
import { statusVerdict, verdictOutcome } from "../common/verdict.js";
import { addWaitOptions, waitForIndexerRun } from "../common/wait.js";
import { progressLine } from "../../../search/views/progress-text.js";
import { withWordedSteps } from "../../../search/views/bluegreen-text.js";

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
function nextCommandAfterRebuild(ctx: CliContext): string {
  return repopulateCommand(ctx.target.environment);
}

/** `deploy` (the files) or `deploy <file>` (exactly the saved plan, checked against the live service). */
function deploySource(ctx: CliContext, planFile: string | undefined, opts: DeployOptions): DeploySource {
  const files = loadDefinitionsOrUsage(ctx, opts.definitions);
  if (!planFile) return { kind: "fresh", files };
  const saved = readSavedPlanFile(planFile);
  refuseSavedPlanBreakingRules(saved, planFile);
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
  const yes = Boolean(opts.yes);
  const steps = destructiveSteps(d, prune, {
    name: ctx.config.search.index_name,
    repopulate: nextCommandAfterRebuild(ctx),
  });
  if (steps.length > 0) showPlan(d);
  if (d.plan.rebuildRequired && d.blueGreen) allowBuildTime(ctx, opts);
  for (const step of steps) await confirmDestructive(ctx, { ...step, yes });
}

/** A refusal also prints what was refused as the result (its exit code: src/cli/outcome-exit.ts). */
function showRefusal(ctx: CliContext, err: unknown, request: DeployRequest): void {
  const view =
    err instanceof SavedPlanRefusedError && request.kind === "saved"
      ? refusedSavedPlanView(err.refusals, request.saved, ctx.out.color)
      : err instanceof RebuildRefusedError
        ? refusedRebuildView(err.plan, err instanceof BlueGreenRebuildRefusedError ? err.target : null, ctx.out.color)
        : undefined;
  if (view) ctx.out.result(view.document, view.text);
  else showBlueGreenFailure(ctx, err);
}

/** The command line of `deploy`: its argument, options and exit codes. */
function deployOptions(command: Command): Command {
  return addBlueGreenOptions(addWaitOptions(command, "with --wait (and blue/green builds): "))
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
    );
}

/** The ports of the deploy for this run of the CLI, built once. */
async function deployPorts(ctx: CliContext, source: DeploySource, opts: DeployOptions): Promise<DeployPorts> {
  const saved = source.kind === "saved";
  const relevance = { golden: opts.golden, definitions: saved ? undefined : opts.definitions };
  const rankingEval = inPlaceRankingEval(ctx, { ...relevance, tolerance: opts.relevanceTolerance, eval: opts.eval });
  const showPlan = planShower(ctx);
  return {
    service: await blueGreenPort(ctx),
    progress: (event) => ctx.out.progress(progressLine(event)),
    onPlan: (d) => {
      if (d.generation) ctx.out.note(aliasNote(ctx.config.search.index_name, d.generation));
      // A forced blue/green build asks no confirmation; a rebuild shows its plan with the prompt or refusal.
      if (d.blueGreen && !d.plan.rebuildRequired && !opts.dryRun && !opts.resume) showPlan(d);
    },
    confirm: (d, prune) => confirmDeployment(ctx, d, prune, opts, showPlan),
    rankingEval,
    runs: {
      waitForRun: (mode) =>
        waitForIndexerRun(ctx, { mode, timeoutSeconds: opts.timeout, pollSeconds: opts.pollInterval }),
      statusVerdict: (status) => statusVerdict(ctx, status ? { status } : {}),
    },
  };
}

/** The typed request of the use case from the command line. */
function deployRequest(ctx: CliContext, source: DeploySource, opts: DeployOptions): DeployRequest {
  const gate = relevanceGate(ctx, {
    golden: opts.golden,
    definitions: source.kind === "saved" ? undefined : opts.definitions,
    tolerance: opts.relevanceTolerance,
  });
  return {
    ...source,
    dryRun: Boolean(opts.dryRun),
    allowRebuild: Boolean(opts.allowRebuild),
    resume: Boolean(opts.resume),
    prune: Boolean(opts.prune),
    rebuild: rebuildSettings(ctx, definitionsOf(source), opts, gate),
    forceBlueGreen: Boolean(opts.blueGreen),
    wait: Boolean(opts.wait),
  };
}

/** The outcome as the result (stdout, or the --json document), then the warnings and the next step (stderr). */
function reportDeploy(ctx: CliContext, outcome: DeployOutcome): void {
  const { deployment, rebuilt, status: verdict } = outcome;
  const next = outcome.recreated ? nextCommandAfterRebuild(ctx) : null;
  ctx.out.result(
    {
      plan: planDocument(deployment.plan, deployment.blueGreen),
      dryRun: outcome.dryRun,
      steps: outcome.steps,
      ...(outcome.run ? { run: outcome.run } : {}),
      notices: outcome.notices.map(deployNoticeText),
      blueGreen: deployment.blueGreen,
      ...(rebuilt ? { rebuilt: withWordedSteps(rebuilt) } : {}),
      pruned: outcome.pruned,
      ...(outcome.wouldPrune ? { wouldPrune: outcome.wouldPrune } : {}),
      ...(outcome.rankingEval ? { rankingEval: outcome.rankingEval } : {}),
      status: verdict,
      next,
    },
    () =>
      [renderDeployOutcome(outcome, ctx.out.color), ...(verdict ? ["", formatStatusReport(verdict)] : [])].join("\n"),
  );
  for (const warning of deployWarnings(outcome)) ctx.out.warn(warning);
  if (next) ctx.out.note(`next: ${next}`);
}

async function runDeploy(ctx: CliContext, planFile: string | undefined, opts: DeployOptions): Promise<OutcomeKind> {
  if (opts.blueGreen && planFile)
    throw new CliError("--blue-green applies to the definitions, not to a saved plan", "usage");
  announceTarget(ctx, opts.dryRun ? "deploy --dry-run" : "deploy", deployedKinds(ctx));
  const source = deploySource(ctx, planFile, opts);
  const request = deployRequest(ctx, source, opts);
  const ports = await deployPorts(ctx, source, opts);
  if (opts.resume) allowBuildTime(ctx, opts);
  let outcome: DeployOutcome;
  try {
    outcome = await deploy(ports, request);
  } catch (err) {
    showRefusal(ctx, err, request);
    throw err;
  }
  reportDeploy(ctx, outcome);
  const verdict = outcome.status;
  return verdict ? verdictOutcome(verdict) : "ok";
}

export const deployCommand: CommandModule = {
  register(program: Command, run) {
    deployOptions(program.command("deploy")).action(run(runDeploy));
  },
};
