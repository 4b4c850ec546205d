// docs-index plan: compare search-definitions/*.json (filled for the environment) with the live service.
import type { Command } from "commander";
import { DefinitionError, DEFAULT_DEFINITIONS_DIR, loadDefinitions } from "../../../search/definitions.js";
import { planDeploy } from "../../../search/deploy.js";
import { renderPlan } from "../../../search/render-plan.js";
import { createSearchManagementPort, type SearchManagementPort } from "../../../search/service-port.js";
import { isLoopback, type CliContext } from "../../context.js";
import { CliError, ExitCode } from "../../exit-codes.js";
import type { CommandModule } from "../program.js";

export function managementPort(ctx: CliContext): SearchManagementPort {
  return createSearchManagementPort({
    indexClient: ctx.indexClient(),
    indexerClient: ctx.indexerClient(),
    apiVersion: ctx.config.search.api_version,
    allowInsecureConnection: isLoopback(ctx.endpoint),
  });
}

export function loadDefinitionsOrUsage(ctx: CliContext, dir: string | undefined) {
  try {
    return loadDefinitions(ctx.config.search, dir ?? DEFAULT_DEFINITIONS_DIR);
  } catch (err) {
    if (err instanceof DefinitionError) throw new CliError(err.message, ExitCode.Usage);
    throw err;
  }
}

export const planCommand: CommandModule = {
  register(program: Command, run) {
    program
      .command("plan")
      .description(
        "Show what deploy would do to the index, datasource and indexer: create, unchanged, update (in place) or rebuild, per field and attribute.",
      )
      .option(
        "--definitions <dir>",
        "directory holding docs-index.json, docs-datasource.json, docs-indexer.json",
        DEFAULT_DEFINITIONS_DIR,
      )
      .option("--detailed-exitcode", "exit 1 when the plan has any change (for drift checks)")
      .addHelpText(
        "after",
        "\nExit codes: 0 plan shown (and, with --detailed-exitcode, no changes), 1 changes found with --detailed-exitcode, 2 usage/config/definition error, 3 service error.",
      )
      .action(
        run(async (ctx: CliContext, opts: { definitions?: string; detailedExitcode?: boolean }) => {
          const files = loadDefinitionsOrUsage(ctx, opts.definitions);
          ctx.out.info(`reading ${ctx.endpoint} (${ctx.config.location.env})`);
          const { plan } = await planDeploy(managementPort(ctx), files);
          ctx.out.result(plan, () => renderPlan(plan, ctx.out.color));
          const changed = plan.objects.some((o) => o.action !== "unchanged");
          return opts.detailedExitcode && changed ? ExitCode.CheckFailed : ExitCode.Ok;
        }),
      );
  },
};
