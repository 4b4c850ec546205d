// docs-index deploy: plan, then upsert index -> datasource -> indexer (conditional on the live ETags) and start
// one run. Refuses a rebuild unless --allow-rebuild; never resets the indexer.
import type { Command } from "commander";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions.js";
import { ConcurrentChangeError, deploy, RebuildRefusedError, type DeployResult } from "../../../search/deploy.js";
import { renderPlan } from "../../../search/render-plan.js";
import type { CliContext } from "../../context.js";
import { CliError, ExitCode } from "../../exit-codes.js";
import type { CommandModule } from "../program.js";
import { loadDefinitionsOrUsage, managementPort } from "./plan.js";

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

export const deployCommand: CommandModule = {
  register(program: Command, run) {
    program
      .command("deploy")
      .description(
        "Apply search-definitions/*.json: upsert index, datasource and indexer in that order (only what changed), then start one indexer run. Never resets.",
      )
      .option(
        "--definitions <dir>",
        "directory holding docs-index.json, docs-datasource.json, docs-indexer.json",
        DEFAULT_DEFINITIONS_DIR,
      )
      .option("--dry-run", "print the plan only; change nothing")
      .option(
        "--allow-rebuild",
        "allow dropping and recreating the index when a change needs it (deletes every document)",
      )
      .addHelpText(
        "after",
        "\nExit codes: 0 deployed (or dry run), 2 usage/config/definition error, 3 service error, 4 refused: a rebuild without --allow-rebuild (nothing changed) or a concurrent change (HTTP 412).",
      )
      .action(
        run(async (ctx: CliContext, opts: { definitions?: string; dryRun?: boolean; allowRebuild?: boolean }) => {
          const files = loadDefinitionsOrUsage(ctx, opts.definitions);
          ctx.out.info(`deploying to ${ctx.endpoint} (${ctx.config.location.env})`);
          let result: DeployResult;
          try {
            result = await deploy(managementPort(ctx), files, {
              dryRun: Boolean(opts.dryRun),
              allowRebuild: Boolean(opts.allowRebuild),
              progress: (line) => ctx.out.progress(line),
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
          ctx.out.result(result, () => renderResult(result, ctx));
          for (const notice of result.notices) ctx.out.warn(notice);
          return ExitCode.Ok;
        }),
      );
  },
};
