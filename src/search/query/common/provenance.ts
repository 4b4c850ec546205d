// What every answer to an agent says about where it came from (spec area C, backfill rule 6): the index name
// queried, the concrete index behind an alias, the index eTag (the schema) and the indexer's last successful
// run (the corpus), and the dedup filter used. A query-only identity (Search Index Data Reader) may not read
// index, alias or indexer definitions: those parts are then `unknown` with the reason. Pure.
import type { Resolution } from "../../service/resolution.js";
import type { DedupDecision } from "../../dedup/policy.js";
import type { Known } from "../../known.js";

export interface Freshness {
  /** End of the indexer's newest successful run: the corpus state. */
  last_successful_run: string | null;
  run_in_progress: boolean;
}

export interface Provenance {
  /** The name queried (an alias or an index). */
  index: string;
  /** The concrete index behind the name. */
  serving_index: string | null;
  serving_index_unknown_reason: string | null;
  /** Identifies the schema, not the corpus. */
  index_etag: string | null;
  index_etag_unknown_reason: string | null;
  freshness: "known" | "unknown";
  last_successful_run: string | null;
  run_in_progress: boolean | null;
  freshness_unknown_reason: string | null;
  dedup_filter: string;
  dedup_basis: string;
  /** The whole request-level `$filter` sent (search_docs). */
  filter: string | null;
  api_version: string;
  answered_at: string;
}

export interface ProvenanceFacts {
  index: string;
  serving: Known<Resolution>;
  etag: Known<string | null>;
  freshness: Known<Freshness>;
  apiVersion: string;
}

export function servingIndexOf(serving: Known<Resolution>): { index: string | null; reason: string | null } {
  if (serving.status === "unknown") return { index: null, reason: serving.reason };
  const r = serving.value;
  if (r.kind === "missing") return { index: null, reason: `${r.name} is neither an alias nor an index on the service` };
  return { index: r.index, reason: null };
}

export function buildProvenance(
  facts: ProvenanceFacts,
  dedup: DedupDecision,
  filter: string | null,
  answeredAt: string,
): Provenance {
  const serving = servingIndexOf(facts.serving);
  return {
    index: facts.index,
    serving_index: serving.index,
    serving_index_unknown_reason: serving.reason,
    index_etag: facts.etag.status === "known" ? facts.etag.value : null,
    index_etag_unknown_reason: facts.etag.status === "unknown" ? facts.etag.reason : null,
    freshness: facts.freshness.status,
    last_successful_run: facts.freshness.status === "known" ? facts.freshness.value.last_successful_run : null,
    run_in_progress: facts.freshness.status === "known" ? facts.freshness.value.run_in_progress : null,
    freshness_unknown_reason: facts.freshness.status === "unknown" ? facts.freshness.reason : null,
    dedup_filter: dedup.filter,
    dedup_basis: dedup.basis,
    filter,
    api_version: facts.apiVersion,
    answered_at: answeredAt,
  };
}

/** What a retrieve through the knowledge base read: the base, its knowledge source and the index the source names. */
export interface KnowledgeFacts {
  knowledgeBase: string;
  knowledgeSource: string;
  /** The index (generation) the knowledge source names: what retrieval actually read. */
  sourceIndex: Known<string>;
}

/**
 * The provenance of a retrieve (`docs-index retrieve`, the MCP tool retrieve_docs): the search_docs terms plus the
 * knowledge objects.
 */
export interface RetrieveProvenance extends Provenance {
  knowledge_base: string;
  knowledge_source: string;
  knowledge_source_index: string | null;
  knowledge_source_index_unknown_reason: string | null;
  /** The whole `filterAddOn` sent (always contains the dedup filter). */
  filter: string;
}

export function buildRetrieveProvenance(
  facts: ProvenanceFacts,
  knowledge: KnowledgeFacts,
  dedup: DedupDecision,
  filterAddOn: string,
  answeredAt: string,
): RetrieveProvenance {
  return {
    knowledge_base: knowledge.knowledgeBase,
    knowledge_source: knowledge.knowledgeSource,
    knowledge_source_index: knowledge.sourceIndex.status === "known" ? knowledge.sourceIndex.value : null,
    knowledge_source_index_unknown_reason:
      knowledge.sourceIndex.status === "unknown" ? knowledge.sourceIndex.reason : null,
    ...buildProvenance(facts, dedup, filterAddOn, answeredAt),
    filter: filterAddOn,
  };
}

/** How much provenance an answer carries: the short form by default, the whole record when asked. */
export type ProvenanceDetail = "short" | "full";

/**
 * The short form of an answer's provenance: the name queried, the index that served it and the corpus state (the
 * indexer's last successful run). The rest (eTag, filters, dedup basis, API version, reasons) is in the full record.
 */
export interface ProvenanceSummary {
  index: string;
  serving_index: string | null;
  last_successful_run: string | null;
}

export function provenanceSummary(p: Provenance): ProvenanceSummary {
  return { index: p.index, serving_index: p.serving_index, last_successful_run: p.last_successful_run };
}

/** The provenance of an answer in detail `D`: the whole record `P`, or the short form. */
export type ProvenanceIn<D extends ProvenanceDetail, P> = D extends "full" ? P : ProvenanceSummary;

/** An answer with its provenance in the detail asked (default short). */
export function withProvenanceDetail<A extends { provenance: Provenance }, D extends ProvenanceDetail = "short">(
  answer: A,
  detail: D | undefined,
): Omit<A, "provenance"> & { provenance: ProvenanceIn<D, A["provenance"]> } {
  const provenance = detail === "full" ? answer.provenance : provenanceSummary(answer.provenance);
  return { ...answer, provenance: provenance as ProvenanceIn<D, A["provenance"]> };
}

/** True for the whole record (as opposed to the short form). */
export function isFullProvenance(p: Provenance | ProvenanceSummary): p is Provenance {
  return "dedup_filter" in p;
}
