// Where a retrieve's answer came from, in the same terms as the search_docs provenance (snake_case, a fact the
// identity may not read is null with the reason): the knowledge base and source, the configured index and the
// generation serving it, the generation the knowledge source names, the index eTag (the schema), the indexer's
// last successful run (the corpus), the dedup filter and the whole filterAddOn sent. Pure.

/** A fact the caller may or may not be allowed to read. */
export type Known<T> = { status: "known"; value: T } | { status: "unknown"; reason: string };

export interface RetrieveProvenance {
  knowledge_base: string;
  knowledge_source: string;
  /** The name consumers query (an alias or an index). */
  index: string;
  serving_index: string | null;
  serving_index_unknown_reason: string | null;
  /** The index the knowledge source names: what retrieval actually read. */
  knowledge_source_index: string | null;
  knowledge_source_index_unknown_reason: string | null;
  /** Identifies the schema, not the corpus. */
  index_etag: string | null;
  index_etag_unknown_reason: string | null;
  last_successful_run: string | null;
  run_in_progress: boolean | null;
  freshness_unknown_reason: string | null;
  dedup_filter: string;
  dedup_basis: string;
  /** The whole `filterAddOn` sent. */
  filter: string;
  api_version: string;
  answered_at: string;
}

export interface RetrieveProvenanceFacts {
  knowledgeBase: string;
  knowledgeSource: string;
  index: string;
  serving: Known<string | null>;
  knowledgeSourceIndex: Known<string | null>;
  etag: Known<string | null>;
  freshness: Known<{ lastSuccessfulRun: string | null; runInProgress: boolean }>;
  dedup: { filter: string; basis: string };
  filter: string;
  apiVersion: string;
  answeredAt: string;
}

const value = <T>(k: Known<T>): T | null => (k.status === "known" ? k.value : null);
const reason = <T>(k: Known<T>): string | null => (k.status === "unknown" ? k.reason : null);

export function buildRetrieveProvenance(f: RetrieveProvenanceFacts): RetrieveProvenance {
  const freshness = value(f.freshness);
  return {
    knowledge_base: f.knowledgeBase,
    knowledge_source: f.knowledgeSource,
    index: f.index,
    serving_index: value(f.serving),
    serving_index_unknown_reason: reason(f.serving),
    knowledge_source_index: value(f.knowledgeSourceIndex),
    knowledge_source_index_unknown_reason: reason(f.knowledgeSourceIndex),
    index_etag: value(f.etag),
    index_etag_unknown_reason: reason(f.etag),
    last_successful_run: freshness?.lastSuccessfulRun ?? null,
    run_in_progress: freshness?.runInProgress ?? null,
    freshness_unknown_reason: reason(f.freshness),
    dedup_filter: f.dedup.filter,
    dedup_basis: f.dedup.basis,
    filter: f.filter,
    api_version: f.apiVersion,
    answered_at: f.answeredAt,
  };
}

/** Why a read was refused or failed, in words (never the request URL's query string). */
export function unknownBecause(err: unknown, what: string): { status: "unknown"; reason: string } {
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 401 || status === 403)
    return {
      status: "unknown",
      reason: `${what} refused (${status}): a query identity (Search Index Data Reader) may retrieve but not read definitions`,
    };
  const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
  return { status: "unknown", reason: `${what} failed${status ? ` (${status})` : ""}: ${message}` };
}
