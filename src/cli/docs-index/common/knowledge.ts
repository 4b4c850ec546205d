// The knowledge source's report for status and snapshot (null when the environment has agentic retrieval off):
// its status, the index it names and whether that is the generation the alias serves now.
import {
  buildKnowledgeSourceReport,
  type KnowledgeSourceReport,
} from "../../../search/agentic/knowledge-source-report.js";
import { fetchKnowledgeSource } from "../../../search/io/knowledge-io.js";
import type { CliContext } from "../../context.js";
import type { IndexNames } from "../../../search/bluegreen/index-names.js";

export async function knowledgeSourceReport(ctx: CliContext, index: IndexNames): Promise<KnowledgeSourceReport | null> {
  const { search } = ctx.config;
  if (!search.agentic_retrieval) return null;
  const { indexClient } = await ctx.search();
  const live = await fetchKnowledgeSource(indexClient, search.knowledge_source_name);
  return buildKnowledgeSourceReport({
    name: search.knowledge_source_name,
    definition: live?.definition,
    synchronizationStatus: live?.synchronizationStatus ?? null,
    serving: index.serving === null ? null : { name: index.name, serving: index.serving, alias: index.alias },
  });
}
