// docs-index eval: runs the golden queries through the query core agents use (same request, filters and dedup
// as search_docs) against the alias or a named generation, and reports recall@k, MRR and nDCG@10 per query and
// overall with the provenance of spec rule 6; --baseline compares with an earlier report and fails on a drop.
// The use case is evaluateAgainstBaseline (src/search/eval/evaluate-golden.ts), its port ../common/relevance.ts.
import { readFileSync } from "node:fs";
import { ConfigError } from "../../../config/load.js";
import { parseBaseline } from "../../../search/eval/compare.js";
import { evaluateAgainstBaseline } from "../../../search/eval/evaluate-golden.js";
import { checked } from "../../exit-codes.js";
import { evalCommandLine, parseEval, type EvalFlags } from "../arguments/eval.js";
import type { CommandModule } from "../command.js";
import { evalPort, goldenFilePath, readGoldenFile } from "../common/relevance.js";
import { announceTarget } from "../common/target.js";
import { evalNote, evalResult } from "../views/eval.js";
import { showResult } from "../views/result.js";

/** An earlier `eval --json` report, or a ConfigError naming the file. */
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
    evalCommandLine(program.command("eval")).action(
      run(async (ctx, flags: EvalFlags) => {
        const args = parseEval(flags, ctx.out.json);
        const { search } = ctx.config;
        const site = { docsUrl: search.docs_url, container: search.container };
        const golden = readGoldenFile(goldenFilePath(args.golden), site);
        const baseline = args.baseline !== undefined ? readBaseline(args.baseline) : undefined;
        const indexName = args.index ?? search.index_name;
        announceTarget(ctx, "eval", ["indexer"]);
        ctx.out.note(evalNote(indexName, golden, args.k));
        const { k, gain, concurrency, tolerance } = args;
        const outcome = await evaluateAgainstBaseline(await evalPort(ctx, indexName), {
          indexName,
          golden,
          k,
          gain,
          concurrency,
          apiVersion: search.api_version,
          baseline,
          tolerance,
        });
        showResult(ctx.out, evalResult(outcome, args.format));
        return checked(outcome.passed);
      }),
    );
  },
};
