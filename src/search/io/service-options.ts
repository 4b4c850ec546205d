// How long and how often the CLI's service clients try: one per-attempt timeout, a retry budget with back-off,
// an overall deadline (an AbortSignal) and a notice when an answer is slow. Defaults suit a deploy pipeline;
// tests inject millisecond values so unreachable-service cases end at once. Pure (no SDK import).

export interface ServiceOptions {
  /** Per attempt: an attempt without a complete answer within this is abandoned (not retried). */
  requestTimeoutMs: number;
  /** Retries after the first attempt, for connection errors, 408, 429, 5xx (the SDKs' rules). */
  maxRetries: number;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  /** After this long without an answer, `onSlow` is called once per command. */
  slowNoticeMs: number;
  /** The command's overall deadline: aborts every request and retry wait in flight. */
  signal?: AbortSignal;
  onSlow?: (url: string) => void;
}

export const DEFAULT_SERVICE_OPTIONS: Omit<ServiceOptions, "signal" | "onSlow"> = {
  requestTimeoutMs: 30_000,
  maxRetries: 3,
  retryDelayMs: 800,
  maxRetryDelayMs: 8_000,
  slowNoticeMs: 3_000,
};

/** No answer from a service: an attempt timed out, or the command's deadline passed. Never retried. */
export class NoAnswerError extends Error {
  constructor(
    readonly url: string,
    readonly reason: "request-timeout" | "deadline",
    readonly afterMs: number,
  ) {
    super(
      reason === "deadline"
        ? `no answer from ${url} before the command's deadline (${afterMs / 1000}s)`
        : `no answer from ${url} within ${afterMs / 1000}s`,
    );
    this.name = "NoAnswerError";
  }
}

/** The origin of a request URL (what messages name: never the query string, which may carry a SAS). */
export function origin(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : url;
}
