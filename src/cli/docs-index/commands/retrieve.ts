// docs-index retrieve <text>: agentic retrieval through the knowledge base (KnowledgeRetrievalClient) with
// intents, the dedup filter (and --app / --exclude-section clauses) always sent as the knowledge source's
// filterAddOn. Prints each reference's title, public URL, app and section, and where the answer came from.
import { Option } from "commander";
import { CliError, ExitCode, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { buildRetrieveRequest, referencesToResults } from "../../../search/agentic/retrieve.js";
import { agentQueryFilter } from "../../../search/query/filters.js";
import { buildRetrieveProvenance } from "../../../search/query/provenance.js";
import { chosenDedup } from "../../../search/query/dedup-policy.js";
import { SearchDocsRefusal } from "../../../search/query/search-docs.js";
import { readProvenanceFacts } from "../../../search/query/io/search-docs-io.js";
import { readKnowledgeSourceIndex, retrieveFrom } from "../../../search/io/knowledge-io.js";
import { formatReferences, formatRetrieveProvenance } from "../../../search/views/retrieve-text.js";
import { integerIn } from "../common/options.js";
import { announceTarget } from "../common/target.js";

interface RetrieveOptions {
  intent: string[];
  app?: string;
  excludeSection: string[];
  dedup: "transitional" | "strict";
  top: number;
}

const repeatable = (v: string, prev: string[]) => [...prev, v];

/** A request the query rules refuse (e.g. no text) is a usage error, exit 2. */
function usageOnRefusal<T>(build: () => T): T {
  try {
    return build();
  } catch (err) {
    if (err instanceof SearchDocsRefusal) throw new CliError(`retrieve: ${err.message}`, ExitCode.Usage);
    throw err;
  }
}

export const retrieveCommand: CommandModule = {
  register(program, run) {
    program
      .command("retrieve")
      .argument("<text>", "what to retrieve (the first intent)")
      .description(
        "Agentic retrieval through the knowledge base with intents; the dedup filter (and --app, --exclude-section) always sent as filterAddOn",
      )
      .addOption(
        new Option("--intent <text>", "another intent (a semantic query), repeatable")
          .default([])
          .argParser(repeatable),
      )
      .option("--app <name>", "restrict to one app (repo eq '<name>')")
      .addOption(
        new Option("--exclude-section <name>", "leave out a section (section ne '<name>'); repeatable")
          .default([])
          .argParser(repeatable),
      )
      .addOption(
        new Option(
          "--dedup <mode>",
          "one document per page, always on: transitional (format eq null or format eq '.html'), strict (format eq '.html', once coverage is 100 %)",
        )
          .choices(["transitional", "strict"])
          .default("transitional"),
      )
      .addOption(
        new Option("--top <n>", "print at most n references (1-200)").default(10).argParser(integerIn("--top", 1, 200)),
      )
      .addHelpText(
        "after",
        exitCodeHelp({
          0: "references printed (possibly none)",
          2: "usage error, or agentic retrieval is off for the environment (search.agentic_retrieval)",
          3: "service error (the knowledge base missing: run `docs-index deploy`; 403: the identity needs Search Index Data Reader)",
        }),
      )
      .action(
        run(async (ctx, text: string, opts: RetrieveOptions) => {
          const { search } = ctx.config;
          if (!search.agentic_retrieval)
            throw new CliError(
              `agentic retrieval is off for environment ${ctx.target.environment} (search.agentic_retrieval: false in ${ctx.target.configFile})`,
              ExitCode.Usage,
              "Set search.agentic_retrieval: true and deploy, or use `docs-index query`.",
            );
          const { filter } = agentQueryFilter({
            app: opts.app,
            excludeSections: opts.excludeSection,
            dedup: opts.dedup,
          });
          const request = usageOnRefusal(() =>
            buildRetrieveRequest({
              intents: [text, ...opts.intent],
              knowledgeSourceName: search.knowledge_source_name,
              filter,
            }),
          );
          announceTarget(ctx, "retrieve", ["knowledgeBase", "knowledgeSource", "index"]);
          ctx.out.info(`filterAddOn: ${filter}`);
          const clients = await ctx.search();
          const answeredAt = new Date().toISOString();
          const [response, facts, sourceIndex] = await Promise.all([
            retrieveFrom(clients.knowledgeRetrievalClient(search.knowledge_base_name), request).catch((err) => {
              if ((err as { statusCode?: number }).statusCode !== 404) throw err;
              throw new CliError(
                `knowledge base ${search.knowledge_base_name} does not exist on ${ctx.endpoint} (HTTP 404)`,
                ExitCode.ServiceError,
                "Run `docs-index deploy` to create it (search.agentic_retrieval is on for this environment).",
              );
            }),
            readProvenanceFacts(clients, {
              index: search.index_name,
              indexer: search.indexer_name,
              apiVersion: search.api_version,
            }),
            readKnowledgeSourceIndex(clients.indexClient, search.knowledge_source_name),
          ]);
          const references = referencesToResults(response.references, {
            container: search.container,
            docsUrl: search.docs_url,
          }).slice(0, opts.top);
          const provenance = buildRetrieveProvenance(
            facts,
            {
              knowledgeBase: search.knowledge_base_name,
              knowledgeSource: search.knowledge_source_name,
              sourceIndex,
            },
            chosenDedup(opts.dedup, `--dedup ${opts.dedup}`),
            filter,
            answeredAt,
          );
          ctx.out.result(
            { intents: request.intents.map((i) => i.search), filterAddOn: filter, references, provenance },
            () => `${formatReferences(references)}\n\n${formatRetrieveProvenance(provenance)}`,
          );
          return ExitCode.Ok;
        }),
      );
  },
};
