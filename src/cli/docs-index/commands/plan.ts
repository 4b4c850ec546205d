// docs-index plan: compare search-definitions/*.json (filled for the environment) with the live service.
// --detailed-exitcode follows Terraform: 0 no changes, 1 error, 2 changes. -out <file> saves the plan for
// `deploy <file>` (docs/saved-plans.md); --markdown prints the reviewer's view for a pull request.
import type { Command } from "commander";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions/definitions.js";
import { hasChanges, planDeployment, rebuildStrategy } from "../../../search/deploy/deployment.js";
import { rankingChanges, reranking as planReranking } from "../../../search/plan/ranking-changes.js";
import { readService } from "../../../search/deploy/read.js";
import { renderPlanMarkdown } from "../../../search/views/plan-markdown.js";
import { renderDeploymentPlan } from "../../../search/views/deploy-text.js";
import { createSavedPlan } from "../../../search/saved-plans/saved-plan.js";
import type { CliContext } from "../../context.js";
import { CliError, exitCodeHelp } from "../../exit-codes.js";
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

export const planCommand: CommandModule = {
  register(program: Command, run) {
    program
      .command("plan")
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
      )
      .action(
        run(async (ctx: CliContext, opts: PlanOptions) => {
          if (opts.markdown && ctx.out.json) throw new CliError("--markdown and --json exclude each other", "usage");
          const files = loadDefinitionsOrUsage(ctx, opts.definitions);
          announceTarget(ctx, "plan", deployedKinds(ctx));
          const port = await blueGreenPort(ctx);
          // The same read and plan as deploy's (src/search/deploy/).
          const read = await readService(port, files);
          const deployment = planDeployment(read, files);
          const { plan, blueGreen } = deployment;
          const rebuild = rebuildStrategy(deployment);
          const generation = deployment.generation;
          const { pending } = deployment;
          // An in-place re-ranking names the check deploy runs around the write (the golden file read as deploy reads it).
          const reranking =
            rankingChanges(plan).length > 0 && !blueGreen
              ? planReranking(
                  plan,
                  plannedRankingCheck(ctx, { definitions: opts.definitions }),
                  deployment.mode === "alias",
                )
              : null;
          if (generation) ctx.out.note(`index: ${ctx.config.search.index_name} → ${generation} (alias)`);
          const target = { environment: ctx.target.environment, endpoint: ctx.endpoint };
          if (opts.out) {
            // A secret in the definitions (SavedPlanSecretError) is a usage error (src/cli/outcome-exit.ts).
            const saved = createSavedPlan({
              plan,
              definitions: files,
              live: read.live,
              target: {
                ...target,
                api_version: ctx.config.search.api_version,
                ...(generation ? { current_index: generation } : {}),
              },
              toolVersion: cliVersion(),
              // Behind the alias: its ETag is pinned too, so a swap after the plan refuses the deploy.
              ...(generation
                ? {
                    extraLive: [
                      { kind: "alias" as const, name: String(files.index.name), etag: read.alias?.etag ?? null },
                    ],
                  }
                : {}),
              ...(rebuild ? { rebuild } : {}),
              pending,
              reranking,
            });
            writeSavedPlanFile(opts.out, saved);
            ctx.out.note(
              `saved plan written to ${opts.out}; apply exactly it with: npx docs-index --env ${target.environment} deploy ${opts.out}`,
            );
          }
          // One story per plan: the JSON, the markdown and the text name the rebuild's strategy as the saved plan
          // does (behind the alias: blue/green into the next generation, no downtime).
          ctx.out.result({ ...plan, blueGreen, rebuild, pending, reranking }, () =>
            opts.markdown
              ? renderPlanMarkdown(plan, {
                  target: { ...target, ...(generation ? { current_index: generation } : {}) },
                  rebuild,
                  definitions: files,
                  pending,
                  reranking,
                })
              : renderDeploymentPlan(deployment, ctx.out.color, { reranking }),
          );
          // An operation under way is a pending change: deploy would refuse until it is finished.
          const changed = hasChanges(deployment);
          // With --detailed-exitcode every error is 1 (program.ts), so 2 can only mean "changes".
          return opts.detailedExitcode && changed ? "changes" : "ok";
        }),
      );
  },
};
