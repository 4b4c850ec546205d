// status, backfill, coverage and snapshot end to end: Azurite holds the container, the stand-in's blob indexer
// crawls it, the CLI runs in-process. Error paths: unreachable, 403, 429/503 retried, a run in progress, 409.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";
import { execution } from "../support/execution.js";
import { ACCOUNT_ROOT, registerDatasourceAndIndexer, startHarness, type Harness } from "../support/ops-world.js";
import { repoRoot } from "../../src/config/repo-root.js";

let h: Harness;
const html = (title: string) =>
  `<html><head><title>${title}</title><meta name="description" content="${title} page"></head><body>${title}</body></html>`;
const blobs: Record<string, string> = {
  "index.html": html("Home"),
  "404.html": html("Not found"),
  "sitemap.xml": "<urlset/>",
  "billing/index.html": html("Billing"),
  "billing/guides/setup.html": html("Setup"),
  "billing/guides/setup.md": "# Setup\n",
};

beforeAll(async () => {
  h = await startHarness({ azurite: true });
  const container = h.container();
  await container.createIfNotExists();
  for (const [name, body] of Object.entries(blobs)) {
    await container.getBlockBlobClient(name).upload(body, Buffer.byteLength(body), {
      blobHTTPHeaders: {
        blobContentType: name.endsWith(".md")
          ? "text/markdown"
          : name.endsWith(".xml")
            ? "application/xml"
            : "text/html",
      },
    });
  }
  registerDatasourceAndIndexer(h.standIn);
});
afterAll(async () => h?.close());

const requestsTo = (part: string) => h.standIn.requests.filter((r) => r.path.includes(part)).length;

describe("before the first run", () => {
  it("status exits 1: no completed run", async () => {
    const res = await h.cli("--json", "status");
    expect(res.code).toBe(1);
    expect(res.json().reasons).toEqual(["the indexer has no completed run in its history"]);
  });
  it("backfill refuses without a TTY and without --yes (exit 4), before resetting anything", async () => {
    const res = await h.cli("backfill");
    expect(res.code).toBe(4);
    expect(res.stderr).toMatch(/no TTY and no --yes/);
    expect(requestsTo("/reset")).toBe(0);
  });
});

describe("backfill and status", () => {
  it("resets, runs, waits, and passes the status check with only the expected root failures", async () => {
    const res = await h.cli("--json", "backfill", "--yes", "--poll-interval", "0.05");
    expect(res.stderr).not.toMatch(/error/);
    expect(res.code).toBe(0);
    const body = res.json();
    expect(body.status.lastRun).toMatchObject({
      status: "success",
      itemsFailed: 2,
      expectedFailures: 2,
      unexpectedFailures: 0,
    });
    expect(body.status.lastRun.errors.map((e: any) => e.blobPath).sort()).toEqual(["404.html", "index.html"]);
    expect(body.coverageBefore.total).toBe(0);
    expect(body.coverageAfter.total).toBe(3);
    expect(body.coverageAfter.dedup.filter).toBe("format eq '.html'");
    expect(requestsTo("/reset")).toBe(1);
    expect(requestsTo("/run")).toBe(1);
  });
  it("waits between polls in the built command too (the poll timer keeps the process alive)", async () => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, "dist", "cli", "docs-index.js"), "backfill", "--yes", "--poll-interval", "0.3"],
      {
        env: { ...process.env, ...h.env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(stderr).not.toMatch(/unsettled top-level await/);
    expect(code).toBe(0);
  });
  it("a real SIGINT stops waiting with exit 130 and leaves the run alone", async () => {
    h.standIn.injectFault({ method: "POST", pathIncludes: "/run", status: 202, times: 1 });
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, "dist", "cli", "docs-index.js"), "backfill", "--yes", "--poll-interval", "0.2"],
      {
        env: { ...process.env, ...h.env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    let sent = false;
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
      if (!sent && /waiting for the run to start/.test(stderr)) sent = child.kill("SIGINT");
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(130);
    expect(stderr).toMatch(/NOT stopped/);
  });
  it("backfill prints the coverage-before table once (before the confirmation), then its gist and the after table", async () => {
    // Once: not on stderr before the confirmation and again on stdout.
    const res = await h.cli("backfill", "--yes", "--poll-interval", "0.05");
    expect(res.code, res.stderr).toBe(0);
    expect(`${res.stderr}${res.stdout}`.match(/^field +nulls +pending +filled %$/gm)).toHaveLength(2);
    expect(res.stderr).toMatch(/^coverage before:\ndocuments: /m);
    expect(res.stdout).toMatch(/^coverage before: documents: \d+; reprocessed .*\n {2}verdict: /m);
    expect(res.stdout).toMatch(/^coverage after:\ndocuments: \d+/m);
  });
  it("status exits 0 and says the service status is not an active run", async () => {
    const res = await h.cli("status");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/\[expected\] index\.html/);
    expect(res.stdout).toMatch(/OK: every failure is expected/);
  });
  it("status exits 1 on an unexpected failure although the service reports success", async () => {
    await h.container().getBlockBlobClient("stray.md").upload("x", 1);
    await h.container().getBlockBlobClient("billing/guides/setup.html").upload(html("Setup 2"), 20);
    const res = await h.cli("--json", "backfill", "--yes", "--poll-interval", "0.05");
    expect(res.code).toBe(1);
    const status = (await h.cli("--json", "status")).json();
    expect(status.lastRun.status).toBe("success");
    expect(status.lastRun.errors.find((e: any) => e.blobPath === "stray.md").classification).toBe("unexpected");
    expect(status.ok).toBe(false);
    await h.container().deleteBlob("stray.md");
    await h.search.deleteDocuments("id", [base64Encode(`${ACCOUNT_ROOT}/stray.md`)]);
    expect((await h.cli("backfill", "--yes", "--poll-interval", "0.05")).code).toBe(0);
  });
  it("reports a run in progress (lastResult.status) and backfill refuses it (exit 4)", async () => {
    const runtime = h.standIn.state.indexers.get("docs-indexer")!.runtime;
    runtime.history.unshift(execution({ status: "inProgress", endTime: null, itemsProcessed: 1 }));
    try {
      const status = (await h.cli("--json", "status")).json();
      expect(status.inProgress).toMatchObject({ itemsProcessed: 1 });
      const res = await h.cli("backfill", "--yes");
      expect(res.code).toBe(4);
      expect(res.stderr).toMatch(/in progress/);
    } finally {
      runtime.history.shift();
    }
  });
  it("exits 4 when the run request loses the race to another run (409)", async () => {
    h.standIn.injectFault({
      method: "POST",
      pathIncludes: "/run",
      status: 409,
      message: "Another indexer invocation is currently in progress; concurrent invocations are not allowed.",
      times: 1,
    });
    expect((await h.cli("backfill", "--yes", "--poll-interval", "0.05")).code).toBe(4);
  });
  it("times out waiting (exit 5) and says the run continues", async () => {
    // A 202 with no run started: the wait never sees a new run.
    h.standIn.injectFault({ method: "POST", pathIncludes: "/run", status: 202, times: 1 });
    const res = await h.cli("backfill", "--yes", "--poll-interval", "0.05", "--timeout", "0.3");
    expect(res.code).toBe(5);
    expect(res.stderr).toMatch(/run continues/);
  });
  it("Ctrl-C stops waiting, not the run (exit 130)", async () => {
    h.standIn.injectFault({ method: "POST", pathIncludes: "/run", status: 202, times: 1 });
    // Send Ctrl-C once the command listens for it (a fixed delay would race the command's start under load).
    const listeners = process.listenerCount("SIGINT");
    const pending = h.cli("backfill", "--yes", "--poll-interval", "0.05", "--timeout", "30");
    const poll = setInterval(() => {
      if (process.listenerCount("SIGINT") > listeners) {
        clearInterval(poll);
        process.emit("SIGINT");
      }
    }, 10);
    const res = await pending.finally(() => clearInterval(poll));
    expect(res.code).toBe(130);
    expect(res.stderr).toMatch(/NOT stopped/);
  });
});

