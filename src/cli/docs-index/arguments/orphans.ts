// `docs-index orphans`'s command line: its options and exit codes (commander), and the typed arguments they parse
// into (pure, tested without commander).
import { Option, type Command } from "commander";
import { exitCodeHelp } from "../../exit-codes.js";
import { integerIn } from "../common/options.js";

/** As commander hands them. */
export interface OrphansFlags {
  delete?: boolean;
  includeStale?: boolean;
  apps?: string;
  batchSize: number;
  yes?: boolean;
}

/** The command line of `orphans`, typed. */
export interface OrphansArguments {
  /** Delete (confirmed); false: a dry run. */
  delete: boolean;
  includeStale: boolean;
  /** --apps: the current app folders; undefined: the container's top-level folders. */
  apps: ReadonlySet<string> | undefined;
  batchSize: number;
  yes: boolean;
  /** Options that do nothing as given (said before anything runs). */
  warnings: string[];
  /** What the target line calls this run. */
  verb: string;
}

export function parseOrphans(flags: OrphansFlags): OrphansArguments {
  const del = Boolean(flags.delete);
  const includeStale = Boolean(flags.includeStale);
  // An empty --apps is no list: the container's folders, as without it.
  const apps = flags.apps
    ? new Set(
        flags.apps
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
    : undefined;
  return {
    delete: del,
    includeStale,
    apps,
    batchSize: flags.batchSize,
    yes: Boolean(flags.yes),
    warnings: includeStale && !del ? ["--include-stale has no effect without --delete"] : [],
    verb: del ? "orphans --delete" : "orphans (dry run)",
  };
}

/** The command line of `orphans`: its options and exit codes. */
export function orphansCommandLine(command: Command): Command {
  return command
    .description(
      "Compare the container listing with the index: documents whose blob is gone, stale root-era documents, unknown app values",
    )
    .option("--delete", "delete the documents whose blob no longer exists (default: report only)")
    .option(
      "--include-stale",
      "with --delete, also delete stale root-era documents (their page is now served from an app folder)",
    )
    .option("-y, --yes", "with --delete: confirm without a prompt (required without a TTY)")
    .option("--apps <list>", "comma-separated current app folders (default: the container's top-level folders)")
    .addOption(
      new Option("--batch-size <n>", "documents per delete batch (1-1000)")
        .default(1000)
        .argParser(integerIn("--batch-size", 1, 1000)),
    )
    .addHelpText(
      "after",
      exitCodeHelp({
        ok: "nothing to clean up (or everything selected was deleted, every per-item result checked)",
        "check-failed":
          "orphans or stale documents found (dry run), a delete failed for some item, or the listing was incomplete",
        "service-error": "the service or the storage account could not be reached, gave no answer or refused",
        refused: "--delete not confirmed, or no TTY and no --yes",
      }),
    );
}
