// A fact the caller may or may not be allowed to read, and the words for why not: shared by the query core (the
// provenance of every answer) and the adapters that read what an identity may be refused. Pure.

/** A fact the server may or may not be allowed to read. */
export type Known<T> = { status: "known"; value: T } | { status: "unknown"; reason: string; retry?: boolean };

/** Why a read was refused or failed, from an SDK error, in words (never the request URL's query string). */
/** `retry`: a failure worth reading again soon (not a refusal, which asking again does not change). */
export function unknownBecause(err: unknown, what: string): { status: "unknown"; reason: string; retry: boolean } {
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 401 || status === 403)
    return {
      status: "unknown",
      reason: `${what} refused (${status}): the identity may query documents only (Search Index Data Reader), which is enough for every tool`,
      retry: false,
    };
  const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
  return { status: "unknown", reason: `${what} failed${status ? ` (${status})` : ""}: ${message}`, retry: true };
}