describe("coverage and snapshot", () => {
  beforeEach(async () => {
    // An unprocessed document from before the new fields existed, and an old copy of a root page.
    await h.search.mergeOrUploadDocuments([
      { id: base64Encode(`${ACCOUNT_ROOT}/billing/old.html`), title: "Old" },
      { id: base64Encode(`${ACCOUNT_ROOT}/index.html`), title: "Home (old copy)" },
    ]);
  });
  it("counts nulls per field with $count queries, keeps the transitional dedup filter and exits 1", async () => {
    const before = h.standIn.requests.length;
    const res = await h.cli("--json", "coverage");
    expect(res.code).toBe(1);
    const body = res.json();
    const field = (f: string) => body.fields.find((x: any) => x.field === f);
    expect(field("format")).toMatchObject({ nullCount: 2, permanentNulls: 1, pendingNulls: 1 });
    expect(field("app")).toMatchObject({ nullCount: 2, countedVia: "repo" });
    expect(field("description")).toMatchObject({ nullCount: null, contentDependent: true });
    expect(field("tags").contentDependent).toBe(true);
    expect(body.dedup.filter).toBe("format eq null or format eq '.html'");
    expect(body.indexEtag).toMatch(/^"0x/);
    expect(body.lastSuccessfulRunEnd).toEqual(expect.any(String));
    expect(h.standIn.requests.slice(before).some((r) => r.path.includes("/docs/search"))).toBe(true);
    await h.search.deleteDocuments("id", [base64Encode(`${ACCOUNT_ROOT}/billing/old.html`)]);
    const after = await h.cli("--json", "coverage");
    expect(after.json().dedup.filter).toBe("format eq '.html'");
    expect(after.code).toBe(0);
  });
  it("snapshot prints one JSON object; a refused GET index leaves the eTag null with a warning", async () => {
    const ok = (await h.cli("snapshot")).stdout;
    const snap = JSON.parse(ok);
    expect(snap).toMatchObject({
      index: "docs-index",
      indexer: "docs-indexer",
      apiVersion: "2026-04-01",
      indexEtag: expect.stringMatching(/^"0x/),
      runInProgress: false,
    });
    expect(snap.documentCount).toBeGreaterThan(0);
    expect(snap.lastSuccessfulRunEnd).toEqual(expect.any(String));
    h.standIn.injectFault({ method: "GET", pathIncludes: "/indexes/docs-index", status: 403, times: 1 });
    const denied = await h.cli("--json", "snapshot");
    expect(denied.code).toBe(0);
    expect(denied.json().indexEtag).toBeNull();
    expect(denied.stderr).toMatch(/query-only identity/);
  });
});
// 403, 429/503 retries, 5xx and an unreachable service: one table-driven test in error-paths.test.ts.
