// `retrieve` and the knowledge source's line in `status` for people: each reference's title, public URL, app,
// section and age, then where the answer came from.
import type { RetrieveDocsAnswer } from "../query/retrieve-docs/answer.js";
import { hitText } from "../query/search-docs/hit-text.js";
import type { RetrieveProvenance } from "../query/common/provenance.js";
import { publisherLine } from "../publisher-text.js";

/** How much of each reference's passage the human rendering shows (--json carries all of it). */
const PREVIEW_CHARS = 240;

export function formatRetrieveAnswer(answer: RetrieveDocsAnswer): string {
  const refs =
    answer.results.length === 0
      ? ["no references"]
      : answer.results.map((r, i) => {
          const lines = [
            `${i + 1}. ${publisherLine(r.title, "(untitled)")}`,
            `   ${publisherLine(r.url, "(no URL)")}`,
            `   app ${publisherLine(r.app)}, section ${publisherLine(r.section)}${r.last_modified ? `, modified ${r.last_modified}` : ""}`,
          ];
          const text = publisherLine(hitText(r), "");
          if (text) lines.push(`   ${text.length <= PREVIEW_CHARS ? text : `${text.slice(0, PREVIEW_CHARS - 1)}…`}`);
          return lines.join("\n");
        });
  return `${refs.join("\n")}\n\n${formatRetrieveProvenance(answer.provenance)}`;
}

function formatRetrieveProvenance(p: RetrieveProvenance): string {
  const or = (v: string | null, why: string | null) => v ?? `unknown (${why ?? "not read"})`;
  return [
    `knowledge base ${p.knowledge_base} → knowledge source ${p.knowledge_source} → ${or(p.knowledge_source_index, p.knowledge_source_index_unknown_reason)}`,
    `index ${p.index} → ${or(p.serving_index, p.serving_index_unknown_reason)}, eTag ${or(p.index_etag, p.index_etag_unknown_reason)}`,
    `last successful run ${p.freshness_unknown_reason ? `unknown (${p.freshness_unknown_reason})` : (p.last_successful_run ?? "none")}${p.run_in_progress ? " (a run is in progress)" : ""}`,
    `filterAddOn ${p.filter}`,
    `dedup ${p.dedup_filter} (${p.dedup_basis})`,
  ].join("\n");
}
