// A refusal by one step of the HTTP pipeline: the status, problem type and detail it answers with, its field
// errors and headers, and the fields its log line adds. Steps return one; the HTTP function logs it once as
// "delivery rejected" and answers with the problem body (respond.ts). Pure.
import type { FieldError } from "../problem.js";

/** Seconds a sender should wait before redelivering after a 503. */
export const RETRY_AFTER_SECONDS = 30;

/** The Retry-After of every 503 the receiver answers. */
export const RETRY_LATER: Readonly<Record<string, string>> = Object.freeze({
  "retry-after": String(RETRY_AFTER_SECONDS),
});

export class Rejection {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly detail: string,
    readonly options: {
      errors?: FieldError[];
      headers?: Readonly<Record<string, string>>;
      /** Extra fields of the log line (never a token). */
      fields?: Record<string, unknown>;
    } = {},
  ) {}
}
