// The last docs-index step of `npm run local`: after the blue/green demos the alias serves a generation built
// from demo definitions (a field made searchable) and the indexer's last run went into a generation that failed
// verification, so the kept environment would not match the docs (`plan` showing a rebuild before any edit,
// `status` failing on the failed candidate). This step does what docs/blue-green.md calls the rollback of a bad
// release, by hand as an operator would: the alias and the indexer are re-pointed at the first generation
// (today's definitions, the replayed history), and so is the knowledge source, and one incremental run goes into
// the serving generation (the prune step after it deletes the demo generations). The kept environment then plans no
// changes, `status` passes on the serving generation, and
// the root-era documents still hold null in the newer fields: what the backfill rehearsal in docs/local.md
// starts from.
import type { SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import type { CapturedRun } from "../../src/cli/docs-index/in-process.js";
import { INDEX_NAME, INDEXER_NAME } from "./services.js";

/** The environment's knowledge source (config/local/vars.yml has agentic retrieval on). */
const KNOWLEDGE_SOURCE = "docs-knowledge-source";
import { StepSkipped, type StepRunner } from "./steps.js";

/** The generation the migration created: today's definitions over the replayed history. */
const FIRST_GENERATION = `${INDEX_NAME}-1`;

export interface RestoreContext {
  steps: StepRunner;
  cli(...args: string[]): Promise<CapturedRun>;
  indexClient: SearchIndexClient;
  indexerClient: SearchIndexerClient;
  /** Waits for the indexer's current run to end. */
  waitRun(): Promise<{ status: string; itemsProcessed: number; itemsFailed: number }>;
}

const lastLine = (run: CapturedRun) => (run.stderr || run.stdout).trim().split("\n").at(-1) ?? "";

export async function runRestoreStep(ctx: RestoreContext): Promise<{ aliasTarget: string } | undefined> {
  let restored: { aliasTarget: string } | undefined;
  await ctx.steps.run(
    "restore",
    `Roll back to ${FIRST_GENERATION} (today's definitions, root-era documents): the state the docs rehearse`,
    async () => {
      const alias = await ctx.indexClient.getAlias(INDEX_NAME).catch(() => undefined);
      if (!alias) throw new StepSkipped(`${INDEX_NAME} is not an alias (migrate-to-alias did not run)`);
      // The documented rollback: re-point the alias at the kept generation (conditional on the alias's ETag),
      // and the indexer with it (an alias cannot be an indexer's target).
      await ctx.indexClient.createOrUpdateAlias({ ...alias, indexes: [FIRST_GENERATION] }, { onlyIfUnchanged: true });
      const indexer = await ctx.indexerClient.getIndexer(INDEXER_NAME);
      await ctx.indexerClient.createOrUpdateIndexer(
        { ...indexer, targetIndexName: FIRST_GENERATION },
        { onlyIfUnchanged: true },
      );
      // The knowledge source follows the alias (it cannot name one: src/search/service/service-facts.ts).
      const source = await ctx.indexClient.getKnowledgeSource(KNOWLEDGE_SOURCE).catch(() => undefined);
      if (source && "searchIndexParameters" in source)
        await ctx.indexClient.createOrUpdateKnowledgeSource({
          ...source,
          searchIndexParameters: { ...source.searchIndexParameters, searchIndexName: FIRST_GENERATION },
        });
      // The demo generations stay for the prune step, which removes them through docs-index deploy --prune.
      // One incremental run into the serving generation: nothing changed since, so nothing is reprocessed.
      await ctx.indexerClient.runIndexer(INDEXER_NAME);
      const run = await ctx.waitRun();
      const plan = await ctx.cli("plan", "--detailed-exitcode");
      if (plan.code !== 0) throw new Error(`plan after the rollback exits ${plan.code}: ${lastLine(plan)}`);
      restored = { aliasTarget: FIRST_GENERATION };
      return `${INDEX_NAME} → ${FIRST_GENERATION}; indexer back on it (run: ${run.status}, ${run.itemsProcessed} processed); plan: no changes`;
    },
  );
  return restored;
}
