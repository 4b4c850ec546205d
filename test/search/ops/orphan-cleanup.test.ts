// `docs-index orphans` as one use case (src/search/ops/orphan-cleanup.ts) on in-memory ports: what a dry run and
// --delete decide, what is confirmed before anything is deleted, and the three verdict rules.
import { describe, expect, it } from "vitest";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import {
  cleanOrphans,
  type OrphanCleanupPorts,
  type OrphanCleanupRequest,
  type OrphanSelection,
} from "../../../src/search/ops/orphan-cleanup.js";
import type { DocRef } from "../../../src/search/ops/orphans.js";

const root = "https://acct.blob.core.windows.net/$web";
const ref = (path: string, app: string | null): DocRef => ({ id: base64Encode(`${root}/${path}`), app, repo: app });

/** A container and an index in memory; `events` records the calls in order. */
function world(blobs: string[], docs: DocRef[], opts: { gaps?: string[]; confirm?: boolean; failing?: string[] } = {}) {
  const stored = new Map(docs.map((d) => [d.id, d]));
  const events: string[] = [];
  const confirmed: OrphanSelection[] = [];
  const ports: OrphanCleanupPorts = {
    listBlobs: async (into) => blobs.forEach((b) => into.add(b)),
    documents: async () => ({
      refs: (async function* () {
        yield* stored.values();
      })(),
      incomplete: opts.gaps ?? [],
    }),
    progress: (event) => events.push(event.event),
    incomplete: (why) => events.push(`incomplete: ${why}`),
    confirm: async (selection) => {
      events.push("confirm");
      confirmed.push(selection);
      if (opts.confirm === false) throw new Error("not confirmed");
    },
    blobExists: async (path) => blobs.includes(path),
    deleteBatch: async (keys) => {
      events.push(`delete ${keys.length}`);
      return keys.map((key) => {
        const failed = opts.failing?.includes(key) ?? false;
        if (!failed) stored.delete(key);
        return { key, succeeded: !failed, statusCode: failed ? 500 : 200 };
      });
    },
  };
  return { ports, stored, events, confirmed };
}

const request = (over: Partial<OrphanCleanupRequest> = {}): OrphanCleanupRequest => ({
  container: "$web",
  delete: false,
  includeStale: false,
  batchSize: 1000,
  ...over,
});

const blobs = ["billing/index.html", "billing/guides/setup.html", "guides/setup.html"];
const docs = [
  ref("billing/index.html", "billing"),
  ref("billing/gone.html", "billing"),
  ref("old/gone.html", "old"),
  // A root-era copy: its page is now served from billing/guides/setup.html.
  ref("guides/setup.html", "guides"),
];

describe("cleanOrphans: a dry run", () => {
  it("reports what --delete would remove and fails, deleting and confirming nothing", async () => {
    const w = world(blobs, docs);
    const outcome = await cleanOrphans(w.ports, request());
    expect(outcome.report.missingBlob.map((e) => e.path)).toEqual(["billing/gone.html", "old/gone.html"]);
    expect(outcome.report.staleRootEra.map((e) => e.path)).toEqual(["guides/setup.html"]);
    expect(outcome).toMatchObject({ dryRun: true, deletion: null, incomplete: [], passed: false });
    expect(w.confirmed).toEqual([]);
    expect(w.stored.size).toBe(4);
  });

  it("passes when nothing is left to clean up (a mismatched app is no orphan)", async () => {
    const w = world(["billing/index.html"], [ref("billing/index.html", "payments")]);
    const outcome = await cleanOrphans(w.ports, request());
    expect(outcome.report.mismatched).toHaveLength(1);
    expect(outcome.passed).toBe(true);
  });

  it("fails on an incomplete listing even when it found nothing, and says so before anything else", async () => {
    const w = world(["billing/index.html"], [ref("billing/index.html", "billing")], { gaps: ["a page failed: 503"] });
    const outcome = await cleanOrphans(w.ports, request({ delete: true }));
    expect(outcome.incomplete).toEqual(["a page failed: 503"]);
    expect(outcome.deletion).toMatchObject({ requested: 0, failed: [] });
    expect(outcome.passed).toBe(false);
    expect(w.events[0]).toBe("incomplete: a page failed: 503");
  });
});

describe("cleanOrphans: --delete", () => {
  it("confirms the documents whose blob is gone, then deletes only them, and passes", async () => {
    const w = world(blobs, docs);
    const outcome = await cleanOrphans(w.ports, request({ delete: true }));
    expect(w.confirmed).toEqual([{ documents: 2, missingBlob: 2, staleRootEra: null }]);
    expect(w.events.filter((e) => e === "confirm" || e.startsWith("delete "))).toEqual(["confirm", "delete 2"]);
    expect([...w.stored.values()].map((d) => d.app)).toEqual(["billing", "guides"]);
    expect(outcome).toMatchObject({ dryRun: false, deletion: { requested: 2, deleted: 2, failed: [] }, passed: true });
  });

  it("with includeStale also confirms and deletes the stale root-era copies", async () => {
    const w = world(blobs, docs);
    const outcome = await cleanOrphans(w.ports, request({ delete: true, includeStale: true }));
    expect(w.confirmed).toEqual([{ documents: 3, missingBlob: 2, staleRootEra: 1 }]);
    expect(outcome.deletion?.deleted).toBe(3);
    expect([...w.stored.values()].map((d) => d.app)).toEqual(["billing"]);
  });

  it("deletes nothing when not confirmed", async () => {
    const w = world(blobs, docs, { confirm: false });
    await expect(cleanOrphans(w.ports, request({ delete: true }))).rejects.toThrow("not confirmed");
    expect(w.stored.size).toBe(4);
  });

  it("asks nothing when nothing is selected, and passes", async () => {
    const w = world(["billing/index.html"], [ref("billing/index.html", "billing")]);
    const outcome = await cleanOrphans(w.ports, request({ delete: true }));
    expect(w.confirmed).toEqual([]);
    expect(outcome).toMatchObject({ deletion: { requested: 0, deleted: 0 }, passed: true });
  });

  it("fails when an item's delete failed", async () => {
    const failing = ref("old/gone.html", "old").id;
    const w = world(blobs, docs, { failing: [failing] });
    const outcome = await cleanOrphans(w.ports, request({ delete: true }));
    expect(outcome.deletion?.failed).toEqual([{ key: failing, statusCode: 500, message: null }]);
    expect(outcome.passed).toBe(false);
  });
});
