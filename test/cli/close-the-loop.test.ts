// Closing the loop: status and coverage fail on an empty index after a completed run, status --wait waits for a
// run in progress, and destructive steps confirm on a TTY naming the environment, the endpoint and what is lost.
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { execution } from "../support/execution.js";
import { setIndexerHistory, startHarness, type Harness } from "../support/ops-world.js";
import { FAST_SERVICE, writesSince } from "../support/cli.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** A TTY stdin that answers `answer` to the first prompt. */
function tty(answer: string) {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  setTimeout(() => stdin.write(`${answer}\n`), 50);
  return stdin;
}

describe("an empty index after a completed run", () => {
  it("status and coverage exit 1 and say why", async () => {
    setIndexerHistory(h.standIn, [execution({ itemsProcessed: 0 })]);
    const status = await h.cli("status");
    expect(status.code).toBe(1);
    expect(status.stdout).toMatch(/NOT OK: the index holds no documents after a completed run/);
    const coverage = await h.cli("--json", "coverage");
    expect(coverage.code).toBe(1);
    expect(coverage.json()).toMatchObject({
      total: 0,
      complete: false,
      problems: [expect.stringMatching(/no documents/)],
    });
  });
});

describe("status --wait", () => {
  it("waits for the run in progress, then judges it", async () => {
    setIndexerHistory(h.standIn, [execution({ status: "inProgress", endTime: null }), execution()]);
    await h.search.uploadDocuments([{ id: "ZG9j", title: "doc" }]);
    setTimeout(() => setIndexerHistory(h.standIn, [execution(), execution()]), 300);
    const started = Date.now();
    const run = await h.cli("status", "--wait", "--poll-interval", "0.1");
    expect(run.code, run.stderr).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(run.stderr).toMatch(/waiting for the run of docs-indexer/);
    expect(run.stderr).toMatch(/\d+s: inProgress/);
  });
});

describe("confirmation on a TTY", () => {
  it("backfill names the environment, the endpoint and what is lost; anything but yes changes nothing (exit 4)", async () => {
    setIndexerHistory(h.standIn, [execution()]);
    const resets = () => h.standIn.requests.filter((r) => r.path.endsWith("/reset")).length;
    const before = resets();
    const mark = h.standIn.requests.length;
    const prompt = await runDocsIndex(["backfill"], h.env, { service: FAST_SERVICE, stdin: tty("no") });
    expect(prompt.code).toBe(4);
    expect(writesSince(h.standIn, mark)).toEqual([]);
    expect(prompt.stderr).toMatch(/About to reset and run indexer docs-indexer/);
    expect(prompt.stderr).toMatch(
      /in environment dev \(config\/dev\/vars\.yml\), search http:\/\/127\.0\.0\.1:\d+ \(from SEARCH_ENDPOINT\)/,
    );
    expect(prompt.stderr).toMatch(/this loses the indexer's change-tracking state/);
    expect(prompt.stderr).toMatch(/not confirmed: nothing was changed/);
    expect(resets()).toBe(before);
  });
  it("typing yes goes ahead", async () => {
    const before = h.standIn.requests.filter((r) => r.path.endsWith("/reset")).length;
    await runDocsIndex(["backfill", "--timeout", "0.5", "--poll-interval", "0.1"], h.env, {
      service: FAST_SERVICE,
      stdin: tty("yes"),
    });
    expect(h.standIn.requests.filter((r) => r.path.endsWith("/reset")).length).toBe(before + 1);
  });
});
