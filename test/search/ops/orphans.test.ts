import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import { BlobIndex, batches, OrphanAccumulator, selectDeletions } from "../../../src/search/ops/orphans.js";

const root = "https://acct.blob.core.windows.net/$web";
const idOf = (path: string) => base64Encode(`${root}/${path.split("/").map(encodeURIComponent).join("/")}`);
const indexOf = (names: string[]) => {
  const blobs = new BlobIndex();
  for (const n of names) blobs.add(n);
  return blobs;
};

describe("orphans: classification", () => {
  const blobs = indexOf([
    "index.html",
    "404.html",
    "billing/index.html",
    "billing/guides/setup.html",
    "guides/setup.html",
    "reference/api.html",
    "billing/read me.md",
  ]);
  const run = (docs: { path: string; app: string | null }[], apps?: Set<string>) => {
    const acc = new OrphanAccumulator(blobs, { container: "$web", ...(apps ? { apps } : {}) });
    for (const d of docs) acc.add({ id: idOf(d.path), app: d.app, repo: d.app });
    return acc.report();
  };

  it("finds documents whose blob is gone, and nothing else, as missing", () => {
    const report = run([
      { path: "billing/old.html", app: "billing" },
      { path: "billing/index.html", app: "billing" },
      { path: "billing/read me.md", app: "billing" },
      { path: "gone/x.html", app: "gone" },
    ]);
    expect(report.missingBlob.map((e) => e.path)).toEqual(["billing/old.html", "gone/x.html"]);
    expect(report.unknownApps).toEqual([{ app: "gone", documents: 1 }]);
  });
  it("finds root-era copies of pages now published under an app folder", () => {
    const report = run([
      { path: "guides/setup.html", app: "guides" },
      { path: "reference/api.html", app: "reference" },
    ]);
    expect(report.staleRootEra).toEqual([
      expect.objectContaining({
        path: "guides/setup.html",
        app: "guides",
        currentPath: "billing/guides/setup.html",
        derivedApp: "billing",
      }),
    ]);
    expect(report.missingBlob).toEqual([]);
  });
  it("uses --apps for the current app folders", () => {
    const report = run(
      [
        { path: "guides/setup.html", app: "guides" },
        { path: "reference/api.html", app: "reference" },
      ],
      new Set(["billing"]),
    );
    expect(report.unknownApps.map((a) => a.app)).toEqual(["guides", "reference"]);
    expect(run([{ path: "guides/setup.html", app: "guides" }], new Set(["guides", "billing"])).staleRootEra).toEqual(
      [],
    );
  });
  it("reports stored values that differ from the own path as mismatched, never as deletable", () => {
    const report = run([{ path: "billing/index.html", app: "index.html" }]);
    expect(report.mismatched).toEqual([expect.objectContaining({ path: "billing/index.html", derivedApp: "billing" })]);
    expect(selectDeletions(report, { includeStale: true })).toEqual([]);
  });
  it("keeps ids that are not blob URLs out of every deletion", () => {
    const acc = new OrphanAccumulator(blobs, { container: "$web" });
    acc.add({ id: "not-base64!", app: null });
    expect(acc.report().undecodable).toEqual(["not-base64!"]);
    expect(selectDeletions(acc.report(), { includeStale: true })).toEqual([]);
  });
});

describe("orphans: deletion safety (property)", () => {
  const segment = fc.constantFrom("a", "b", "guides", "reference", "index.html", "x.html", "y.md", "ü ' #.html");
  const pathArb = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join("/"));
  it("never deletes a document whose blob exists, except a stale root-era copy with --include-stale", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(pathArb, { maxLength: 30 }),
        fc.uniqueArray(pathArb, { maxLength: 30 }),
        fc.boolean(),
        (blobNames, docPaths, includeStale) => {
          const blobs = indexOf(blobNames);
          const acc = new OrphanAccumulator(blobs, { container: "$web" });
          for (const p of docPaths) acc.add({ id: idOf(p), app: p.split("/")[0] ?? null, repo: null });
          const report = acc.report();
          const deleted = new Set(selectDeletions(report, { includeStale }));
          const stale = new Set(report.staleRootEra.map((e) => e.id));
          for (const p of docPaths) {
            const id = idOf(p);
            if (!deleted.has(id)) continue;
            if (blobNames.includes(p)) {
              expect(includeStale && stale.has(id)).toBe(true);
            }
          }
          // Every document whose blob is missing is selected.
          for (const p of docPaths) if (!blobNames.includes(p)) expect(deleted.has(idOf(p))).toBe(true);
          if (!includeStale)
            for (const p of docPaths) if (blobNames.includes(p)) expect(deleted.has(idOf(p))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
  it("splits deletions into batches of at most 1,000", () => {
    const b = batches(Array.from({ length: 2501 }, (_, i) => i));
    expect(b.map((x) => x.length)).toEqual([1000, 1000, 501]);
    expect(() => batches([1], 1001)).toThrow(RangeError);
  });
});
