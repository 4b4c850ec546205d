// docs-index plan: compare search-definitions/*.json (filled for the environment) with the live service.
// --detailed-exitcode follows Terraform: 0 no changes, 1 error, 2 changes. -out <file> saves the plan for
// `deploy <file>` (docs/saved-plans.md); --markdown prints the reviewer's view for a pull request. The use case is
// planChanges (src/search/deploy/plan-changes.ts); its command line ../arguments/plan.ts, its view ../views/plan.ts.
import type { Command } from "commander";
import type { Definitions } from "../../../search/definitions/definitions.js";
import { planChanges, savedPlanOf, type PlanOutcome } from "../../../search/deploy/plan-changes.js";
import { aliasNote } from "../../../search/views/deploy-text.js";
import type { CliContext } from "../../context.js";
import { planned, type OutcomeKind } from "../../exit-codes.js";
import { parsePlan, planCommandLine, type PlanFlags } from "../arguments/plan.js";
import type { CommandModule } from "../command.js";
import { blueGreenPort } from "../common/bluegreen.js";
import { loadDefinitionsOrUsage } from "../common/definitions.js";
import { plannedRankingCheck } from "../common/relevance.js";
import { writeSavedPlanFile } from "../common/saved-plan-file.js";
import { announceTarget, deployedKinds } from "../common/target.js";
import { cliVersion } from "../common/version.js";
import { planResult, savedPlanWrittenNote } from "../views/plan.js";
import { showResult } from "../views/result.js";

/** `plan -out <file>`: the saved plan written, and how to apply exactly it. */
function savePlan(ctx: CliContext, outcome: PlanOutcome, files: Definitions, out: string): void {
  const target = { environment: ctx.target.environment, endpoint: ctx.endpoint };
  // A secret in the definitions (SavedPlanSecretError) is a usage error (src/cli/outcome-exit.ts).
  const saved = savedPlanOf(outcome, files, { ...target, api_version: ctx.config.search.api_version }, cliVersion());
  writeSavedPlanFile(out, saved);
  ctx.out.note(savedPlanWrittenNote(out, target.environment));
}

async function runPlan(ctx: CliContext, flags: PlanFlags): Promise<OutcomeKind> {
  const args = parsePlan(flags, ctx.out.json);
  const files = loadDefinitionsOrUsage(ctx, args.definitions);
  announceTarget(ctx, "plan", deployedKinds(ctx));
  // The same read and plan as deploy's (src/search/deploy/); an in-place re-ranking names the check deploy runs
  // around the write (the golden file read as deploy reads it).
  const outcome = await planChanges(
    {
      service: await blueGreenPort(ctx),
      rankingCheck: () => plannedRankingCheck(ctx, { definitions: args.definitions }),
    },
    { files },
  );
  const { generation } = outcome.deployment;
  if (generation) ctx.out.note(aliasNote(ctx.config.search.index_name, generation));
  if (args.out) savePlan(ctx, outcome, files, args.out);
  const target = { environment: ctx.target.environment, endpoint: ctx.endpoint };
  showResult(ctx.out, planResult(outcome, { files, target, format: args.format, colors: ctx.out.color }));
  // With --detailed-exitcode every error is 1 (program.ts), so 2 can only mean "changes".
  return planned(outcome.changed, args.detailedExitcode);
}

export const planCommand: CommandModule = {
  register(program: Command, run) {
    planCommandLine(program.command("plan")).action(run(runPlan));
  },
};
