// docs-index query <text>: a search whose `$filter` (app, excluded sections, dedup) is sent on the request
// itself, never applied after top-k. Prints title, public URL, app and section.
import { Option } from "commander";
import { CliError, ExitCode } from "../../exit-codes.js";
import type { CommandModule } from "../program.js";
import { buildQueryFilter, PATH_PREFIX_REFUSAL, type DedupMode } from "../../../search/query/filters.js";
import { blobPathFromBlobUrl, blobPathFromDocumentId, publicUrlForBlobPath } from "../../../search/public-url.js";
import type { SearchOptions } from "@azure/search-documents";
import { searchClient, type AnyDoc } from "../../../search/ops/io/search-io.js";

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

export interface QueryHit {
  title: string | null;
  url: string | null;
  app: string | null;
  section: string | null;
  score: number;
  rerankerScore: number | null;
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
        new Option("--top <n>", "number of results (1-1000)").default(10).argParser((v) => Number.parseInt(v, 10)),
      )
      .addHelpText(
        "after",
        "\nExit codes: 0 results printed (possibly none), 2 usage error (including a path-prefix filter), 3 service error.",
      )
      .action(
        run(async (ctx, text: string, opts: QueryOptions) => {
          if (opts.pathPrefix !== undefined)
            throw new CliError(`--path-prefix refused: ${PATH_PREFIX_REFUSAL}`, ExitCode.Usage);
          if (!Number.isInteger(opts.top) || opts.top < 1 || opts.top > 1000)
            throw new CliError("--top must be an integer from 1 to 1000", ExitCode.Usage);
          const built = buildQueryFilter({
            app: opts.app,
            excludeSections: opts.excludeSection,
            section: opts.section,
            dedup: opts.dedup,
          });
          for (const w of built.warnings) ctx.out.warn(w);
          ctx.out.info(`$filter: ${built.filter ?? "(none)"}`);
          const semantic = Boolean(opts.semantic || opts.semanticConfig);
          const { search } = ctx.config;
          const base = {
            filter: built.filter,
            top: opts.top,
            select: ["id", "title", "path", "app", "repo", "section"],
          };
          const options: SearchOptions<AnyDoc> = semantic
            ? {
                ...base,
                queryType: "semantic",
                semanticSearchOptions: opts.semanticConfig ? { configurationName: opts.semanticConfig } : {},
              }
            : base;
          const result = await searchClient(ctx).search(text, options);
          const hits: QueryHit[] = [];
          for await (const r of result.results) {
            const d = r.document;
            const blobPath =
              (typeof d.path === "string" ? blobPathFromBlobUrl(d.path, search.container) : undefined) ??
              (typeof d.id === "string" ? blobPathFromDocumentId(d.id, search.container) : undefined);
            hits.push({
              title: (d.title as string | null | undefined) ?? null,
              url: blobPath === undefined ? null : publicUrlForBlobPath(search.docs_url, blobPath),
              app: ((d.app ?? d.repo) as string | null | undefined) ?? null,
              section: (d.section as string | null | undefined) ?? null,
              score: r.score,
              rerankerScore: r.rerankerScore ?? null,
            });
            if (hits.length >= opts.top) break;
          }
          ctx.out.result({ filter: built.filter ?? null, semantic, results: hits }, () =>
            hits.length === 0
              ? "no results"
              : hits
                  .map(
                    (h, i) =>
                      `${i + 1}. ${h.title ?? "(untitled)"}\n   ${h.url ?? "(no URL)"}\n   app ${h.app ?? "-"}, section ${h.section ?? "-"}`,
                  )
                  .join("\n"),
          );
          return ExitCode.Ok;
        }),
      );
  },
};
