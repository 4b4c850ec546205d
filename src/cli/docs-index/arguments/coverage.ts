// `docs-index coverage`'s command line: its option, description and exit codes.
import type { Command } from "commander";
import { exitCodeHelp } from "../../exit-codes.js";
import { addDefinitionsOption } from "./definitions.js";

/** As commander hands them (and typed: nothing to parse). */
export interface CoverageFlags {
  definitions?: string;
}

export function coverageCommandLine(command: Command): Command {
  const described = command.description(
    "Count documents still holding null in each field of the index (fields from the definition and the live index); say which dedup filter to use now",
  );
  return addDefinitionsOption(described).addHelpText(
    "after",
    exitCodeHelp({
      ok: "every counted field except the content-dependent ones (tags, description) is filled wherever a run can fill it",
      "check-failed":
        "documents still wait for a reset and run (see 'backfill'), or the index is empty after a completed run",
    }),
  );
}
