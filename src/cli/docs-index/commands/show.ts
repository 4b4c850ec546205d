// docs-index show <file>: a saved plan (docs-index plan -out) for people, as JSON (the file's document, as
// `terraform show -json <planfile>`), or as the reviewer's markdown. Reads the file only, never the service.
import type { Command } from "commander";
import type { CliContext } from "../../context.js";
import { parseShow, showCommandLine } from "../arguments/show.js";
import type { CommandModule } from "../command.js";
import { refuseSavedPlanBreakingRules } from "../common/definitions.js";
import { readSavedPlanFile } from "../common/saved-plan-file.js";
import { showResult } from "../views/result.js";
import { savedPlanResult } from "../views/show.js";

export const showCommand: CommandModule = {
  register(program: Command, run) {
    showCommandLine(program.command("show")).action(
      run(async (ctx: CliContext, file: string, flags: { markdown?: boolean }) => {
        const args = parseShow(file, flags, ctx.out.json);
        const saved = readSavedPlanFile(args.file);
        refuseSavedPlanBreakingRules(saved, args.file);
        showResult(ctx.out, savedPlanResult(saved, { format: args.format, colors: ctx.out.color }));
        return "ok";
      }),
    );
  },
};
