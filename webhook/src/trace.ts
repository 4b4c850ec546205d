// W3C trace context: the request's traceparent when valid, else the host's, else a fresh one. Problem bodies
// carry it as `traceId` (traceparent format, spec B) so a caller can quote it in a support request.
import { randomFillSync } from "node:crypto";

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

const ZERO_TRACE_ID = "0".repeat(32);
const ZERO_PARENT_ID = "0".repeat(16);

export function isValidTraceparent(value: string | null | undefined): value is string {
  if (!value) return false;
  const m = TRACEPARENT.exec(value.trim());
  if (!m) return false;
  // Version ff is forbidden; all-zero trace or parent ids are invalid (W3C Trace Context §3.2).
  return m[1] !== "ff" && m[2] !== ZERO_TRACE_ID && m[3] !== ZERO_PARENT_ID;
}

// Ids come from a pool of crypto-random bytes refilled 4 KiB at a time (as randomUUID does internally): one
// hex slice per id instead of a UUID and a regex replace per request.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const hex = pool.toString("hex", poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return hex;
}

export function newTraceparent(): string {
  return `00-${randomHex(16)}-${randomHex(8)}-01`;
}

/** The first valid candidate, lower-cased and trimmed, or a new traceparent. */
export function chooseTraceparent(...candidates: (string | null | undefined)[]): string {
  for (const c of candidates) if (isValidTraceparent(c)) return c.trim();
  return newTraceparent();
}

/** A child traceparent (same trace id, new span id) for an outgoing call. */
export function childTraceparent(traceparent: string): string {
  const [version, traceId, , flags] = traceparent.split("-");
  return `${version}-${traceId}-${randomHex(8)}-${flags}`;
}
