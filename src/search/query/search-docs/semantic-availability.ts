// Which refusals of a semantic query mean "semantic ranking is not available here" (answered as a keyword query,
// with a note) and which mean "this request is wrong" (an error saying what was wrong). Pure: the I/O half
// passes the SDK's error in.

/**
 * UNCONFIRMED (not in the reference notes; the service's answer as public reports quote it): a service whose
 * semantic ranker is off (`semanticSearch: "disabled"`, or a tier without it; the Free tier's answer is itself
 * UNCONFIRMED) answers `queryType: "semantic"` with 400, code `FeatureNotSupportedInService`, message "Semantic
 * search is not enabled for this service.\r\nParameter name: queryType" (older services: "… is not available …"),
 * detail code `SemanticQueriesNotAvailable`.
 */
export const SEMANTIC_RANKER_OFF = {
  code: "FeatureNotSupportedInService",
  detailCode: "SemanticQueriesNotAvailable",
  message: /semantic search is not (enabled|available)/i,
} as const;

/**
 * UNCONFIRMED likewise: a semantic query naming a configuration the index does not define (or none, when the index
 * has no default) is answered 400, code `InvalidRequestParameter`, message "Unknown semantic configuration 'x'.
 * \r\nParameter name: semanticConfiguration", detail code `UnknownSemanticConfiguration`. The stand-in answers so.
 */
const NO_SEMANTIC_CONFIGURATION = {
  detailCode: "UnknownSemanticConfiguration",
  message: /parameter name: semanticConfiguration/i,
} as const;

/** The parts of an SDK error (RestError) the decision reads. */
interface ServiceErrorLike {
  statusCode?: number;
  code?: string;
  message?: string;
  response?: { parsedBody?: { error?: { details?: { code?: string }[] } } };
}

/** The service's message on one line (it separates "Parameter name: …" with a CRLF). */
export function serviceMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s*\r?\n\s*/g, " ").trim();
}

/**
 * Why semantic ranking is not available, when `err` is the service saying so (ranker off, or no such semantic
 * configuration); undefined for any other failure, which the caller reports as it is.
 */
export function semanticUnavailableReason(err: unknown): string | undefined {
  const e = (err ?? {}) as ServiceErrorLike;
  if (e.statusCode !== 400) return undefined;
  const message = serviceMessage(err);
  const details = (e.response?.parsedBody?.error?.details ?? []).map((d) => d?.code);
  if (
    details.includes(SEMANTIC_RANKER_OFF.detailCode) ||
    SEMANTIC_RANKER_OFF.message.test(message) ||
    (e.code === SEMANTIC_RANKER_OFF.code && /semantic/i.test(message))
  )
    return `the semantic ranker is not enabled on the search service: ${message}`;
  if (details.includes(NO_SEMANTIC_CONFIGURATION.detailCode) || NO_SEMANTIC_CONFIGURATION.message.test(message))
    return `the index has no such semantic configuration: ${message}`;
  return undefined;
}
