// `docs-index deploy`'s command line: its argument, options and exit codes (commander), and the typed arguments
// they parse into (pure, tested without commander).
import { Option, type Command } from "commander";
import { DEFAULT_NDCG_TOLERANCE } from "../../../search/eval/report.js";
import { CliError, exitCodeHelp } from "../../exit-codes.js";
import { fractionOption } from "../common/options.js";
import type { BlueGreenCliOptions } from "../common/bluegreen.js";
import { addBlueGreenOptions } from "./bluegreen.js";
import { addDefinitionsOption } from "./definitions.js";
import { addWaitOptions, parseWait, type WaitArguments } from "./wait.js";

/** As commander hands them. */
export interface DeployFlags extends BlueGreenCliOptions {
  definitions?: string;
  blueGreen?: boolean;
  golden?: string;
  relevanceTolerance: number;
  /** false with --no-eval. */
  eval: boolean;
  dryRun?: boolean;
  allowRebuild?: boolean;
  resume?: boolean;
  prune?: boolean;
  yes?: boolean;
  wait?: boolean;
  timeout: number;
}

/** The command line of `deploy`, typed. */
export interface DeployArguments {
  /** `deploy <file>`: exactly this saved plan; undefined: the definition files. */
  planFile: string | undefined;
  definitions: string | undefined;
  dryRun: boolean;
  allowRebuild: boolean;
  resume: boolean;
  prune: boolean;
  /** --blue-green: a side-by-side generation even when nothing needs a rebuild. */
  forceBlueGreen: boolean;
  wait: boolean;
  /** --yes: the destructive steps confirmed without a prompt. */
  yes: boolean;
  /**
   * The golden queries of the blue/green gate and of the in-place eval: --golden, else the file in --definitions
   * (not with a saved plan, whose definitions are its own), else the repository's.
   */
  relevance: { golden: string | undefined; definitions: string | undefined; tolerance: number; eval: boolean };
  /** With --wait: how long, and how often to read the status. */
  waitFor: WaitArguments;
  blueGreen: BlueGreenCliOptions;
  /** What the target line calls this run. */
  verb: string;
}

export function parseDeploy(planFile: string | undefined, flags: DeployFlags): DeployArguments {
  if (flags.blueGreen && planFile)
    throw new CliError("--blue-green applies to the definitions, not to a saved plan", "usage");
  const dryRun = Boolean(flags.dryRun);
  return {
    planFile,
    definitions: flags.definitions,
    dryRun,
    allowRebuild: Boolean(flags.allowRebuild),
    resume: Boolean(flags.resume),
    prune: Boolean(flags.prune),
    forceBlueGreen: Boolean(flags.blueGreen),
    wait: Boolean(flags.wait),
    yes: Boolean(flags.yes),
    relevance: {
      golden: flags.golden,
      definitions: planFile ? undefined : flags.definitions,
      tolerance: flags.relevanceTolerance,
      eval: flags.eval,
    },
    waitFor: parseWait(flags),
    blueGreen: {
      tolerance: flags.tolerance,
      propagationWait: flags.propagationWait,
      crawlTimeout: flags.crawlTimeout,
      pollInterval: flags.pollInterval,
    },
    verb: dryRun ? "deploy --dry-run" : "deploy",
  };
}

/** The command line of `deploy`: its argument, options and exit codes. */
export function deployCommandLine(command: Command): Command {
  const described = addBlueGreenOptions(addWaitOptions(command, "with --wait (and blue/green builds): "))
    .argument(
      "[plan-file]",
      "a saved plan (docs-index plan -out <file>): apply exactly it, or refuse and write nothing",
    )
    .description(
      "Apply search-definitions/*.json: upsert index, datasource and indexer in that order (only what changed), then start one indexer run. Never resets. Once the index is an alias (migrate-to-alias), a rebuild is blue/green: a new generation is built and verified beside the live one, then the alias is swapped.",
    );
  return addDefinitionsOption(described, " (with a plan file: must equal the plan's definitions)")
    .option("--dry-run", "print the plan only; change nothing (with a plan file: run every check, write nothing)")
    .option(
      "--allow-rebuild",
      "allow a rebuild when a change needs it: blue/green behind the alias (a full crawl, no downtime); before migrate-to-alias, drop and recreate (deletes every document); confirmed",
    )
    .option(
      "--blue-green",
      "behind the alias: build and verify a new generation beside the live one even when nothing needs a rebuild (e.g. a scoring weight), then swap",
    )
    .option(
      "--golden <file>",
      "golden queries for the blue/green relevance gate and the in-place eval (default: eval/golden-queries.yml in --definitions)",
    )
    .addOption(
      new Option(
        "--relevance-tolerance <drop>",
        "allowed drop of the mean nDCG@10 of the golden queries (0-1): blue/green verification against the live generation, the in-place eval after the write against before it; an answer leaving the top 5 or a page coming back twice fails too",
      )
        .default(DEFAULT_NDCG_TOLERANCE)
        .argParser(fractionOption("--relevance-tolerance")),
    )
    .option(
      "--no-eval",
      "an in-place change that re-ranks (scoring profiles, semantic configuration, a search analyzer, synonym maps): skip the golden queries before and after the write",
    )
    .option("--resume", "continue a blue/green rebuild that stopped (wait, verify, swap); `status` says where")
    .option(
      "--prune",
      "delete every generation but the live one and the indexer's target (older ones, a failed candidate, those a rollback by hand left); confirmed before any write; with nothing else to apply it starts no run; with --dry-run: what it would delete",
    )
    .option("-y, --yes", "with --allow-rebuild or --prune: confirm without a prompt (required without a TTY)")
    .option("--wait", "wait for the run this deploy started, then apply the status verdict (as `status`)")
    .addHelpText(
      "after",
      exitCodeHelp({
        ok: "deployed (or dry run), even when the eval after an in-place ranking change regressed (it is reported, with a warning); with --wait: the run ended and the status verdict passed",
        "check-failed":
          "with --wait: the run ended but the status verdict failed (unexpected failures, empty index); a blue/green rebuild: the new generation failed verification, relevance of the golden queries included (the alias was not touched, the indexer points back)",
        usage: "usage, configuration or definition error",
        refused:
          "refused: a rebuild without --allow-rebuild or not confirmed (nothing changed), a concurrent change (HTTP 412), or a saved plan that no longer applies (another environment or endpoint, a live ETag moved, other definitions, an older format; nothing written)",
        timeout:
          "with --wait: timed out waiting; the run continues (a blue/green build: consumers stay on the live generation; continue with --resume)",
        interrupted: "with --wait: Ctrl-C stopped the wait (not the run)",
      }),
    );
}
