// `docs-index backfill`'s command line: its options, what a backfill costs and its exit codes (commander), and the
// typed arguments they parse into (pure, tested without commander).
import type { Command } from "commander";
import { BACKFILL_COST } from "../../../search/views/backfill-text.js";
import { exitCodeHelp } from "../../exit-codes.js";
import { addDefinitionsOption } from "./definitions.js";
import { addWaitOptions, parseWait, type WaitArguments, type WaitFlags } from "./wait.js";

/** As commander hands them. */
export interface BackfillFlags extends WaitFlags {
  yes?: boolean;
  definitions?: string;
}

/** The command line of `backfill`, typed. */
export interface BackfillArguments {
  /** --yes: the reset confirmed without a prompt. */
  yes: boolean;
  waitFor: WaitArguments;
  definitions: string | undefined;
}

export function parseBackfill(flags: BackfillFlags): BackfillArguments {
  return { yes: Boolean(flags.yes), waitFor: parseWait(flags), definitions: flags.definitions };
}

/** The command line of `backfill`: its options, what it costs and its exit codes. */
export function backfillCommandLine(command: Command): Command {
  const described = addWaitOptions(command, "")
    .description(
      "Reset and run the indexer (one full re-crawl, no document deleted), wait, then check status and coverage",
    )
    .option("-y, --yes", "confirm without a prompt (required without a TTY)");
  return addDefinitionsOption(described).addHelpText(
    "after",
    `\n${BACKFILL_COST}\n${exitCodeHelp({
      ok: "the run finished and the status check passed (every failure expected)",
      "check-failed": "the run finished but the status check failed",
      refused:
        "refused: a run is already in progress (or the run request lost a race: 409), no TTY and no --yes, or not confirmed",
      timeout: "timed out waiting; the run continues on the service",
      interrupted: "Ctrl-C: stopped waiting; the run continues on the service",
    })}`,
  );
}
