// docs-index retrieve <text>: what the MCP tool retrieve_docs answers, from the same core: agentic retrieval
// through the knowledge base with intents, the dedup filter (and --app / --exclude-section clauses) always sent
// as the knowledge source's filterAddOn, references shaped as search_docs-like hits with their passages, and
// the provenance with the knowledge objects. Human rendering in views/retrieve-text.ts; --json is the answer.
import { Option } from "commander";
import { CliError, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { MAX_TOP_CAP } from "../../../search/query/search-docs/request.js";
import { answerRetrieveDocs } from "../../../search/query/retrieve-docs/answer.js";
import { integerIn } from "../common/options.js";
import { announceTarget } from "../common/target.js";
import { cliRetrieveDocsPorts } from "../common/answer-ports.js";
import { showResult } from "../views/result.js";
import { retrieveResult } from "../views/retrieve.js";
import { cliToolLimits, dedupOption, maxTokensOption, type DedupChoice } from "../common/query-options.js";

interface RetrieveOptions {
  intent: string[];
  app?: string;
  excludeSection: string[];
  dedup: DedupChoice;
  top?: number;
  maxTokens?: number;
}

const repeatable = (v: string, prev: string[]) => [...prev, v];

/** A knowledge base that is not there (404) says to deploy it. */
function missingBase(name: string, endpoint: string) {
  return (err: unknown): never => {
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
    throw new CliError(
      `knowledge base ${name} does not exist on ${endpoint} (HTTP 404)`,
      "service-error",
      "Run `docs-index deploy` to create it (search.agentic_retrieval is on for this environment).",
    );
  };
}

export const retrieveCommand: CommandModule = {
  register(program, run) {
    program
      .command("retrieve")
      .argument("<text>", "what to retrieve (the first intent)")
      .description(
        "Agentic retrieval as the MCP tool retrieve_docs does it (same request, filterAddOn, dedup decision, hits and provenance)",
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
      .addOption(dedupOption())
      .addOption(
        new Option("--top <n>", `print at most n references (1-${MAX_TOP_CAP}; default mcp.default_top, 5)`).argParser(
          integerIn("--top", 1, MAX_TOP_CAP),
        ),
      )
      .addOption(maxTokensOption())
      .addHelpText(
        "after",
        exitCodeHelp({
          ok: "references printed (possibly none)",
          usage:
            "usage error, a request the query rules refuse (no search terms, an app that does not exist), or agentic retrieval is off for the environment (search.agentic_retrieval)",
          "service-error":
            "service error (the knowledge base missing: run `docs-index deploy`; 403: the identity needs Search Index Data Reader)",
        }),
      )
      .action(
        run(async (ctx, text: string, opts: RetrieveOptions) => {
          const { search } = ctx.config;
          if (!search.agentic_retrieval)
            throw new CliError(
              `agentic retrieval is off for environment ${ctx.target.environment} (search.agentic_retrieval: false in ${ctx.target.configFile})`,
              "usage",
              "Set search.agentic_retrieval: true and deploy, or use `docs-index query`.",
            );
          announceTarget(ctx, "retrieve", ["knowledgeBase", "knowledgeSource", "index"]);
          const base = search.knowledge_base_name;
          const ports = cliRetrieveDocsPorts(ctx, await ctx.search(), opts.dedup);
          const retrieve: typeof ports.retrieve = (body) => ports.retrieve(body).catch(missingBase(base, ctx.endpoint));
          const params = { query: text, intents: opts.intent, app: opts.app, exclude_sections: opts.excludeSection };
          // The same request, passages, anchors and budget as retrieve_docs: the pages from the docs container.
          const answer = await answerRetrieveDocs(
            { ...ports, retrieve },
            {
              params: { ...params, top: opts.top, max_tokens: opts.maxTokens, provenance: "full" },
              knowledge: { knowledgeBase: base, knowledgeSource: search.knowledge_source_name },
              location: { container: search.container, docsUrl: search.docs_url },
              limits: cliToolLimits(ctx),
              now: () => new Date(),
            },
          );
          ctx.out.info(`filterAddOn: ${answer.provenance.filter}`);
          showResult(ctx.out, retrieveResult(answer));
          return "ok";
        }),
      );
  },
};
