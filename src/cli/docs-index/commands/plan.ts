// docs-index plan: compare search-definitions/*.json (filled for the environment) with the live service.
// --detailed-exitcode follows Terraform: 0 no changes, 1 error, 2 changes.
import type { Command } from "commander";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions.js";
import { planDeploy } from "../../../search/deploy.js";
import { renderPlan } from "../../../search/render-plan.js";
import type { CliContext } from "../../context.js";
import { ExitCode, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { reportError } from "../errors.js";
import { DEFINITIONS_OPTION_HELP, loadDefinitionsOrUsage, managementPort } from "../shared/definitions.js";
import { announceTarget } from "../shared/target.js";

export const planCommand: CommandModule = {
  register(program: Command, run) {
    program
      .command("plan")
      .description(
        "Show what deploy would do to the index, datasource and indexer: create, unchanged, update (in place) or rebuild, per field and attribute.",
      )
      .option("--definitions <dir>", DEFINITIONS_OPTION_HELP, DEFAULT_DEFINITIONS_DIR)
      .option("--detailed-exitcode", "as Terraform: exit 0 no changes, 1 error, 2 changes")
      .addHelpText(
        "after",
        exitCodeHelp({
          0: "plan shown (with --detailed-exitcode: no changes)",
          1: "with --detailed-exitcode: any error (usage, configuration, definition, service)",
          2: "with --detailed-exitcode: the plan has changes; without it: usage, configuration or definition error",
          3: "without --detailed-exitcode: the service could not be reached, gave no answer or refused",
        }),
      )
      .action(
        run(async (ctx: CliContext, opts: { definitions?: string; detailedExitcode?: boolean }) => {
          try {
            const files = loadDefinitionsOrUsage(ctx, opts.definitions);
            announceTarget(ctx, "plan", ["index", "datasource", "indexer"]);
            const { plan } = await planDeploy(await managementPort(ctx), files);
            ctx.out.result(plan, () => renderPlan(plan, ctx.out.color));
            const changed = plan.objects.some((o) => o.action !== "unchanged");
            return opts.detailedExitcode && changed ? ExitCode.Changes : ExitCode.Ok;
          } catch (err) {
            if (!opts.detailedExitcode) throw err;
            // Terraform's convention: with -detailed-exitcode every error is 1, so 2 can only mean "changes".
            reportError(err, { out: ctx.out, env: ctx.env, describeUrl: ctx.describeUrl });
            return ExitCode.CheckFailed;
          }
        }),
      );
  },
};
