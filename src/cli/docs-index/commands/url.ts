// docs-index url: the public URL of a page from its blob URL, its blob path or its document id (spec rule 4).
// Offline.
import { resolvePageRef, type PageRef } from "../../../search/public-url.js";
import { CliError } from "../../exit-codes.js";
import { urlCommandLine } from "../arguments/url.js";
import type { CommandModule } from "../command.js";
import { showResult } from "../views/result.js";
import { urlResult } from "../views/url.js";

export const urlCommand: CommandModule = {
  register(program, run) {
    urlCommandLine(program.command("url")).action(
      run(async (ctx, input: string) => {
        let ref: PageRef;
        try {
          ref = resolvePageRef(input, { docsUrl: ctx.config.search.docs_url, container: ctx.config.search.container });
        } catch (err) {
          throw new CliError((err as Error).message, "usage");
        }
        showResult(ctx.out, urlResult(ref));
        return "ok";
      }),
    );
  },
};
