// docs-index migrate-to-alias: the one-time move of a concrete index to an alias of the same name (blue/green
// from then on). Builds generation 1 fully and verifies it while the concrete index serves, then deletes the
// concrete index and creates the alias at once: the gap between the two is measured and reported. The use case
// is src/search/bluegreen/migrate.ts; here the options, the confirmation (the port) and the rendering.
import type { Command } from "commander";
import { migrateToAlias, type MigrateResult } from "../../../search/bluegreen/migrate.js";
import { formatMigrateResult, withWordedSteps } from "../../../search/views/bluegreen-text.js";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions/definitions.js";
import type { CliContext } from "../../context.js";
import { exitCodeHelp } from "../../exit-codes.js";
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
import { DEFINITIONS_OPTION_HELP, loadDefinitionsOrUsage } from "../common/definitions.js";
import { announceTarget } from "../common/target.js";
import { addWaitOptions } from "../common/wait.js";

interface MigrateOptions extends BlueGreenCliOptions {
  timeout: number;
  definitions?: string;
  resume?: boolean;
  yes?: boolean;
}

export const migrateToAliasCommand: CommandModule = {
  register(program: Command, run) {
    const command = program
      .command("migrate-to-alias")
      .description(
        "Once per environment: serve the index through an alias of the same name, so rebuilds are blue/green. Builds generation 1 (a full crawl) beside the concrete index, verifies it, then deletes the concrete index and creates the alias at once.",
      )
      .option("--definitions <dir>", DEFINITIONS_OPTION_HELP, DEFAULT_DEFINITIONS_DIR)
      .option("--resume", "continue a migration that stopped (the crawl, or the alias after the delete)")
      .option("-y, --yes", "confirm deleting the concrete index without a prompt (required without a TTY)");
    addBlueGreenOptions(addWaitOptions(command)).addHelpText(
      "after",
      exitCodeHelp({
        ok: "migrated (or already an alias: nothing to do)",
        "check-failed":
          "generation 1 failed verification: nothing was deleted, the indexer points at the concrete index again",
        "service-error":
          "the alias could not be created after the concrete index was deleted: queries FAIL, run with --resume now",
        refused: "refused: not confirmed, or the service is in a state the migration cannot start from",
        timeout: "timed out waiting for the crawl; the concrete index still serves; continue with --resume",
      }),
    );
    command.action(
      run(async (ctx: CliContext, opts: MigrateOptions) => {
        const files = loadDefinitionsOrUsage(ctx, opts.definitions);
        const name = ctx.config.search.index_name;
        announceTarget(ctx, "migrate-to-alias", ["index", "indexer"]);
        const confirm = async () => {
          await confirmDestructive(ctx, {
            action: `build ${name}-1 (a full crawl), then delete the concrete index ${name} and create the alias ${name} → ${name}-1`,
            loses: `queries to ${name} for the moments between the delete and the alias (measured and reported; milliseconds locally); documents whose blobs are gone are not carried over (counted before the delete)`,
            yes: Boolean(opts.yes),
          });
          allowBuildTime(ctx, opts);
        };
        let result: MigrateResult;
        try {
          result = await migrateToAlias(
            { service: await blueGreenPort(ctx), confirm },
            { files, ...rebuildSettings(ctx, files, opts), resume: Boolean(opts.resume) },
          );
        } catch (err) {
          showBlueGreenFailure(ctx, err);
          throw err;
        }
        ctx.out.result(withWordedSteps(result), () => formatMigrateResult(result));
        return "ok";
      }),
    );
  },
};
