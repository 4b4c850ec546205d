// `docs-index eval`'s command line: its options and exit codes (commander), and the typed arguments they parse
// into (pure, tested without commander).
import { Option, type Command } from "commander";
import type { Gain } from "../../../search/eval/metrics.js";
import { DEFAULT_CONCURRENCY, DEFAULT_GAIN, DEFAULT_K, DEFAULT_NDCG_TOLERANCE } from "../../../search/eval/report.js";
import { MAX_TOP_CAP } from "../../../search/query/search-docs/request.js";
import { exitCodeHelp } from "../../exit-codes.js";
import { fractionOption, integerIn } from "../common/options.js";
import { parseTextFormat, type TextFormat } from "./format.js";

/** As commander hands them. */
export interface EvalFlags {
  golden?: string;
  definitions?: string;
  index?: string;
  k: number;
  gain: Gain;
  baseline?: string;
  relevanceTolerance: number;
  concurrency: number;
  markdown?: boolean;
}

/** The command line of `eval`, typed. */
export interface EvalArguments {
  /** The golden file: --golden, else the one in --definitions, else the repository's. */
  golden: { golden: string | undefined; definitions: string | undefined };
  /** --index: a generation or index instead of the configured name. */
  index: string | undefined;
  k: number;
  gain: Gain;
  /** An earlier `eval --json` report to compare with. */
  baseline: string | undefined;
  tolerance: number;
  concurrency: number;
  format: TextFormat;
}

export function parseEval(flags: EvalFlags, json: boolean): EvalArguments {
  const format = parseTextFormat(flags, json);
  const golden = { golden: flags.golden, definitions: flags.definitions };
  const { index, k, gain, baseline, concurrency } = flags;
  return { golden, index, k, gain, baseline, tolerance: flags.relevanceTolerance, concurrency, format };
}

/** The command line of `eval`: its options and exit codes. */
export function evalCommandLine(command: Command): Command {
  return command
    .description(
      "Run the golden queries as agents query (search_docs: same filters and dedup) and report recall@k, MRR and nDCG@10 with the index eTag and last successful run",
    )
    .option("--golden <file>", "golden queries (default search-definitions/eval/golden-queries.yml)")
    .option("--definitions <dir>", "take the golden file from <dir>/eval/golden-queries.yml")
    .option("--index <name>", "evaluate this index or generation instead of the configured name (the alias)")
    .addOption(
      new Option("--k <n>", `recall@k cut-off (1-${MAX_TOP_CAP}); nDCG is at 10`)
        .default(DEFAULT_K)
        .argParser(integerIn("--k", 1, MAX_TOP_CAP)),
    )
    .addOption(
      new Option("--gain <kind>", "nDCG gain of a grade: linear (grade) or exponential (2^grade - 1)")
        .choices(["linear", "exponential"])
        .default(DEFAULT_GAIN),
    )
    .option("--baseline <eval.json>", "compare with an earlier eval --json report; exit 1 on a regression")
    .addOption(
      new Option(
        "--relevance-tolerance <drop>",
        "with --baseline: allowed drop of the mean nDCG@10 (0-1); any answer (grade 2) leaving the top k fails too",
      )
        .default(DEFAULT_NDCG_TOLERANCE)
        .argParser(fractionOption("--relevance-tolerance")),
    )
    .addOption(
      new Option("--concurrency <n>", "queries in flight at once (1-16)")
        .default(DEFAULT_CONCURRENCY)
        .argParser(integerIn("--concurrency", 1, 16)),
    )
    .option("--markdown", "print the report as Markdown for a pull request (not with --json)")
    .addHelpText(
      "after",
      exitCodeHelp({
        ok: "evaluated (with --baseline: no regression)",
        "check-failed":
          "with --baseline: the mean nDCG@10 dropped by more than the tolerance, an answer left the top k, or a page now comes back twice (a Markdown twin)",
        usage: "usage error, or an invalid golden or baseline file (file, key and what was expected)",
        "service-error": "service error (no such index, unreachable, no answer before the deadline, 401/403, 5xx)",
      }),
    );
}
