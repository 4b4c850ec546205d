// docs-index migrate-to-alias: the one-time move of a concrete index to an alias of the same name (blue/green
// from then on). Builds generation 1 fully and verifies it while the concrete index serves, then deletes the
// concrete index and creates the alias at once: the gap between the two is measured and reported. The use case
// is src/search/bluegreen/migrate.ts; here the ports (the service, the confirmation) and the view.
import type { Command } from "commander";
import { migrateToAlias } from "../../../search/bluegreen/migrate.js";
import type { CliContext } from "../../context.js";
import { migrateCommandLine, parseMigrate, type MigrateFlags } from "../arguments/migrate-to-alias.js";
import type { CommandModule } from "../command.js";
import { allowBuildTime, blueGreenPort, rebuildSettings } from "../common/bluegreen.js";
import { confirmDestructive } from "../common/confirm.js";
import { loadDefinitionsOrUsage } from "../common/definitions.js";
import { announceTarget } from "../common/target.js";
import { blueGreenFailureView } from "../views/deploy.js";
import { migrateResult, migrationStep } from "../views/migrate-to-alias.js";
import { showingFailure, showResult } from "../views/result.js";

export const migrateToAliasCommand: CommandModule = {
  register(program: Command, run) {
    migrateCommandLine(program.command("migrate-to-alias")).action(
      run(async (ctx: CliContext, flags: MigrateFlags) => {
        const args = parseMigrate(flags);
        const files = loadDefinitionsOrUsage(ctx, args.definitions);
        announceTarget(ctx, "migrate-to-alias", ["index", "indexer"]);
        const confirm = async () => {
          await confirmDestructive(ctx, { ...migrationStep(ctx.config.search.index_name), yes: args.yes });
          allowBuildTime(ctx, args.blueGreen);
        };
        const migrated = async () => {
          const service = await blueGreenPort(ctx);
          const settings = rebuildSettings(ctx, files, args.blueGreen);
          return migrateToAlias({ service, confirm }, { files, ...settings, resume: args.resume });
        };
        const result = await migrated().catch(showingFailure(ctx.out, blueGreenFailureView));
        showResult(ctx.out, migrateResult(result));
        return "ok";
      }),
    );
  },
};
