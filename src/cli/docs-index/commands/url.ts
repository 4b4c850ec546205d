// docs-index url: the public URL of a page from its blob URL or its document id (spec rule 4). Offline.
import { CliError, ExitCode } from "../../exit-codes.js";
import type { CommandModule } from "../program.js";
import { resolvePageRef } from "../../../search/public-url.js";

export const urlCommand: CommandModule = {
  register(program, run) {
    program
      .command("url")
      .argument("<blob-url-or-document-id>", "a blob URL in the container, or a document id (base64-encoded blob URL)")
      .description("Print the public URL of a page: {docs_url}/{app}/{rest}, .html dropped, index.html as its folder")
      .addHelpText(
        "after",
        "\nExit codes: 0 printed, 2 not a blob URL in the container nor a document id, or a config error.",
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
            throw new CliError((err as Error).message, ExitCode.Usage);
          }
          ctx.out.result(ref, () => ref.publicUrl);
          return ExitCode.Ok;
        }),
      );
  },
};
