// `docs-index preview`'s command line: its argument, options and exit codes (commander), and the typed arguments
// they parse into (pure, tested without commander): which storage account the local copy stands for.
import type { Command } from "commander";
import { accountNameFromUrl } from "../../../search/ops/preview.js";
import { CliError, exitCodeHelp } from "../../exit-codes.js";
import { addDefinitionsOption } from "./definitions.js";

/** As commander hands them. */
export interface PreviewFlags {
  accountUrl?: string;
  failuresOnly?: boolean;
  definitions?: string;
}

/** The command line of `preview`, typed. */
export interface PreviewArguments {
  /** The local copy of the container (its root). */
  folder: string;
  /** The storage account the blob URLs name: --account-url's, else the configured account's. */
  accountName: string;
  failuresOnly: boolean;
  definitions: string | undefined;
}

/** `storageAccountResourceId`: the configured account (search.storage_account_resource_id), the default. */
export function parsePreview(folder: string, flags: PreviewFlags, storageAccountResourceId: string): PreviewArguments {
  let accountName: string;
  try {
    accountName = flags.accountUrl
      ? accountNameFromUrl(flags.accountUrl)
      : (storageAccountResourceId.split("/").at(-1) ?? "");
  } catch (err) {
    throw new CliError((err as Error).message, "usage");
  }
  return { folder, accountName, failuresOnly: Boolean(flags.failuresOnly), definitions: flags.definitions };
}

/** The command line of `preview`: its argument, options and exit codes. */
export function previewCommandLine(command: Command): Command {
  const described = command
    .argument("<folder>", "a local copy of the container; the folder is the container root")
    .option(
      "--account-url <url>",
      "the storage account's blob endpoint (default: the account of search.storage_account_resource_id)",
    )
    .option("--failures-only", "list only the blobs that fail (the summary still counts all)");
  return addDefinitionsOption(described)
    .description(
      "Show what the indexer makes of each blob: id, app, repo, section, format, content type, public URL or the mapping error (expected or not)",
    )
    .addHelpText(
      "after",
      exitCodeHelp(
        {
          ok: "every indexed blob mapped, or failed only as expected (search.expected_failures)",
          "check-failed": "an unexpected mapping failure",
          usage: "usage error (missing folder, bad URL) or configuration error",
        },
        { offline: true },
      ),
    );
}
