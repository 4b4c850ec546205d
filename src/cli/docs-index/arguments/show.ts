// `docs-index show`'s command line: its argument, options and exit codes (commander), and the typed arguments
// they parse into (pure, tested without commander).
import type { Command } from "commander";
import { exitCodeHelp } from "../../exit-codes.js";
import { parseTextFormat, type TextFormat } from "./format.js";

/** The command line of `show`, typed. */
export interface ShowArguments {
  /** The saved plan (plan -out). */
  file: string;
  format: TextFormat;
}

export function parseShow(file: string, flags: { markdown?: boolean }, json: boolean): ShowArguments {
  return { file, format: parseTextFormat(flags, json) };
}

/** The command line of `show`: its argument, options and exit codes. */
export function showCommandLine(command: Command): Command {
  return command
    .argument("<file>", "a saved plan written by `docs-index plan -out <file>`")
    .description(
      "Print a saved plan: where and against which live ETags it was made, then the plan (--json: the file's document; --markdown: the pull-request view).",
    )
    .option("--markdown", "print the plan as markdown for a pull-request comment or job summary (not with --json)")
    .addHelpText(
      "after",
      exitCodeHelp({
        ok: "shown",
        usage:
          "the file is missing or not a saved plan, or its definitions break a rule of the service (a plan made before the rule)",
        refused: "the file is a saved plan in another format version (plan again with this docs-index)",
      }),
    );
}
