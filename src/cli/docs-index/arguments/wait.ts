// The options of a command that waits for an indexer run (`deploy --wait`, `status --wait`, `backfill`, the
// blue/green builds' polls): `--timeout` and `--poll-interval`, and what they parse into.
import { Option, type Command } from "commander";
import { positiveSeconds } from "../common/options.js";

const DEFAULT_WAIT_TIMEOUT_SECONDS = 7200;
const DEFAULT_POLL_SECONDS = 10;

/** As commander hands them. */
export interface WaitFlags {
  timeout: number;
  pollInterval: number;
}

/** How long to wait for a run, and how often to read its status. */
export interface WaitArguments {
  timeoutSeconds: number;
  pollSeconds: number;
}

/** `--timeout <seconds>` and `--poll-interval <seconds>` of a waiting command; `when` prefixes their help. */
export function addWaitOptions(command: Command, when = ""): Command {
  return command
    .addOption(
      new Option("--timeout <seconds>", `${when}stop waiting after this long (the run continues)`)
        .default(DEFAULT_WAIT_TIMEOUT_SECONDS)
        .argParser(positiveSeconds("--timeout")),
    )
    .addOption(
      new Option("--poll-interval <seconds>", `${when}seconds between status reads`)
        .default(DEFAULT_POLL_SECONDS)
        .argParser(positiveSeconds("--poll-interval")),
    );
}

export function parseWait(opts: WaitFlags): WaitArguments {
  return { timeoutSeconds: opts.timeout, pollSeconds: opts.pollInterval };
}
