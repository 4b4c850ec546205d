// Record updates still in flight after the answer (the "received" mark after the queue write): tracked so that a
// shutdown (the dev server's close, tests) can wait for them instead of cutting them off.

export class PendingWrites {
  readonly #pending = new Set<Promise<void>>();

  /** Tracks a write that never rejects (its errors are handled by the caller). */
  track(write: Promise<void>): void {
    this.#pending.add(write);
    void write.finally(() => this.#pending.delete(write));
  }

  get size(): number {
    return this.#pending.size;
  }

  /** Resolves when every write tracked so far has finished, or after `timeoutMs` (never waits forever). */
  async drain(timeoutMs = 10_000): Promise<void> {
    if (this.#pending.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.allSettled([...this.#pending]), timeout]);
    clearTimeout(timer);
  }
}
