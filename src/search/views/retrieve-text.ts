// `retrieve` and the knowledge source's line in `status` for people: each reference's title, public URL, app,
// section and age, then where the answer came from.
import type { RetrievedReference } from "../agentic/retrieve.js";
import type { RetrieveProvenance } from "../query/provenance.js";
import type { KnowledgeSourceReport } from "../agentic/knowledge-source-report.js";

export function formatReferences(references: readonly RetrievedReference[]): string {
  if (references.length === 0) return "no references";
  return references
    .map(
      (r, i) =>
        `${i + 1}. ${r.title ?? "(untitled)"}\n   ${r.url ?? "(no URL)"}\n   app ${r.app ?? "-"}, section ${r.section ?? "-"}${r.lastModified ? `, modified ${r.lastModified}` : ""}`,
    )
    .join("\n");
}

export function formatRetrieveProvenance(p: RetrieveProvenance): string {
  const or = (v: string | null, why: string | null) => v ?? `unknown (${why ?? "not read"})`;
  return [
    `knowledge base ${p.knowledge_base} → knowledge source ${p.knowledge_source} → ${or(p.knowledge_source_index, p.knowledge_source_index_unknown_reason)}`,
    `index ${p.index} → ${or(p.serving_index, p.serving_index_unknown_reason)}, eTag ${or(p.index_etag, p.index_etag_unknown_reason)}`,
    `last successful run ${p.freshness_unknown_reason ? `unknown (${p.freshness_unknown_reason})` : (p.last_successful_run ?? "none")}${p.run_in_progress ? " (a run is in progress)" : ""}`,
    `filterAddOn ${p.filter}`,
    `dedup ${p.dedup_filter} (${p.dedup_basis})`,
  ].join("\n");
}

export function formatKnowledgeSourceReport(r: KnowledgeSourceReport): string {
  if (!r.found) return `knowledge source ${r.name}: not found\n  ${r.problem}`;
  const head = `knowledge source ${r.name} → ${r.index ?? "(no index)"} (${r.synchronizationStatus ?? "status unknown"})`;
  return r.current ? head : `${head}\n  ${r.problem}`;
}
