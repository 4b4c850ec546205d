// docs-index show <file>: a saved plan (docs-index plan -out) for people, as JSON (the file's document, as
// `terraform show -json <planfile>`), or as the reviewer's markdown. Reads the file only, never the service.
import type { Command } from "commander";
import { savedPlanDocument } from "../../../search/views/plan-document.js";
import { renderSavedPlanMarkdown } from "../../../search/views/plan-markdown.js";
import { renderSavedPlan } from "../../../search/views/saved-plan-text.js";
import type { CliContext } from "../../context.js";
import { CliError, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { readSavedPlanFile } from "../common/saved-plan-file.js";
import { refuseSavedPlanBreakingRules } from "../common/definitions.js";

export const showCommand: CommandModule = {
  register(program: Command, run) {
    program
      .command("show")
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
      )
      .action(
        run(async (ctx: CliContext, file: string, opts: { markdown?: boolean }) => {
          if (opts.markdown && ctx.out.json) throw new CliError("--markdown and --json exclude each other", "usage");
          const saved = readSavedPlanFile(file);
          refuseSavedPlanBreakingRules(saved, file);
          ctx.out.result(savedPlanDocument(saved), () =>
            opts.markdown ? renderSavedPlanMarkdown(saved) : renderSavedPlan(saved, ctx.out.color),
          );
          return "ok";
        }),
      );
  },
};
