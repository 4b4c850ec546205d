// docs-index deploy: the shell of the one deploy use case (src/search/deploy/pipeline.ts: one read of the service,
// one plan, fresh or the saved plan of `deploy <file>` checked against that read, refused or confirmed, applied
// with the ETags of that read; with --wait the run it started followed and judged by the status verdict). Here:
// the typed arguments (../arguments/deploy.ts) made into the request, the ports (the service, the prompt, the
// golden queries, the wait) and the outcome shown through its view (../views/deploy.ts); docs/search-deploy.md,
// docs/saved-plans.md, docs/blue-green.md.
import type { Command } from "commander";
import {
  definitionsOf,
  deploy,
  type DeployPorts,
  type DeployRequest,
  type DeploySource,
} from "../../../search/deploy/pipeline.js";
import {
  aliasNote,
  destructiveSteps,
  renderDeploymentPlan,
  repopulateCommand,
} from "../../../search/views/deploy-text.js";
import { progressLine } from "../../../search/views/progress-text.js";
import type { CliContext } from "../../context.js";
import { checked, type OutcomeKind } from "../../exit-codes.js";
import { deployCommandLine, parseDeploy, type DeployArguments, type DeployFlags } from "../arguments/deploy.js";
import type { CommandModule } from "../command.js";
import { allowBuildTime, blueGreenPort, rebuildSettings } from "../common/bluegreen.js";
import { confirmDestructive } from "../common/confirm.js";
import { loadDefinitionsOrUsage, refuseSavedPlanBreakingRules } from "../common/definitions.js";
import { inPlaceRankingEval, relevanceGate } from "../common/relevance.js";
import { readSavedPlanFile } from "../common/saved-plan-file.js";
import { announceTarget, deployedKinds } from "../common/target.js";
import { statusVerdict } from "../common/verdict.js";
import { waitForIndexerRun } from "../common/wait.js";
import { deployFailureView, deployResult, savedPlanNote } from "../views/deploy.js";
import { showingFailure, showResult } from "../views/result.js";

/** `deploy` (the files) or `deploy <file>` (exactly the saved plan, checked against the live service). */
function deploySource(ctx: CliContext, args: DeployArguments): DeploySource {
  const files = loadDefinitionsOrUsage(ctx, args.definitions);
  if (!args.planFile) return { kind: "fresh", files };
  const saved = readSavedPlanFile(args.planFile);
  refuseSavedPlanBreakingRules(saved, args.planFile);
  ctx.out.note(savedPlanNote(args.planFile, saved));
  return { kind: "saved", saved, files, target: { environment: ctx.target.environment, endpoint: ctx.endpoint } };
}

/** The typed request of the use case (the golden file of the relevance gate is read and checked now). */
function deployRequest(ctx: CliContext, source: DeploySource, args: DeployArguments): DeployRequest {
  const gate = relevanceGate(ctx, args.relevance);
  const { dryRun, allowRebuild, resume, prune, forceBlueGreen, wait } = args;
  const rebuild = rebuildSettings(ctx, definitionsOf(source), args.blueGreen, gate);
  return { ...source, dryRun, allowRebuild, resume, prune, rebuild, forceBlueGreen, wait };
}

/** The ports of the deploy for this run of the CLI, built once. */
async function deployPorts(ctx: CliContext, args: DeployArguments): Promise<DeployPorts> {
  const name = ctx.config.search.index_name;
  const repopulate = repopulateCommand(ctx.target.environment);
  const rankingEval = inPlaceRankingEval(ctx, args.relevance);
  return {
    service: await blueGreenPort(ctx),
    progress: (event) => ctx.out.progress(progressLine(event)),
    onPlan: (d) => {
      if (d.generation) ctx.out.note(aliasNote(name, d.generation));
    },
    showPlan: (d) => ctx.out.info(renderDeploymentPlan(d, ctx.out.color)),
    expectBuild: () => allowBuildTime(ctx, args.blueGreen),
    confirm: async (d, prune) => {
      for (const step of destructiveSteps(d, prune, { name, repopulate }))
        await confirmDestructive(ctx, { ...step, yes: args.yes });
    },
    rankingEval,
    runs: {
      waitForRun: (mode) => waitForIndexerRun(ctx, { mode, ...args.waitFor }),
      statusVerdict: (status) => statusVerdict(ctx, status ? { status } : {}),
    },
  };
}

async function runDeploy(ctx: CliContext, planFile: string | undefined, flags: DeployFlags): Promise<OutcomeKind> {
  const args = parseDeploy(planFile, flags);
  announceTarget(ctx, args.verb, deployedKinds(ctx));
  const source = deploySource(ctx, args);
  const request = deployRequest(ctx, source, args);
  const ports = await deployPorts(ctx, args);
  const failure = showingFailure(ctx.out, (err) => deployFailureView(err, request, ctx.out.color));
  const outcome = await deploy(ports, request).catch(failure);
  showResult(ctx.out, deployResult(outcome, { environment: ctx.target.environment, colors: ctx.out.color }));
  return checked(outcome.passed);
}

export const deployCommand: CommandModule = {
  register(program: Command, run) {
    deployCommandLine(program.command("deploy")).action(run(runDeploy));
  },
};
