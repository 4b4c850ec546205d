// The text rendering of each tool's answer (for hosts that show `content` rather than `structuredContent`).
// Retrieved document text is set apart: each passage sits in its own text block between markers that name it
// as data, and a marker inside the text itself is defused so a page cannot close its block early. Pure.
import type { AppSummary } from "../../search/query/apps.js";
import type { Provenance, RetrieveProvenance } from "../../search/query/provenance.js";
import type { RetrieveDocsHit } from "../../search/agentic/retrieve-docs.js";
import type { SearchDocsHit } from "../../search/query/search-hit.js";
import { RETRIEVED_TEXT_MARK } from "./descriptions.js";

export interface TextBlock {
  type: "text";
  text: string;
}

const BEGIN = "<<<retrieved-document";
const END = "<<<end-retrieved-document>>>";

/** Makes marker look-alikes in retrieved text inert (`<<<` becomes `‹‹‹`). */
export function defuseMarkers(text: string): string {
  return text.replaceAll("<<<", "‹‹‹").replaceAll(">>>", "›››");
}

/**
 * A value from a document (title, app, section) in a header line: whoever publishes a page controls it, so it is
 * kept to one line (a title cannot add a `note:` or `provenance:` line of its own) with markers defused.
 */
export function headerValue(value: string | null, absent: string): string {
  return value === null ? absent : defuseMarkers(value).replace(/\s+/g, " ").trim() || absent;
}

/** One retrieved passage as a text block of its own, between markers that name its source. */
export function retrievedBlock(source: string | null, text: string): TextBlock {
  return {
    type: "text",
    text: `${RETRIEVED_TEXT_MARK}\n${BEGIN} source="${defuseMarkers(source ?? "unknown").replaceAll('"', "%22")}">>>\n${defuseMarkers(text)}\n${END}`,
  };
}

export function renderProvenance(p: Provenance, filterLabel = "$filter sent"): string {
  const serving = p.serving_index ?? `unknown (${p.serving_index_unknown_reason})`;
  const freshness =
    p.freshness === "known"
      ? `last successful indexer run ${p.last_successful_run}${p.run_in_progress ? " (a run is in progress)" : ""}`
      : `unknown (${p.freshness_unknown_reason})`;
  return [
    `provenance: index ${p.index} → ${serving}; eTag ${p.index_etag ?? "unknown"}`,
    `freshness: ${freshness}`,
    `dedup filter: ${p.dedup_filter} (${p.dedup_basis})`,
    ...(p.filter ? [`${filterLabel}: ${p.filter}`] : []),
  ].join("\n");
}

export function renderSearchDocs(answer: {
  results: SearchDocsHit[];
  mode: string;
  notes: string[];
  provenance: Provenance;
}): TextBlock[] {
  const header = [
    answer.results.length === 0 ? "No matching pages." : `${answer.results.length} page(s), ${answer.mode} ranking:`,
    ...answer.results.map(
      (h, i) =>
        `${i + 1}. ${headerValue(h.title, "(untitled)")}: ${h.url ?? "(no URL)"} [app ${headerValue(h.app, "-")}, section ${headerValue(h.section, "-")}, modified ${h.last_modified ?? "-"}, score ${h.score.toFixed(3)}${h.reranker_score === null ? "" : `, reranker ${h.reranker_score.toFixed(3)}`}]`,
    ),
    ...answer.notes.map((n) => `note: ${n}`),
    renderProvenance(answer.provenance),
  ].join("\n");
  return [
    { type: "text", text: header },
    ...answer.results.map((h, i) => retrievedBlock(`${i + 1}. ${h.url ?? h.key ?? "unknown"}`, h.snippet)),
  ];
}

export function renderRetrieveDocs(answer: {
  results: RetrieveDocsHit[];
  intents: string[];
  notes: string[];
  provenance: RetrieveProvenance;
}): TextBlock[] {
  const p = answer.provenance;
  const header = [
    answer.results.length === 0
      ? "No matching pages."
      : `${answer.results.length} reference(s) for ${answer.intents.map((i) => JSON.stringify(i)).join(", ")}:`,
    ...answer.results.map(
      (h, i) =>
        `${i + 1}. ${h.title ?? "(untitled)"}: ${h.url ?? "(no URL)"} [app ${h.app ?? "-"}, section ${h.section ?? "-"}, modified ${h.last_modified ?? "-"}${h.reranker_score === null ? "" : `, reranker ${h.reranker_score.toFixed(3)}`}]`,
    ),
    ...answer.notes.map((n) => `note: ${n}`),
    `knowledge base ${p.knowledge_base} → knowledge source ${p.knowledge_source} → ${p.knowledge_source_index ?? `unknown (${p.knowledge_source_index_unknown_reason})`}`,
    renderProvenance(p, "filterAddOn sent"),
  ].join("\n");
  return [
    { type: "text", text: header },
    ...answer.results.map((h, i) => retrievedBlock(`${i + 1}. ${h.url ?? h.key ?? "unknown"}`, h.snippet)),
  ];
}

export function renderGetDoc(answer: {
  document: { title: string | null; url: string | null; app: string | null; section: string | null };
  text: string;
  offset: number;
  next_offset: number | null;
  total_chars: number;
  provenance: Provenance;
}): TextBlock[] {
  const d = answer.document;
  const range = `characters ${answer.offset}-${answer.offset + answer.text.length} of ${answer.total_chars}`;
  const header = [
    `${headerValue(d.title, "(untitled)")}: ${d.url ?? "(no URL)"} [app ${headerValue(d.app, "-")}, section ${headerValue(d.section, "-")}]`,
    answer.next_offset === null ? `${range} (end)` : `${range}; read on with offset ${answer.next_offset}`,
    renderProvenance(answer.provenance),
  ].join("\n");
  return [{ type: "text", text: header }, retrievedBlock(d.url, answer.text)];
}

export function renderListApps(answer: { apps: AppSummary[]; provenance: Provenance }): TextBlock[] {
  const lines = answer.apps.map((a) => {
    const sections = a.sections.map((s) => `${headerValue(s.section, "-")} (${s.documents})`).join(", ") || "none";
    return `- ${headerValue(a.app, "-")}: ${a.documents} page(s); sections: ${sections}; without a section: ${a.documents_without_section}`;
  });
  return [
    {
      type: "text",
      text: [
        answer.apps.length === 0 ? "No apps in the index." : "Apps:",
        ...lines,
        renderProvenance(answer.provenance),
      ].join("\n"),
    },
  ];
}
