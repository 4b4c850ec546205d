// End to end: runLocal() against real Azurite and the stand-in, in-process: every step must be ok and its figures
// right. Also the step runner's failure and skip semantics.
import { describe, expect, it } from "vitest";
import { textSink as sink } from "../../src/cli/docs-index/in-process.js";
import { runLocal, STEP_COUNT, type LocalResult } from "../../local/environment/run-local.js";
import { StepFailed, StepRunner, StepSkipped } from "../../local/environment/steps.js";

const ORDER = [
  "azurite",
  "stand-in",
  "publish-root-era",
  "root-era-index",
  "publish-apps",
  "plan",
  "deploy",
  "indexer",
  "status",
  "coverage",
  "queries",
  "migrate-to-alias",
  "rebuild",
  "rebuild-verification-fails",
  "eval",
  "relevance-gate",
  "webhook",
];
const DOCS_URL = "https://docs.dev.example.com";

// One run (the slowest test of the suite): every step and figure, then the kept services and their stop(). The
// path without keep stops the same three services before returning (local/environment/run-local.ts).
describe("runLocal", () => {
  it("runs every step, ends ok with exit 0, keeps the services reachable with keep, and stops them", async () => {
    const log = sink();
    const progress: string[] = [];
    const { summary, services }: LocalResult = await runLocal({
      log: log.stream,
      progress: (l) => progress.push(l),
      keep: true,
    });
    try {
      expect(summary.steps.map((s) => s.name)).toEqual(ORDER);
      expect(STEP_COUNT).toBe(ORDER.length);
      expect(summary.steps.filter((s) => s.status === "failed")).toEqual([]);
      expect(summary).toMatchObject({ ok: true, exitCode: 0, failedStep: null });
      // Every piece exists now: no step may be skipped.
      expect(summary.steps.filter((s) => s.status !== "ok").map((s) => `${s.name}: ${s.detail}`)).toEqual([]);

      const status = (name: string) => summary.steps.find((s) => s.name === name)?.status;
      const f = summary.figures;
      expect(f.published?.rootEra).toBeGreaterThan(0);
      expect(f.published?.unchanged).toBeGreaterThan(0); // shared assets were not re-uploaded

      {
        for (const name of ["root-era-index", "deploy", "indexer"]) expect(status(name), name).toBe("ok");
        // Root era: index.html, 404.html, the sitemap and the two guides/ pages.
        expect(f.rootEraDocuments).toBe(5);
        expect(f.lastRun).toMatchObject({ status: "success", itemsFailed: 2 });
        expect(f.documents).toBeGreaterThan(f.rootEraDocuments!);
      }
      expect(status("plan")).toBe("ok");
      {
        expect(status("status")).toBe("ok");
        expect(f.lastRun).toMatchObject({ expectedFailures: 2, unexpectedFailures: 0 });
      }
      {
        expect(status("coverage")).toBe("ok");
        // The root-era documents still wait for a reset and run, so the transitional dedup filter stays.
        expect(f.coverage).toMatchObject({ complete: false, dedupFilter: "format eq null or format eq '.html'" });
      }
      {
        expect(status("queries")).toBe("ok");
        const [dedup, app, exclude] = f.queries!;
        expect(dedup!.urls).toContain(`${DOCS_URL}/payments/guides/getting-started`);
        expect(dedup!.urls).toContain(`${DOCS_URL}/guides/getting-started`); // the stale root-era copy
        expect(dedup!.urls.some((u) => u.endsWith(".md"))).toBe(false);
        expect(app!.filter).toContain("repo eq 'payments'");
        expect(app!.hits).toBeGreaterThan(0);
        expect(app!.urls.every((u) => u.startsWith(`${DOCS_URL}/payments/`))).toBe(true);
        expect(exclude!.filter).toContain("section ne 'changelog'");
        expect(exclude!.urls.some((u) => u.includes("/changelog/"))).toBe(false);
        expect(exclude!.urls).toContain(`${DOCS_URL}/guides/refunds`); // section null passes `ne`
      }
      {
        for (const name of ["migrate-to-alias", "rebuild", "rebuild-verification-fails"])
          expect(status(name), name).toBe("ok");
        const bg = f.blueGreen!;
        expect(bg.migration?.aliasTarget).toBe("docs-index-1");
        // The rebuild under a query every 100 ms: nothing failed, nothing came back empty, the field is searchable.
        expect(bg.rebuild).toMatchObject({ aliasTarget: "docs-index-2", loop: { failed: 0, empty: 0 } });
        expect(bg.rebuild!.loop.queries).toBeGreaterThan(3);
        expect(bg.rebuild!.searchableHits).toBeGreaterThan(0);
        // Verification failed: non-zero exit, the alias stayed.
        expect(bg.failedRebuild).toMatchObject({ aliasTarget: "docs-index-2", loop: { failed: 0, empty: 0 } });
        expect(bg.failedRebuild!.exitCode).not.toBe(0);
      }
      {
        // The golden queries against the alias: the generation behind it and its provenance are named.
        expect(status("eval")).toBe("ok");
        expect(f.eval).toMatchObject({ index: "docs-index", generation: "docs-index-2", k: 5 });
        expect(f.eval!.queries).toBeGreaterThanOrEqual(25);
        expect(f.eval!.etag).not.toBeNull();
        expect(f.eval!.lastSuccessfulRun).not.toBeNull();
        expect(f.eval!.ndcg10).toBeGreaterThan(0.8);
        // The forced blue/green deploy of title weight 0.1 fails on relevance, the alias stays; unchanged passes.
        expect(status("relevance-gate")).toBe("ok");
        const gate = f.gate!;
        expect(gate.bad).toMatchObject({ exitCode: 1, aliasAfter: gate.bad.aliasBefore });
        expect(gate.bad.relevance).toContain("fell out of the top 5");
        expect(gate.good.exitCode).toBe(0);
        expect(gate.good.aliasAfter).not.toBe(gate.bad.aliasBefore);
        expect(gate.good.relevance).toMatch(/^mean nDCG@10 /);
      }
      {
        expect(status("webhook")).toBe("ok");
        // The receiver acknowledged the note-created event and answered the redelivery from its table store.
        expect(f.webhook).toMatchObject({
          status: 200,
          redeliveryStatus: 200,
          body: { received: true, objectType: "Note", eventType: "Created", noteId: 550231 },
        });
        expect((f.webhook!.body as { messageId: string }).messageId).toBe(f.webhook!.messageId);
      }
      expect(log.text()).toContain(`[1/${ORDER.length}] Start Azurite`);

      // keep: the services stay up, reachable with the variables handed back, until stop().
      expect(services).toBeDefined();
      expect(services!.env.SEARCH_ENDPOINT).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(services!.env.DOCS_STORAGE_CONNECTION_STRING).toContain("BlobEndpoint=http://127.0.0.1:");
      const count = () =>
        fetch(`${services!.env.SEARCH_ENDPOINT}/indexes/docs-index/docs/$count?api-version=2026-04-01`, {
          headers: { "api-key": services!.env.SEARCH_ADMIN_KEY! },
        });
      expect((await count()).status).toBe(200);
      await services!.stop();
      await expect(count()).rejects.toThrow();
    } finally {
      await services?.stop();
    }
  }, 90_000);
});

describe("StepRunner", () => {
  it("records ok and skipped steps, and stops at a failed one naming it", async () => {
    const log = sink();
    const steps = new StepRunner(log.stream, 3, false);
    await steps.run("one", "First", async () => "done");
    await steps.run("two", "Second", async () => {
      throw new StepSkipped("the queue service is not running");
    });
    await expect(steps.run("three", "Third", async () => Promise.reject(new Error("boom")))).rejects.toThrow(
      StepFailed,
    );
    expect(steps.records.map((r) => [r.name, r.status, r.detail])).toEqual([
      ["one", "ok", "done"],
      ["two", "skipped", "the queue service is not running"],
      ["three", "failed", "boom"],
    ]);
    expect(log.text()).toContain("skipped: the queue service is not running");
    expect(log.text()).toContain("failed: boom");
  });
});
