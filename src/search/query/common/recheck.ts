// When the facts behind every answer (the `format` coverage check, the provenance reads) are read again: a good
// read lasts the time to live (`mcp.recheck_seconds`); a failed one (the service not reachable at start, a 5xx)
// is retried soon, after a backoff that starts at seconds and doubles up to the time to live, so answers stop
// saying "unknown (ECONNREFUSED)" a few seconds after the service is back. A refusal (401/403) is not a failure
// to retry: the identity will not get the right by asking again. Pure.
import type { FormatCoverageCheck } from "../../dedup/policy.js";
import type { Known } from "../../known.js";
import type { ProvenanceFacts } from "./provenance.js";

export interface RecheckPolicy {
  /** How long a good read is used. */
  ttlMs: number;
  /** The first retry after a failed read; doubled per further failure, never above `ttlMs`. */
  firstRetryMs: number;
}

const FIRST_RETRY_MS = 2_000;

export function recheckPolicy(ttlMs: number, firstRetryMs = FIRST_RETRY_MS): RecheckPolicy {
  return { ttlMs, firstRetryMs: Math.min(firstRetryMs, ttlMs) };
}

/** What the cache knows of its last read: when, and how many reads in a row failed (0 after a good one). */
export interface ReadRecord {
  at: number;
  failures: number;
}

/** The wait after `failures` failed reads in a row (0: the time to live). */
export function recheckDelayMs(failures: number, policy: RecheckPolicy): number {
  if (failures <= 0) return policy.ttlMs;
  return Math.min(policy.firstRetryMs * 2 ** Math.min(failures - 1, 30), policy.ttlMs);
}

export function recheckDue(last: ReadRecord, now: number, policy: RecheckPolicy): boolean {
  return now - last.at >= recheckDelayMs(last.failures, policy);
}

/** A fact that could not be read for a reason worth retrying (not a 401/403 refusal). */
function retryable(fact: Known<unknown>): boolean {
  return fact.status === "unknown" && fact.retry === true;
}

export function coverageCheckFailed(check: FormatCoverageCheck): boolean {
  return check.kind === "failed";
}

export function provenanceReadFailed(facts: ProvenanceFacts): boolean {
  return retryable(facts.serving) || retryable(facts.etag) || retryable(facts.freshness);
}
