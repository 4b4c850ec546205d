// orphans against Azurite and the stand-in: report, dry run, --delete, --include-stale, error paths.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";
import { writesSince } from "../support/cli.js";
import { ACCOUNT_ROOT, startHarness, type Harness } from "../support/ops-world.js";

let h: Harness;
const id = (p: string) => base64Encode(`${ACCOUNT_ROOT}/${p}`);
const blobs = [
  "index.html",
  "404.html",
  "billing/index.html",
  "billing/guides/setup.html",
  "guides/setup.html",
  "reference/api.html",
];
const docs = [
  { p: "billing/index.html", app: "billing" },
  { p: "billing/guides/setup.html", app: "billing" },
  { p: "billing/guides/removed.html", app: "billing" }, // blob gone
  { p: "retired/index.html", app: "retired" }, // whole app gone
  { p: "guides/setup.html", app: "guides" }, // root-era copy, now billing/guides/setup.html
  { p: "reference/api.html", app: "reference" }, // root-era folder, not republished
];

async function seed() {
  const r = await h.search.mergeOrUploadDocuments(
    docs.map((d) => ({
      id: id(d.p),
      path: `${ACCOUNT_ROOT}/${d.p}`,
      app: d.app,
      repo: d.app,
      last_modified: "2026-01-01T00:00:00Z",
    })),
  );
  expect(r.results.every((x) => x.succeeded)).toBe(true);
}

beforeAll(async () => {
  h = await startHarness({ azurite: true });
  const container = h.container();
  await container.createIfNotExists();
  for (const name of blobs) await container.getBlockBlobClient(name).upload("x", 1);
  await seed();
});
afterAll(async () => h?.close());

describe("orphans", () => {
  it("reports the three classes and deletes nothing without --delete (exit 1)", async () => {
    const res = await h.cli("--json", "orphans");
    expect(res.code).toBe(1);
    const body = res.json();
    expect(body.dryRun).toBe(true);
    expect(body.missingBlob.map((e: any) => e.path).sort()).toEqual([
      "billing/guides/removed.html",
      "retired/index.html",
    ]);
    expect(body.staleRootEra).toEqual([
      expect.objectContaining({
        path: "guides/setup.html",
        app: "guides",
        currentPath: "billing/guides/setup.html",
        derivedApp: "billing",
      }),
    ]);
    expect(body.unknownApps).toEqual([{ app: "retired", documents: 1 }]);
    expect(await h.search.getDocumentsCount()).toBe(docs.length);
  });
  it("names root-era folders as unknown apps when --apps lists the real ones", async () => {
    const body = (await h.cli("--json", "orphans", "--apps", "billing")).json();
    expect(body.unknownApps.map((a: any) => a.app)).toEqual(["guides", "reference", "retired"]);
  });
  it("--delete without a TTY and without --yes: exit 4 before any write (no document deleted)", async () => {
    const mark = h.standIn.requests.length;
    const before = h.standIn.state.documents.get("docs-index")!.size;
    const res = await h.cli("orphans", "--delete");
    expect(res.code).toBe(4);
    expect(res.stderr).toMatch(/no TTY and no --yes/);
    expect(writesSince(h.standIn, mark)).toEqual([]);
    expect(h.standIn.state.documents.get("docs-index")!.size).toBe(before);
  });

  it("--delete removes only documents whose blob is gone, in checked batches", async () => {
    const res = await h.cli("--json", "orphans", "--delete", "--yes", "--batch-size", "1");
    expect(res.code).toBe(0);
    expect(res.json().deletion).toEqual({ requested: 2, skippedRechecked: [], deleted: 2, failed: [] });
    expect(await h.search.getDocumentsCount()).toBe(docs.length - 2);
    expect(await h.search.getDocument(id("guides/setup.html"))).toBeTruthy();
  });
  it("--include-stale also removes root-era copies, never a document whose blob exists otherwise", async () => {
    const res = await h.cli("--json", "orphans", "--delete", "--yes", "--include-stale");
    expect(res.code).toBe(0);
    expect(res.json().deletion.deleted).toBe(1);
    const left: string[] = [];
    for await (const r of (await h.search.search("*", { select: ["id"] })).results) left.push(String(r.document.id));
    expect(left.sort()).toEqual(
      [id("billing/index.html"), id("billing/guides/setup.html"), id("reference/api.html")].sort(),
    );
    await seed();
  });
  it("exits 3 and deletes nothing when the delete batch is refused", async () => {
    h.standIn.injectFault({ method: "POST", pathIncludes: "/docs/index", status: 403, times: 1 });
    const res = await h.cli("orphans", "--delete", "--yes");
    expect(res.code).toBe(3);
    expect(await h.search.getDocumentsCount()).toBe(docs.length);
  });
});
