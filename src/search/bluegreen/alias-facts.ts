// Facts about Azure AI Search index aliases that the blue/green scheme relies on, in one place. Documented ones
// carry their source (Microsoft Learn, "Create an index alias", API 2026-04-01); UNCONFIRMED ones are what we
// assume until checked on a dev service, and the local stand-in (local/search-standin/management/alias-rules.ts)
// behaves as they say. Change a fact here and only here.

/** Documented: "An update to an alias may take up to 10 seconds to propagate through the system". */
export const ALIAS_PROPAGATION_MS = 10_000;

/** Documented: "Only one index name can be specified in the indexes array." */
export const INDEXES_PER_ALIAS = 1;

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
