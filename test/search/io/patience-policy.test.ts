// The patience rules of every SDK call (src/search/io/patience-policy.ts patientAttempt), on a fake clock: an
// attempt that gets no answer ends as a NoAnswerError naming the endpoint, the command's deadline ends it too, a
// slow answer is reported once, and any other failure is passed on as it is.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { patientAttempt } from "../../../src/search/io/patience-policy.js";
import { NoAnswerError } from "../../../src/search/io/service-options.js";

const url = "https://svc.search.windows.net/indexes('docs-index')?api-version=2026-04-01";
const never = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("patientAttempt", () => {
  it("ends an attempt without an answer after the request timeout, naming the endpoint only", async () => {
    const attempt = patientAttempt({ requestTimeoutMs: 30_000, slowNoticeMs: 5_000 }, url, never);
    const settled = expect(attempt).rejects.toMatchObject({
      name: "NoAnswerError",
      url: "https://svc.search.windows.net",
      reason: "request-timeout",
      afterMs: 30_000,
    });
    await vi.advanceTimersByTimeAsync(30_000);
    await settled;
  });

  it("ends it at the command's deadline", async () => {
    const deadline = new AbortController();
    const attempt = patientAttempt(
      { requestTimeoutMs: 30_000, slowNoticeMs: 5_000, signal: deadline.signal },
      url,
      never,
    );
    const settled = expect(attempt).rejects.toBeInstanceOf(NoAnswerError);
    deadline.abort({ afterMs: 60_000 });
    await settled;
    await expect(attempt).rejects.toMatchObject({ reason: "deadline", afterMs: 60_000 });
  });

  it("reports a slow answer once, and returns it", async () => {
    const onSlow = vi.fn();
    const attempt = patientAttempt(
      { requestTimeoutMs: 30_000, slowNoticeMs: 5_000, onSlow },
      url,
      () => new Promise((resolve) => setTimeout(() => resolve("answer"), 12_000)),
    );
    await vi.advanceTimersByTimeAsync(12_000);
    expect(await attempt).toBe("answer");
    expect(onSlow).toHaveBeenCalledTimes(1);
    expect(onSlow).toHaveBeenCalledWith("https://svc.search.windows.net");
  });

  it("passes any other failure on as it is", async () => {
    const refused = Object.assign(new Error("Forbidden"), { statusCode: 403 });
    await expect(
      patientAttempt({ requestTimeoutMs: 30_000, slowNoticeMs: 5_000 }, url, async () => Promise.reject(refused)),
    ).rejects.toBe(refused);
  });
});
