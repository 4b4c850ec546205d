// `docs-index status`'s command line: its options and exit codes (commander), and the typed arguments they parse
// into (pure, tested without commander).
import { Option, type Command } from "commander";
import { exitCodeHelp } from "../../exit-codes.js";
import { integerIn } from "../common/options.js";
import { addWaitOptions, parseWait, type WaitArguments, type WaitFlags } from "./wait.js";

/** As commander hands them. */
export interface StatusFlags extends WaitFlags {
  history: number;
  wait?: boolean;
}

/** The command line of `status`, typed. */
export interface StatusArguments {
  /** How many recent runs the report lists. */
  historyLimit: number;
  /** Wait for a run in progress to end first. */
  wait: boolean;
  waitFor: WaitArguments;
}

export function parseStatus(flags: StatusFlags): StatusArguments {
  return { historyLimit: flags.history, wait: Boolean(flags.wait), waitFor: parseWait(flags) };
}

/** The command line of `status`: its options and exit codes. */
export function statusCommandLine(command: Command): Command {
  return addWaitOptions(command, "with --wait: ")
    .description("Show the indexer's last run and recent history; classify every error as expected or unexpected")
    .addOption(
      new Option("--history <n>", "how many recent runs to show (1-50)")
        .default(10)
        .argParser(integerIn("--history", 1, 50)),
    )
    .option("--wait", "if a run is in progress, wait for it to end first (progress on stderr)")
    .addHelpText(
      "after",
      exitCodeHelp({
        ok: "the last completed run is not a failure, every failure in it is expected (search.expected_failures), and the index holds documents",
        "check-failed":
          "the last run into the serving generation failed (a failed rebuild's crawl into its candidate is reported, not judged), which runs went into it cannot be told, an unexpected or unexplained failure was found (even when the service says success), the indexer has no completed run yet, or the index is empty after a completed run; with search.agentic_retrieval: the knowledge source is missing or names an index that is not the alias's current one",
        timeout: "with --wait: timed out waiting; the run continues",
        interrupted: "with --wait: Ctrl-C stopped the wait (not the run)",
      }),
    );
}
