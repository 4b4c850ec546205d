// A value read from the service and kept for the next answers: re-read when due (../recheck.ts: the time to live
// after a good read, a backoff from seconds after a failed one); concurrent callers share one read. The clock
// is injected, so tests move time instead of waiting.
import { recheckDue, type ReadRecord, type RecheckPolicy } from "../recheck.js";

export interface RefreshingOptions<T> {
  policy: RecheckPolicy;
  /** A read that came back but holds a failure worth retrying soon (reads report failures as values). */
  failed?: (data: T) => boolean;
  /** Due sooner than the policy says (e.g. a value that is not usable yet). */
  dueAnyway?: (data: T) => boolean;
  now: () => number;
}

export class Refreshing<T> {
  private value: (ReadRecord & { data: T }) | undefined;
  private pending: Promise<T> | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly options: RefreshingOptions<T>,
  ) {}

  private due(now: number): boolean {
    const v = this.value;
    if (v === undefined) return true;
    return this.options.dueAnyway?.(v.data) === true || recheckDue(v, now, this.options.policy);
  }

  async get(): Promise<T> {
    if (this.value && !this.due(this.options.now())) return this.value.data;
    const failuresBefore = this.value?.failures ?? 0;
    this.pending ??= this.read()
      .then((data) => {
        const failed = this.options.failed?.(data) === true;
        this.value = { at: this.options.now(), failures: failed ? failuresBefore + 1 : 0, data };
        return data;
      })
      .finally(() => (this.pending = undefined));
    return this.pending;
  }
}
