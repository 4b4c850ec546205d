// docs-index eval: runs the golden queries through the query core agents use (same request, filters and dedup
// as search_docs) against the alias or a named generation, and reports recall@k, MRR and nDCG@10 per query and
// overall with the provenance of spec rule 6; --baseline compares with an earlier report and fails on a drop.
import { readFileSync } from "node:fs";
import { Option } from "commander";
import { ConfigError } from "../../../config/load.js";
import { compareReports, parseBaseline, type Comparison } from "../../../search/eval/compare.js";
import { DEFAULT_CONCURRENCY, DEFAULT_GAIN, DEFAULT_K, DEFAULT_NDCG_TOLERANCE } from "../../../search/eval/report.js";
import { formatEvalReport, renderEvalMarkdown } from "../../../search/views/eval-text.js";
import { MAX_TOP_CAP } from "../../../search/query/search-docs.js";
import type { Gain } from "../../../search/eval/metrics.js";
import { CliError, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { fractionOption, integerIn } from "../common/options.js";
import { goldenFilePath, readGoldenFile, runRelevanceEval } from "../common/relevance.js";
import { announceTarget } from "../common/target.js";

interface EvalOptions {
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

function readBaseline(file: string) {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(file, [
      { key: "(file)", expected: code === "ENOENT" ? "not found: save one with eval --json > file" : String(err) },
    ]);
  }
  return parseBaseline(text, file);
}

export const evalCommand: CommandModule = {
  register(program, run) {
    program
      .command("eval")
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
      )
      .action(
        run(async (ctx, opts: EvalOptions) => {
          if (opts.markdown && ctx.out.json) throw new CliError("--markdown and --json exclude each other", "usage");
          const { search } = ctx.config;
          const golden = readGoldenFile(goldenFilePath(opts), {
            docsUrl: search.docs_url,
            container: search.container,
          });
          const baseline = opts.baseline !== undefined ? readBaseline(opts.baseline) : undefined;
          const indexName = opts.index ?? search.index_name;
          announceTarget(ctx, "eval", ["indexer"]);
          ctx.out.note(
            `eval: index ${indexName}, golden ${golden.path} (${golden.queries.length} queries), k ${opts.k}`,
          );
          const report = await runRelevanceEval(ctx, {
            indexName,
            golden,
            k: opts.k,
            gain: opts.gain,
            concurrency: opts.concurrency,
          });
          const comparison: Comparison | undefined = baseline
            ? compareReports(report, baseline, opts.relevanceTolerance)
            : undefined;
          ctx.out.result(comparison ? { ...report, comparison } : report, () =>
            opts.markdown ? renderEvalMarkdown(report, comparison) : formatEvalReport(report, comparison),
          );
          return comparison && comparison.regressions.length > 0 ? "check-failed" : "ok";
        }),
      );
  },
};
