// The options every blue/green build takes (deploy --allow-rebuild / --resume / --blue-green, migrate-to-alias):
// the verification's tolerance, the wait after the swap, the crawl's timeout. The poll interval is the wait
// options' (./wait.ts).
import { InvalidArgumentError, Option, type Command } from "commander";
import { ALIAS_PROPAGATION_MS } from "../../../search/service/service-facts.js";
import { positiveSeconds } from "../common/options.js";

const DEFAULT_TOLERANCE_PERCENT = 10;
const DEFAULT_CRAWL_TIMEOUT_SECONDS = 6 * 3600;

function percent(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 100)
    throw new InvalidArgumentError(`--tolerance expects a percentage from 0 to 100, got ${JSON.stringify(value)}`);
  return n;
}

/** The blue/green options on `command`. */
export function addBlueGreenOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        "--tolerance <percent>",
        "blue/green verification: allowed difference of document counts and field fill rates from the live index",
      )
        .default(DEFAULT_TOLERANCE_PERCENT)
        .argParser(percent),
    )
    .addOption(
      new Option(
        "--propagation-wait <seconds>",
        "blue/green: wait after the alias swap before the old generation may be deleted (the service: up to 10 s)",
      )
        .default(ALIAS_PROPAGATION_MS / 1000)
        .argParser(positiveSeconds("--propagation-wait")),
    )
    .addOption(
      new Option("--crawl-timeout <seconds>", "blue/green: stop waiting for the full crawl after this long")
        .default(DEFAULT_CRAWL_TIMEOUT_SECONDS)
        .argParser(positiveSeconds("--crawl-timeout")),
    );
}
