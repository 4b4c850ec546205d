// The shared error path, table-driven: every service-facing command against the same failures: 403 (exit 3,
// names the permission problem), 429/503 retried (the command succeeds), a 5xx that persists after the retries
// (exit 3, names the status), the service or the storage account unreachable (exit 3, naming the URL and where it
// came from). Retries use millisecond back-off (FAST_SERVICE in test/support/cli.ts), so none of this waits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";
import { execution } from "../support/execution.js";
import { ACCOUNT_ROOT, registerDatasourceAndIndexer, startHarness, type Harness } from "../support/ops-world.js";

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ azurite: true });
  const container = h.container();
  await container.createIfNotExists();
  await container.getBlockBlobClient("billing/index.html").upload("<title>x</title>", 16);
  await h.search.uploadDocuments([
    {
      id: base64Encode(`${ACCOUNT_ROOT}/billing/index.html`),
      title: "Billing widget",
      app: "billing",
      repo: "billing",
      section: "index.html",
      format: ".html",
      content_type: "text/html",
      last_modified: "2026-01-01T00:00:00Z",
    },
  ]);
  registerDatasourceAndIndexer(h.standIn, [execution()]);
});
afterAll(async () => h?.close());

/** `before`: requests to `path` the command sends ahead of the one under test (query: the two coverage counts). */
const commands: { name: string; args: string[]; okCode: number; path: string; before?: number }[] = [
  { name: "status", args: ["status"], okCode: 0, path: "/indexers/docs-indexer/status" },
  { name: "coverage", args: ["coverage"], okCode: 0, path: "/docs/search" },
  { name: "snapshot", args: ["snapshot"], okCode: 0, path: "/docs/$count" },
  { name: "orphans", args: ["orphans"], okCode: 0, path: "/docs/search" },
  // query decides the dedup filter first (two $count searches; a failure there only leaves the transitional
  // filter, as in search_docs), so the faults must outlast them to reach the search itself.
  { name: "query", args: ["query", "widget"], okCode: 0, path: "/docs/search", before: 2 },
];

describe.each(commands)("$name", ({ args, okCode, path, before = 0 }) => {
  it("works when nothing fails", async () => {
    expect((await h.cli(...args)).code).toBe(okCode);
  });
  it("exits 3 on 403 and names the key that was refused (the local admin key, not a missing role)", async () => {
    h.standIn.injectFault({ pathIncludes: path, status: 403, times: 1 + before });
    const res = await h.cli(...args);
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/refused the api-key in SEARCH_ADMIN_KEY \(403\)/);
    expect(res.stderr).not.toMatch(/role/);
  });
  it("succeeds after a 429 and a 503, retried by the SDK", async () => {
    h.standIn.injectFault({ pathIncludes: path, status: 429, times: 1, headers: { "retry-after": "0" } });
    h.standIn.injectFault({ pathIncludes: path, status: 503, times: 1, headers: { "retry-after": "0" } });
    expect((await h.cli(...args)).code).toBe(okCode);
    expect(h.standIn.requests.some((r) => r.path.includes(path) && r.status === 503)).toBe(true);
  });
  it("exits 3 on a 5xx that persists after the retries, naming the status", async () => {
    h.standIn.injectFault({ pathIncludes: path, status: 500, times: 3 * (1 + before) }); // 3 tries a request
    const res = await h.cli(...args);
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/answered 500/);
  });
});

describe("backfill", () => {
  it("exits 3 when the reset is refused (403), and never starts a run", async () => {
    h.standIn.injectFault({ method: "POST", pathIncludes: "/reset", status: 403, times: 1 });
    const runsBefore = h.standIn.requests.filter((r) => r.path.endsWith("/run")).length;
    expect((await h.cli("backfill", "--yes")).code).toBe(3);
    expect(h.standIn.requests.filter((r) => r.path.endsWith("/run")).length).toBe(runsBefore);
  });
});

describe("a wrong api-key", () => {
  it("is explained as a wrong key, never as a missing role", async () => {
    const saved = h.env.SEARCH_ADMIN_KEY;
    h.env.SEARCH_ADMIN_KEY = "not-the-key";
    try {
      const res = await h.cli("status");
      expect(res.code).toBe(3);
      expect(res.stderr).toMatch(
        /\(from SEARCH_ENDPOINT\) refused the api-key in SEARCH_ADMIN_KEY \(403\): the key is wrong/,
      );
      expect(res.stderr).not.toMatch(/role/);
    } finally {
      h.env.SEARCH_ADMIN_KEY = saved;
    }
  });
});

describe("unreachable", () => {
  it("status, coverage, snapshot, query and backfill exit 3 when nothing listens", async () => {
    const saved = h.env.SEARCH_ENDPOINT;
    h.env.SEARCH_ENDPOINT = "http://127.0.0.1:9";
    try {
      const results = await Promise.all(
        [["status"], ["coverage"], ["snapshot"], ["query", "x"], ["backfill", "--yes"]].map((a) => h.cli(...a)),
      );
      for (const r of results) {
        expect(r.code).toBe(3);
        expect(r.stderr).toMatch(/http:\/\/127\.0\.0\.1:9 \(from SEARCH_ENDPOINT\) could not be reached/);
      }
    } finally {
      h.env.SEARCH_ENDPOINT = saved;
    }
  });
  it("orphans exits 3 when the storage account cannot be reached", async () => {
    const saved = h.env.DOCS_STORAGE_CONNECTION_STRING;
    h.env.DOCS_STORAGE_CONNECTION_STRING = saved!.replace(
      /BlobEndpoint=http:\/\/127\.0\.0\.1:\d+/,
      "BlobEndpoint=http://127.0.0.1:9",
    );
    try {
      const res = await h.cli("orphans");
      expect(res.code).toBe(3);
      expect(res.stderr).toMatch(/127\.0\.0\.1:9 \(from DOCS_STORAGE_CONNECTION_STRING\) could not be reached/);
    } finally {
      h.env.DOCS_STORAGE_CONNECTION_STRING = saved;
    }
  });
});
