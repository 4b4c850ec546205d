// W3C trace context: the request's traceparent when valid, else the host's, else a fresh one. Problem bodies
// carry it as `traceId` (traceparent format, spec B) so a caller can quote it in a support request.
import { randomUUID } from "node:crypto";

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export function isValidTraceparent(value: string | null | undefined): value is string {
  if (!value) return false;
  const m = TRACEPARENT.exec(value.trim());
  if (!m) return false;
  // Version ff is forbidden; all-zero trace or parent ids are invalid (W3C Trace Context §3.2).
  return m[1] !== "ff" && !/^0+$/.test(m[2]!) && !/^0+$/.test(m[3]!);
}

// randomUUID draws from a cached entropy pool: far cheaper per request than randomBytes. The UUID's fixed
// version/variant nibbles leave 122 random bits, plenty for a trace id.
const hex32 = () => randomUUID().replace(/-/g, "");

export function newTraceparent(): string {
  return `00-${hex32()}-${hex32().slice(0, 16)}-01`;
}

/** The first valid candidate, lower-cased and trimmed, or a new traceparent. */
export function chooseTraceparent(...candidates: (string | null | undefined)[]): string {
  for (const c of candidates) if (isValidTraceparent(c)) return c.trim();
  return newTraceparent();
}

/** A child traceparent (same trace id, new span id) for an outgoing call. */
export function childTraceparent(traceparent: string): string {
  const [version, traceId, , flags] = traceparent.split("-");
  return `${version}-${traceId}-${hex32().slice(0, 16)}-${flags}`;
}
