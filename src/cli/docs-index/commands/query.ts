// docs-index query <text>: what the MCP tool search_docs answers, from the same core (src/search/query/): the
// request (filters on the request itself, never after top-k; the same refusals), the dedup decision, the hits
// with their text, the notes and the provenance. Human rendering in views/query-text.ts; --json is the answer.
import { Option } from "commander";
import { exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { answerSearchDocs } from "../../../search/query/search-docs/answer.js";
import { MAX_TOP_CAP, type SearchDocsParams } from "../../../search/query/search-docs/request.js";
import { integerIn } from "../common/options.js";
import { announceTarget } from "../common/target.js";
import { cliSearchDocsPorts } from "../common/answer-ports.js";
import { queryResult } from "../views/query.js";
import { showResult } from "../views/result.js";
import { cliToolLimits, dedupOption, maxTokensOption, type DedupChoice } from "../common/query-options.js";

interface QueryOptions {
  app?: string;
  excludeSection: string[];
  section?: string;
  pathPrefix?: string;
  dedup: DedupChoice;
  semantic?: boolean;
  semanticConfig?: string;
  top?: number;
  maxTokens?: number;
}

export const queryCommand: CommandModule = {
  register(program, run) {
    program
      .command("query")
      .argument("<text>", "the search text (words or names; a wildcard or punctuation alone is refused)")
      .description(
        "Search the index as the MCP tool search_docs does (same request, filters, dedup decision, hits and provenance)",
      )
      .option(
        "--app <name>",
        "restrict to one app (repo eq '<name>'; an unknown app is refused with the closest names)",
      )
      .addOption(
        new Option(
          "--exclude-section <name>",
          "leave out a section (section ne '<name>'; keeps unprocessed documents); repeatable",
        )
          .default([])
          .argParser((v: string, prev: string[]) => [...prev, v]),
      )
      .option("--section <name>", "refused: an inclusion filter silently drops unprocessed documents")
      .option("--path-prefix <prefix>", "refused: path-prefix filtering is not possible on this index")
      .addOption(dedupOption())
      .option("--semantic", "use the semantic ranker (the index's default semantic configuration)")
      .option("--semantic-config <name>", "semantic configuration name (implies --semantic)")
      .addOption(
        new Option("--top <n>", `number of results (1-${MAX_TOP_CAP}; default mcp.default_top, 5)`).argParser(
          integerIn("--top", 1, MAX_TOP_CAP),
        ),
      )
      .addOption(maxTokensOption())
      .addHelpText(
        "after",
        exitCodeHelp({
          ok: "results printed (possibly none)",
          usage:
            "usage error, or a request the query rules refuse (no search terms, --section, --path-prefix, an app that does not exist)",
        }),
      )
      .action(
        run(async (ctx, text: string, opts: QueryOptions) => {
          const params: SearchDocsParams = {
            query: text,
            app: opts.app,
            exclude_sections: opts.excludeSection,
            top: opts.top,
            mode: opts.semantic || opts.semanticConfig ? "semantic" : "keyword",
            section: opts.section,
            path_prefix: opts.pathPrefix,
          };
          announceTarget(ctx, "query", ["index"]);
          const ports = cliSearchDocsPorts(ctx, await ctx.search(), opts.dedup);
          // The same request, passages, anchors and budget as search_docs: the pages from the docs container.
          const answer = await answerSearchDocs(ports, {
            params: { ...params, max_tokens: opts.maxTokens, provenance: "full" },
            limits: cliToolLimits(ctx),
            now: () => new Date(),
            semanticConfiguration: opts.semanticConfig,
          });
          ctx.out.info(`$filter: ${answer.provenance.filter ?? "(none)"}`);
          showResult(ctx.out, queryResult(answer));
          return "ok";
        }),
      );
  },
};
