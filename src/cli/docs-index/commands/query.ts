// docs-index query <text>: a search whose `$filter` (app, excluded sections, dedup) is sent on the request
// itself, never applied after top-k. Prints title, public URL, app and section.
import { Option } from "commander";
import type { SearchOptions } from "@azure/search-documents";
import { CliError, ExitCode, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { buildQueryFilter, PATH_PREFIX_IMPOSSIBLE, type DedupMode } from "../../../search/query/filters.js";
import { HIT_SELECT, toHit, type QueryHit } from "../../../search/query/hits.js";
import { searchClient, type AnyDoc } from "../../../search/io/search-io.js";
import { integerIn } from "../common/options.js";
import { announceTarget } from "../common/target.js";
import { formatHits } from "../../../search/views/query-text.js";

interface QueryOptions {
  app?: string;
  excludeSection: string[];
  section?: string;
  pathPrefix?: string;
  dedup: DedupMode;
  semantic?: boolean;
  semanticConfig?: string;
  top: number;
}

export const queryCommand: CommandModule = {
  register(program, run) {
    program
      .command("query")
      .argument("<text>", "the search text")
      .description("Search the index with request-level filters: --app, --exclude-section and the dedup filter")
      .option("--app <name>", "restrict to one app (repo eq '<name>')")
      .addOption(
        new Option(
          "--exclude-section <name>",
          "leave out a section (section ne '<name>'; keeps unprocessed documents); repeatable",
        )
          .default([])
          .argParser((v: string, prev: string[]) => [...prev, v]),
      )
      .option("--section <name>", "only this section (warns: silently drops documents whose section is still null)")
      .option("--path-prefix <prefix>", "refused: path-prefix filtering is not possible on this index")
      .addOption(
        new Option(
          "--dedup <mode>",
          "one document per page: transitional (format eq null or format eq '.html'), strict (format eq '.html', once coverage is 100 %), off",
        )
          .choices(["transitional", "strict", "off"])
          .default("transitional"),
      )
      .option("--semantic", "use the semantic ranker (the index's default semantic configuration)")
      .option("--semantic-config <name>", "semantic configuration name (implies --semantic)")
      .addOption(
        new Option("--top <n>", "number of results (1-1000)").default(10).argParser(integerIn("--top", 1, 1000)),
      )
      .addHelpText(
        "after",
        exitCodeHelp({ 0: "results printed (possibly none)", 2: "usage error (including a path-prefix filter)" }),
      )
      .action(
        run(async (ctx, text: string, opts: QueryOptions) => {
          if (opts.pathPrefix !== undefined)
            throw new CliError(
              `--path-prefix refused: ${PATH_PREFIX_IMPOSSIBLE}; restrict by app with --app (repo eq) or leave out sections with --exclude-section instead`,
              ExitCode.Usage,
            );
          const built = buildQueryFilter({
            app: opts.app,
            excludeSections: opts.excludeSection,
            section: opts.section,
            dedup: opts.dedup,
          });
          announceTarget(ctx, "query", ["index"]);
          for (const w of built.warnings) ctx.out.warn(w);
          ctx.out.info(`$filter: ${built.filter ?? "(none)"}`);
          const semantic = Boolean(opts.semantic || opts.semanticConfig);
          const { search } = ctx.config;
          const base = {
            filter: built.filter,
            top: opts.top,
            select: HIT_SELECT,
          };
          const options: SearchOptions<AnyDoc> = semantic
            ? {
                ...base,
                queryType: "semantic",
                semanticSearchOptions: opts.semanticConfig ? { configurationName: opts.semanticConfig } : {},
              }
            : base;
          const { indexClient } = await ctx.search();
          const result = await searchClient(indexClient, search.index_name).search(text, options);
          const hits: QueryHit[] = [];
          for await (const r of result.results) {
            hits.push(toHit(r.document, r, { container: search.container, docsUrl: search.docs_url }));
            if (hits.length >= opts.top) break;
          }
          ctx.out.result({ filter: built.filter ?? null, semantic, results: hits }, () => formatHits(hits));
          return ExitCode.Ok;
        }),
      );
  },
};
