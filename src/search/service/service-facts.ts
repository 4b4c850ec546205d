// Facts about Azure AI Search index aliases that the blue/green scheme relies on, and about the agentic-retrieval
// objects that name an index (knowledge sources, knowledge bases), in one place. Documented ones carry their
// source (Microsoft Learn, "Create an index alias" and the agentic retrieval pages, API 2026-04-01); UNCONFIRMED
// ones are what we assume until checked on a dev service, and the local stand-in
// (local/search-standin/management/alias-rules.ts, local/search-standin/knowledge/) behaves as they say.
// Change a fact here and only here. In service/ because the blue/green scheme, the plan, the agentic retrieval and
// the stand-in all read them (and none of them is below the others).

/** Documented: "An update to an alias may take up to 10 seconds to propagate through the system". */
export const ALIAS_PROPAGATION_MS = 10_000;

/**
 * UNCONFIRMED: an alias cannot take the name of an existing index (both are addressed as `/indexes/{name}`).
 * The migration does not depend on the answer: it deletes the concrete index first, then creates the alias.
 */
export const ALIAS_AND_INDEX_SHARE_NAMES = true;

/**
 * UNCONFIRMED: whether the service refuses, for a while after an index is deleted, an alias of the same name
 * (the delete propagating), and with which status. The migration retries the alias creation with backoff on
 * these statuses only.
 */
export const ALIAS_NAME_REFUSAL_STATUSES: readonly number[] = [400, 409];

/** Backoff for that retry: first wait, growth factor, cap, and when to give up (the gap is an outage). */
export const ALIAS_CREATE_RETRY = { firstDelayMs: 200, factor: 2, maxDelayMs: 5_000, deadlineMs: 120_000 } as const;

/** UNCONFIRMED: only a re-mapping propagates slowly; a newly created alias routes at once. */
export const NEW_ALIAS_PROPAGATES = false;

// --- Knowledge sources and knowledge bases (agentic retrieval, GA in 2026-04-01) ---------------------------------

/**
 * UNCONFIRMED: whether a `searchIndex` knowledge source's `searchIndexParameters.searchIndexName` may name an index
 * alias. Microsoft's alias page says an alias cannot be an indexer's `targetIndexName`; third-party summaries say
 * the same of knowledge sources. false: the knowledge source names the concrete generation (docs-index-3), and a
 * blue/green rebuild repoints it in the step that swaps the alias. true: it names the alias and is never repointed.
 */
export const KNOWLEDGE_SOURCE_MAY_NAME_ALIAS = false;

/**
 * UNCONFIRMED: the properties of a knowledge source whose change the service refuses in place (PUT), so that the
 * object must be deleted and created again. Everything else, `searchIndexParameters.searchIndexName` included, is
 * assumed to update in place with `If-Match` (the SDK's createOrUpdateKnowledgeSource with onlyIfUnchanged).
 * Paths are dotted JSON paths into the REST shape.
 */
export const KNOWLEDGE_SOURCE_RECREATE_PATHS: readonly string[] = ["kind"];

/**
 * UNCONFIRMED: the same for a knowledge base. Documented by recording (Azure SDK live test, PUT with If-Match →
 * 200): a description and the knowledge source list update in place; nothing is known to need a recreate.
 */
export const KNOWLEDGE_BASE_RECREATE_PATHS: readonly string[] = [];

/**
 * UNCONFIRMED: the service refuses to delete an index a knowledge source names (seen for the preview's knowledge
 * agents: "Cannot delete index '<name>' because agent(s) ... are still referencing it", Azure-Samples/
 * azure-search-openai-demo#2882). `deploy --prune` checks this itself and does not rely on the refusal.
 */
export const INDEX_DELETE_REFUSED_WHILE_NAMED_BY_KNOWLEDGE_SOURCE = true;

/** UNCONFIRMED: the service refuses to delete a knowledge source a knowledge base lists. */
export const KNOWLEDGE_SOURCE_DELETE_REFUSED_WHILE_LISTED = true;

/**
 * Documented (agentic-retrieval-how-to-retrieve, 2026-04-01): without a model the knowledge base does no query
 * planning, so a retrieve must carry `intents`. UNCONFIRMED: the status (400) of a retrieve without intents on a
 * knowledge base that has no model.
 */
export const RETRIEVE_WITHOUT_INTENTS_NEEDS_MODEL_STATUS = 400;
