// docs-index url: the public URL of a page from its blob URL, its blob path or its document id (spec rule 4).
// Offline.
import { CliError, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { resolvePageRef } from "../../../search/public-url.js";

export const urlCommand: CommandModule = {
  register(program, run) {
    program
      .command("url")
      .argument(
        "<page>",
        "a blob URL in the container, a blob path (billing/guide/setup.html) or a document id (base64-encoded blob URL)",
      )
      .description("Print the public URL of a page: {docs_url}/{app}/{rest}, .html dropped, index.html as its folder")
      .addHelpText(
        "after",
        exitCodeHelp(
          { ok: "printed", usage: "not a blob URL, blob path or document id; or a config error" },
          { offline: true },
        ),
      )
      .action(
        run(async (ctx, input: string) => {
          let ref;
          try {
            ref = resolvePageRef(input, {
              docsUrl: ctx.config.search.docs_url,
              container: ctx.config.search.container,
            });
          } catch (err) {
            throw new CliError((err as Error).message, "usage");
          }
          ctx.out.result(ref, () => ref.publicUrl);
          return "ok";
        }),
      );
  },
};
