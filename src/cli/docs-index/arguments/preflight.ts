// `docs-index preflight`'s command line: no options; its description and exit codes.
import type { Command } from "commander";
import { exitCodeHelp } from "../../exit-codes.js";

export function preflightCommandLine(command: Command): Command {
  return command
    .description(
      "Check the docs storage account: blob soft delete on (>= 7 days, or docs_storage.blob_soft_delete_days) and versioning off",
    )
    .addHelpText(
      "after",
      exitCodeHelp({
        ok: "soft delete on with enough retention, versioning off",
        "check-failed": "a check failed (the report says which and how to fix it)",
        "service-error": "the storage account or the management API could not be reached, gave no answer or refused",
      }),
    );
}
