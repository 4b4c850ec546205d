// `docs-index migrate-to-alias`'s command line: its options and exit codes (commander), and the typed arguments
// they parse into (pure, tested without commander).
import type { Command } from "commander";
import { exitCodeHelp } from "../../exit-codes.js";
import type { BlueGreenCliOptions } from "../common/bluegreen.js";
import { addBlueGreenOptions } from "./bluegreen.js";
import { addDefinitionsOption } from "./definitions.js";
import { addWaitOptions } from "./wait.js";

/** As commander hands them. */
export interface MigrateFlags extends BlueGreenCliOptions {
  timeout: number;
  definitions?: string;
  resume?: boolean;
  yes?: boolean;
}

/** The command line of `migrate-to-alias`, typed. */
export interface MigrateArguments {
  definitions: string | undefined;
  /** Continue a migration that stopped. */
  resume: boolean;
  /** --yes: deleting the concrete index confirmed without a prompt. */
  yes: boolean;
  blueGreen: BlueGreenCliOptions;
}

export function parseMigrate(flags: MigrateFlags): MigrateArguments {
  const { tolerance, propagationWait, crawlTimeout, pollInterval } = flags;
  return {
    definitions: flags.definitions,
    resume: Boolean(flags.resume),
    yes: Boolean(flags.yes),
    blueGreen: { tolerance, propagationWait, crawlTimeout, pollInterval },
  };
}

/** The command line of `migrate-to-alias`: its options and exit codes. */
export function migrateCommandLine(command: Command): Command {
  const described = command.description(
    "Once per environment: serve the index through an alias of the same name, so rebuilds are blue/green. Builds generation 1 (a full crawl) beside the concrete index, verifies it, then deletes the concrete index and creates the alias at once.",
  );
  addDefinitionsOption(described)
    .option("--resume", "continue a migration that stopped (the crawl, or the alias after the delete)")
    .option("-y, --yes", "confirm deleting the concrete index without a prompt (required without a TTY)");
  return addBlueGreenOptions(addWaitOptions(described)).addHelpText(
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
}
