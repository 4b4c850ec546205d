// `docs-index snapshot`'s command line: no options; its description and exit codes.
import type { Command } from "commander";
import { exitCodeHelp } from "../../exit-codes.js";

export function snapshotCommandLine(command: Command): Command {
  return command
    .description(
      "Print the index eTag, the indexer's last successful run end, the document count and the API version, as one JSON object",
    )
    .addHelpText("after", exitCodeHelp({ ok: "printed (warnings on stderr for anything unavailable)" }));
}
