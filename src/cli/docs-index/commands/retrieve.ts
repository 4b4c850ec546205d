// docs-index retrieve <text>: agentic retrieval through the knowledge base (KnowledgeRetrievalClient) with
// intents, the dedup filter (and --app / --exclude-section clauses) always sent as the knowledge source's
// filterAddOn. Prints each reference's title, public URL, app and section, and where the answer came from.
import { Option } from "commander";
import { CliError, ExitCode, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { buildRetrieveRequest, referencesToResults, retrieveFilter } from "../../../search/agentic/retrieve.js";
import { buildRetrieveProvenance, unknownBecause, type Known } from "../../../search/agentic/provenance.js";
import { namedIndex } from "../../../search/agentic/index-target.js";
import { runInProgress } from "../../../search/ops/indexer-status.js";
import { lastServingSuccessEnd } from "../../../search/bluegreen/serving-runs.js";
import { readServingRuns } from "../../../search/io/serving-runs-io.js";
import { fetchIndexerStatus, fetchIndexInfo } from "../../../search/io/search-io.js";
import { fetchKnowledgeSource, retrieveFrom } from "../../../search/io/knowledge-io.js";
import { resolveServingIndex } from "../../../search/io/alias-resolve.js";
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

async function known<T>(what: string, read: () => Promise<T>): Promise<Known<T>> {
  try {
    return { status: "known", value: await read() };
  } catch (err) {
    return unknownBecause(err, what);
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
          const { filter } = retrieveFilter({ app: opts.app, excludeSections: opts.excludeSection, dedup: opts.dedup });
          const request = buildRetrieveRequest({
            intents: [text, ...opts.intent],
            knowledgeSourceName: search.knowledge_source_name,
            filter,
          });
          announceTarget(ctx, "retrieve", ["knowledgeBase", "knowledgeSource", "index"]);
          ctx.out.info(`filterAddOn: ${filter}`);
          const clients = await ctx.search();
          const answeredAt = new Date().toISOString();
          const [response, serving, knowledgeSource, etag, freshness] = await Promise.all([
            retrieveFrom(clients.knowledgeRetrievalClient(search.knowledge_base_name), request),
            known("reading the alias", async () => {
              const r = await resolveServingIndex(clients.indexClient, search.index_name);
              return r.kind === "missing" ? null : r.index;
            }),
            known("reading the knowledge source", async () => {
              const ks = await fetchKnowledgeSource(clients.indexClient, search.knowledge_source_name);
              return ks ? namedIndex(ks.definition) : null;
            }),
            known("reading the index", async () => {
              const info = await fetchIndexInfo(clients.indexClient, search.index_name);
              if (info.error) throw Object.assign(new Error(info.error), { statusCode: 403 });
              return info.etag;
            }),
            known("reading the indexer status", async () => {
              const status = await fetchIndexerStatus(clients.indexerClient, search.indexer_name);
              const serving = await readServingRuns(
                clients,
                { index: search.index_name, indexer: search.indexer_name },
                status,
              );
              // Runs into another generation (a failed candidate) are not the corpus the knowledge source reads.
              if (serving.basis === "unknown") throw new Error(serving.reason);
              return {
                lastSuccessfulRun: lastServingSuccessEnd(serving),
                runInProgress: runInProgress(status) !== null,
              };
            }),
          ]);
          const references = referencesToResults(response.references, {
            container: search.container,
            docsUrl: search.docs_url,
          }).slice(0, opts.top);
          const provenance = buildRetrieveProvenance({
            knowledgeBase: search.knowledge_base_name,
            knowledgeSource: search.knowledge_source_name,
            index: search.index_name,
            serving,
            knowledgeSourceIndex: knowledgeSource,
            etag,
            freshness,
            dedup: { filter: retrieveFilter({ dedup: opts.dedup }).filter, basis: `--dedup ${opts.dedup}` },
            filter,
            apiVersion: search.api_version,
            answeredAt,
          });
          ctx.out.result(
            { intents: request.intents.map((i) => i.search), filterAddOn: filter, references, provenance },
            () => `${formatReferences(references)}\n\n${formatRetrieveProvenance(provenance)}`,
          );
          return ExitCode.Ok;
        }),
      );
  },
};
