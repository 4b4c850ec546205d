// `query` for people: per hit its title, public URL, app and section, and the start of the text it carries
// (what search_docs hands an agent); then the notes and where the answer came from.
import { hitText } from "../query/search-docs/hit-text.js";
import type { SearchDocsAnswer } from "../query/search-docs/answer.js";
import type { Provenance } from "../query/common/provenance.js";
import { publisherLine } from "../publisher-text.js";

/** How much of each hit's text the human rendering shows (--json carries all of it). */
const PREVIEW_CHARS = 240;

function preview(text: string): string | undefined {
  const line = publisherLine(text, "");
  if (line === "") return undefined;
  return line.length <= PREVIEW_CHARS ? line : `${line.slice(0, PREVIEW_CHARS - 1)}…`;
}

function formatProvenanceLine(p: Provenance): string {
  const serving = p.serving_index ?? `unknown (${p.serving_index_unknown_reason ?? "not read"})`;
  const run = p.freshness_unknown_reason
    ? `unknown (${p.freshness_unknown_reason})`
    : (p.last_successful_run ?? "none");
  return `index ${p.index} → ${serving}; last successful run ${run}; dedup ${p.dedup_filter} (${p.dedup_basis})`;
}

export function formatSearchAnswer(answer: SearchDocsAnswer): string {
  const hits =
    answer.results.length === 0
      ? ["no results"]
      : answer.results.map((h, i) => {
          const lines = [
            `${i + 1}. ${publisherLine(h.title, "(untitled)")}`,
            `   ${publisherLine(h.url, "(no URL)")}`,
            `   app ${publisherLine(h.app)}, section ${publisherLine(h.section)}`,
          ];
          const text = preview(hitText(h));
          if (text) lines.push(`   ${text}`);
          return lines.join("\n");
        });
  return [...hits, "", `${answer.mode}: ${formatProvenanceLine(answer.provenance)}`].join("\n");
}
