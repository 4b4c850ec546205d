// `docs-index url`'s command line: its argument, description and exit codes (offline).
import type { Command } from "commander";
import { exitCodeHelp } from "../../exit-codes.js";

export function urlCommandLine(command: Command): Command {
  return command
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
    );
}
