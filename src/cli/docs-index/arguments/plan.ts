// `docs-index plan`'s command line: its options and exit codes (commander), and the typed arguments they parse
// into (pure, tested without commander).
import type { Command } from "commander";
import { exitCodeHelp } from "../../exit-codes.js";
import { addDefinitionsOption } from "./definitions.js";
import { parseTextFormat, type TextFormat } from "./format.js";

/** As commander hands them. */
export interface PlanFlags {
  definitions?: string;
  detailedExitcode?: boolean;
  out?: string;
  markdown?: boolean;
}

/** The command line of `plan`, typed. */
export interface PlanArguments {
  definitions: string | undefined;
  /** As Terraform: exit 2 when the plan has changes, 1 on every error. */
  detailedExitcode: boolean;
  /** -out <file>: where the saved plan goes. */
  out: string | undefined;
  format: TextFormat;
}

export function parsePlan(flags: PlanFlags, json: boolean): PlanArguments {
  const format = parseTextFormat(flags, json);
  return { definitions: flags.definitions, detailedExitcode: Boolean(flags.detailedExitcode), out: flags.out, format };
}

/** The command line of `plan`: its options and exit codes. */
export function planCommandLine(command: Command): Command {
  const described = command.description(
    "Show what deploy would do to the index, datasource and indexer: create, unchanged, update (in place) or rebuild, per field and attribute.",
  );
  return addDefinitionsOption(described)
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
