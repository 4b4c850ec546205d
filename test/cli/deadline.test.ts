// The command's deadline: what the error says is the deadline the user set (with its extensions), whatever the
// machine's load made of the timer.
import { describe, expect, it } from "vitest";
import { Deadline, DeadlineExpired } from "../../src/cli/deadline.js";

describe("Deadline", () => {
  it("expires with the deadline as set, and aborts the signal with the same error", async () => {
    const deadline = new Deadline(30);
    const err = await deadline.expired.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeadlineExpired);
    expect((err as DeadlineExpired).afterMs).toBe(30);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBe(err);
  });

  it("an extension moves it, and the error names the extended deadline", async () => {
    const deadline = new Deadline(20);
    deadline.extend(60);
    const err = (await deadline.expired.catch((e: unknown) => e)) as DeadlineExpired;
    expect(err.afterMs).toBeGreaterThanOrEqual(60);
    expect(err.afterMs).toBeLessThan(1_000);
  });

  it("a shorter extension does not bring it forward", async () => {
    const deadline = new Deadline(40);
    deadline.extend(1);
    const err = (await deadline.expired.catch((e: unknown) => e)) as DeadlineExpired;
    expect(err.afterMs).toBe(40);
  });
});
