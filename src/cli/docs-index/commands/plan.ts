// docs-index plan: compare search-definitions/*.json (filled for the environment) with the live service.
// --detailed-exitcode follows Terraform: 0 no changes, 1 error, 2 changes. -out <file> saves the plan for
// `deploy <file>` (docs/saved-plans.md); --markdown prints the reviewer's view for a pull request.
import type { Command } from "commander";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions/definitions.js";
import type { Definitions } from "../../../search/definitions/definitions.js";
import { planChanges, savedPlanOf, type PlanOutcome } from "../../../search/deploy/plan-changes.js";
import { planDocument } from "../../../search/views/plan-document.js";
import { pendingDocument } from "../../../search/views/phase-text.js";
import { renderPlanMarkdown } from "../../../search/views/plan-markdown.js";
import { aliasNote, renderDeploymentPlan } from "../../../search/views/deploy-text.js";
import type { CliContext } from "../../context.js";
import { CliError, exitCodeHelp, type OutcomeKind } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { writeSavedPlanFile } from "../common/saved-plan-file.js";
import { blueGreenPort } from "../common/bluegreen.js";
import { DEFINITIONS_OPTION_HELP, loadDefinitionsOrUsage } from "../common/definitions.js";
import { announceTarget, deployedKinds } from "../common/target.js";
import { cliVersion } from "../common/version.js";
import { plannedRankingCheck } from "../common/relevance.js";

interface PlanOptions {
  definitions?: string;
  detailedExitcode?: boolean;
  out?: string;
  markdown?: boolean;
}

/** The command line of `plan`: its options and exit codes. */
function planOptions(command: Command): Command {
  return command
    .description(
      "Show what deploy would do to the index, datasource and indexer: create, unchanged, update (in place) or rebuild, per field and attribute.",
    )
    .option("--definitions <dir>", DEFINITIONS_OPTION_HELP, DEFAULT_DEFINITIONS_DIR)
    .option("--detailed-exitcode", "as Terraform: exit 0 no changes, 1 error, 2 changes")
    .option(
      "--out <file>",
      "also save the plan to <file> (also -out, as Terraform): `docs-index deploy <file>` applies exactly it",
    )
    .option("--markdown", "print the plan as markdown for a pull-request comment or job summary (not with --json)")
    .addHelpText(
      "after",
      exitCodeHelp({
        ok: "plan shown (with --detailed-exitcode: no changes)",
        "check-failed": "with --detailed-exitcode: any error (usage, configuration, definition, service)",
        changes:
          "with --detailed-exitcode: the plan has changes, or an operation under way must be finished first (an interrupted rebuild: deploy --resume); without it: usage, configuration or definition error",
        "service-error": "without --detailed-exitcode: the service could not be reached, gave no answer or refused",
      }),
    );
}

/** `plan -out <file>`: the saved plan written, and how to apply exactly it. */
function savePlan(ctx: CliContext, outcome: PlanOutcome, files: Definitions, out: string): void {
  const target = { environment: ctx.target.environment, endpoint: ctx.endpoint };
  // A secret in the definitions (SavedPlanSecretError) is a usage error (src/cli/outcome-exit.ts).
  const saved = savedPlanOf(outcome, files, { ...target, api_version: ctx.config.search.api_version }, cliVersion());
  writeSavedPlanFile(out, saved);
  ctx.out.note(
    `saved plan written to ${out}; apply exactly it with: npx docs-index --env ${target.environment} deploy ${out}`,
  );
}

async function runPlan(ctx: CliContext, opts: PlanOptions): Promise<OutcomeKind> {
  if (opts.markdown && ctx.out.json) throw new CliError("--markdown and --json exclude each other", "usage");
  const files = loadDefinitionsOrUsage(ctx, opts.definitions);
  announceTarget(ctx, "plan", deployedKinds(ctx));
  // The same read and plan as deploy's (src/search/deploy/); an in-place re-ranking names the check deploy runs
  // around the write (the golden file read as deploy reads it).
  const outcome = await planChanges(
    {
      service: await blueGreenPort(ctx),
      rankingCheck: () => plannedRankingCheck(ctx, { definitions: opts.definitions }),
    },
    { files },
  );
  const { deployment, rebuild, reranking } = outcome;
  const { plan, blueGreen, pending, generation } = deployment;
  if (generation) ctx.out.note(aliasNote(ctx.config.search.index_name, generation));
  if (opts.out) savePlan(ctx, outcome, files, opts.out);
  const target = { environment: ctx.target.environment, endpoint: ctx.endpoint };
  // One story per plan: the JSON, the markdown and the text name the rebuild's strategy as the saved plan
  // does (behind the alias: blue/green into the next generation, no downtime).
  const document = { ...planDocument(plan, blueGreen), blueGreen, rebuild };
  ctx.out.result({ ...document, pending: pending && pendingDocument(pending), reranking }, () =>
    opts.markdown
      ? renderPlanMarkdown(plan, {
          target: { ...target, ...(generation ? { current_index: generation } : {}) },
          rebuild,
          blueGreen,
          definitions: files,
          pending,
          reranking,
        })
      : renderDeploymentPlan(deployment, ctx.out.color, { reranking }),
  );
  // With --detailed-exitcode every error is 1 (program.ts), so 2 can only mean "changes".
  return opts.detailedExitcode && outcome.changed ? "changes" : "ok";
}

export const planCommand: CommandModule = {
  register(program: Command, run) {
    planOptions(program.command("plan")).action(run(runPlan));
  },
};
