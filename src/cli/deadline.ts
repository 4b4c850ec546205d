// A command's overall deadline: one AbortSignal that every service request carries, and a promise that rejects
// when it passes, so nothing a command does can outlive it. Waiting commands extend it by their wait timeout.

export class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private rejectExpired: (err: Error) => void = () => {};
  private endsAt = 0;
  private readonly started = Date.now();
  /** Rejects with DeadlineExpired when the deadline passes; never resolves. */
  readonly expired: Promise<never>;

  constructor(readonly ms: number) {
    this.expired = new Promise<never>((_, reject) => (this.rejectExpired = reject));
    this.expired.catch(() => {}); // observed by whoever races it
    this.schedule(ms, this.started);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Moves the deadline to at least `ms` from now (a wait of `--timeout` seconds needs that long). */
  extend(ms: number): void {
    if (Date.now() + ms > this.endsAt) this.schedule(ms);
  }

  private schedule(ms: number, now = Date.now()): void {
    clearTimeout(this.timer);
    this.endsAt = now + ms;
    this.timer = setTimeout(() => {
      // The deadline as set (with its extensions), not the time measured when the timer fired: that moves with the
      // machine's load and the clock's grain, and the message names the --deadline the user gave.
      const err = new DeadlineExpired(this.endsAt - this.started);
      this.controller.abort(err);
      this.rejectExpired(err);
    }, ms);
    this.timer.unref();
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

export class DeadlineExpired extends Error {
  constructor(readonly afterMs: number) {
    super(`the command's deadline passed`);
    this.name = "DeadlineExpired";
  }
}
