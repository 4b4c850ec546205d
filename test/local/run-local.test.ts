// End to end: runLocal() against real Azurite and the stand-in, in-process: every step must be ok and its figures
// right. Also the step runner's failure and skip semantics.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { runDocsIndex, textSink as sink } from "../../src/cli/docs-index/in-process.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { copyDefinitions } from "../support/cli.js";
import { runLocal, type LocalResult } from "../../local/environment/run-local.js";
import { STEP_COUNT } from "../../local/environment/local-run.js";
import { StepFailed, StepRunner, StepSkipped } from "../../local/environment/steps.js";
import { inPlaceRelevanceSummary, uncheckedRelevance } from "../../local/environment/relevance.js";
import { utilityPagesFilter } from "../../src/search/query/common/filters.js";

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
  "retrieve",
  "migrate-to-alias",
  "rebuild",
  "rebuild-verification-fails",
  "eval",
  "relevance-gate",
  "restore",
  "prune",
  "webhook",
  "mcp",
  "mcp-hosted",
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
      // Every step's pieces are in the repository: no step may be skipped.
      expect(summary.steps.filter((s) => s.status !== "ok").map((s) => `${s.name}: ${s.detail}`)).toEqual([]);

      const status = (name: string) => summary.steps.find((s) => s.name === name)?.status;
      const f = summary.figures;
      expect(f.published?.rootEra).toBeGreaterThan(0);
      expect(f.published?.unchanged).toBeGreaterThan(0); // shared assets were not re-uploaded

      {
        for (const name of ["root-era-index", "deploy", "indexer"]) expect(status(name), name).toBe("ok");
        // The first deploy re-ranks in place: the golden queries ran before and after it, on what each index had.
        expect(summary.steps.find((s) => s.name === "deploy")?.detail).toMatch(
          /^run: started; relevance \(42 golden queries\): nDCG@10 [\d.]+ → [\d.]+, (no regression|REGRESSION)/,
        );
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
        // Agentic retrieval: the dedup filter sent as filterAddOn, public URLs, no Markdown twin.
        expect(status("retrieve")).toBe("ok");
        expect(f.retrieve!.filterAddOn).toBe(`(${utilityPagesFilter()}) and (format eq null or format eq '.html')`);
        expect(f.retrieve!.urls).toContain(`${DOCS_URL}/payments/guides/getting-started`);
        expect(f.retrieve!.urls.some((u) => u.endsWith(".md"))).toBe(false);
        expect(f.retrieve!.knowledgeSourceIndex).toBe("docs-index");
      }
      {
        for (const name of ["migrate-to-alias", "rebuild", "rebuild-verification-fails", "prune"])
          expect(status(name), name).toBe("ok");
        const bg = f.blueGreen!;
        expect(bg.migration?.aliasTarget).toBe("docs-index-1");
        // The rebuild under a query every 100 ms: nothing failed, nothing came back empty, the field is searchable.
        expect(bg.rebuild).toMatchObject({ aliasTarget: "docs-index-2", loop: { failed: 0, empty: 0 } });
        expect(bg.rebuild!.loop.queries).toBeGreaterThan(3);
        expect(bg.rebuild!.searchableHits).toBeGreaterThan(0);
        // The knowledge source followed the alias to the new generation.
        expect(bg.rebuild!.knowledgeSourceIndex).toBe("docs-index-2");
        // Verification failed: non-zero exit, the alias stayed.
        expect(bg.failedRebuild).toMatchObject({ aliasTarget: "docs-index-2", loop: { failed: 0, empty: 0 } });
        expect(bg.failedRebuild!.exitCode).not.toBe(0);
        // After the rollback: a no-op deploy writes nothing; --prune keeps the failed generation while another
        // knowledge source names it, then prunes it.
        expect(bg.prune).toMatchObject({ refusedExit: 4, noOpWrites: 0 });
        const kept = /(docs-index-\d+) is still named by knowledge source team-knowledge-source/.exec(
          bg.prune!.refusal,
        );
        expect(kept).not.toBeNull();
        expect(bg.prune!.pruned).toContain(kept![1]);
      }
      {
        // The golden queries against the alias: the generation behind it and its provenance are named.
        expect(status("eval")).toBe("ok");
        expect(f.eval).toMatchObject({ index: "docs-index", generation: "docs-index-2", k: 5 });
        expect(f.eval!.queries).toBeGreaterThanOrEqual(25);
        expect(f.eval!.etag).not.toBeNull();
        expect(f.eval!.lastSuccessfulRun).not.toBeNull();
        expect(f.eval!.ndcg10).toBeGreaterThan(0.8);
        // The forced blue/green deploy of description weight 50 fails on relevance, the alias stays; unchanged passes.
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
        // The poisoned delivery was replayed by webhook-deliveries with only the variables --keep prints for it.
        expect(f.webhook!.poisonReplay).toMatchObject({ replayExitCode: 0, caseCreated: true });
      }
      {
        // Last: an agent's search_docs over stdio, answered from the generation behind the alias (the one the
        // restore step serves again).
        expect(status("mcp")).toBe("ok");
        expect(f.mcp).toMatchObject({
          // agentic retrieval is on locally: retrieve_docs is offered too.
          tools: ["search_docs", "retrieve_docs", "get_doc", "list_apps"],
          servingIndex: "docs-index-1",
          freshness: "known",
        });
        expect(f.mcp!.urls.length).toBeGreaterThan(0);
        expect(status("mcp-hosted")).toBe("ok");
        expect(f.mcpHosted).toMatchObject({ processes: 2, calls: 20, errors: 0, unauthenticatedStatus: 401 });
        expect(f.mcpHosted!.served.every((n) => n >= 10)).toBe(true);
        expect(f.mcpHosted!.challenge).toMatch(
          /resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/,
        );
        expect(f.mcpHosted!.metadata.scopes_supported).toEqual(["api://docs-index-mcp-local/user_impersonation"]);
        expect(f.mcp!.urls.every((u) => u.startsWith(`${DOCS_URL}/payments/`))).toBe(true);
      }
      expect(log.text()).toContain(`[1/${ORDER.length}] Start Azurite`);
      expectQuietTour(log.text());
      // The agent reads one section of the API reference by the anchor its page publishes.
      expect(f.mcp!.section).toMatchObject({ anchor: "error-codes", source: "page" });
      expect(f.mcp!.section.text).toMatch(/^## Error codes\n/);
      expect(f.mcp!.section.text).toContain("`card_declined` (402)");
      expect(f.mcp!.section.text).not.toContain("POST /v2/charges");
      expect(log.text()).toContain('get_doc {"url":"https://docs.dev.example.com/payments/reference/api#error-codes"}');

      // The kept environment matches docs/local.md: the rollback serves today's definitions, and the documented
      // rehearsal works as written (status, plan, then a field added, deployed, backfilled).
      expect(status("restore")).toBe("ok");
      expect(f.restore).toEqual({ aliasTarget: "docs-index-1" });
      await rehearseAsDocumented({ ...process.env, ...services!.env });

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
    // A hang guard, not a speed target: about 50 s alone, more beside the rest of the suite on a busy machine.
  }, 180_000);
});

/**
 * What `npm run local` prints without --verbose: at most 300 lines in a terminal (npm's banner and the progress of
 * a wait that lasts a second are not in the log), each note once, each plan once, the rebuilds verified with the
 * golden queries, the forced rebuild counted as one.
 */
function expectQuietTour(text: string): void {
  const lines = text.split("\n");
  expect(lines.length).toBeLessThanOrEqual(290);
  const count = (re: RegExp) => lines.filter((l) => re.test(l)).length;
  expect(count(/^ {4}note: VARS_FILE=/)).toBe(1);
  expect(count(/^ {4}note: SEARCH_ENDPOINT=/)).toBe(1);
  expect(count(/note: the connection string is write-only/)).toBe(1);
  // Step 14's plan, once (not again with the deploy's confirmation, nor after it).
  expect(count(/^ {4}index docs-index: rebuild \(blue\/green: docs-index-1 → docs-index-2\)$/)).toBe(1);
  // The rebuilds run the golden queries (no "skip relevance: not checked: no golden queries at /tmp/…").
  expect(text).not.toMatch(/skip relevance|no golden queries/);
  const rebuild = text.slice(text.indexOf("[14/"), text.indexOf("[15/"));
  expect(rebuild).toMatch(/^ {6}ok {3}relevance: mean nDCG@10 /m);
  // The forced blue/green generation is counted as the rebuild it is (not "0 to rebuild, 5 unchanged").
  const gate = text.slice(text.indexOf("[17/"), text.indexOf("[18/"));
  expect(gate).toMatch(
    /^ {4}Plan: 0 to create, 0 to update in place, 1 to rebuild \(forced by --blue-green\), 4 unchanged\.$/m,
  );
  expect(gate).not.toContain("0 to rebuild");
  // No progress lines of the CLI (each step's result only) and no receiver log.
  expect(text).not.toMatch(/evaluated \d+\/\d+ queries|^ {4}crawling: |receiver log/m);
}

/** docs/local.md "Rehearsing a backfill locally", step by step, against the kept environment. */
async function rehearseAsDocumented(env: NodeJS.ProcessEnv): Promise<void> {
  const run = (...args: string[]) => runDocsIndex(args, env);
  const status = await run("status");
  expect(status.code, status.stdout + status.stderr).toBe(0);
  expect(status.stdout).toContain("OK: every failure is expected");
  // The local account has blob soft delete as the docs-storage stack sets it: preflight passes.
  const preflight = await run("preflight");
  expect(preflight.code, preflight.stdout + preflight.stderr).toBe(0);
  expect(preflight.stdout).toMatch(/^ {2}ok {3}soft-delete-retention: 7 days/m);
  // Quiet as the README says: the prune left no unused generation, so no command warns about a newer generation
  // without a crawl window (`docs-index-2 (newer than the serving docs-index-1) records no crawl window`).
  const noChange = await run("plan", "--detailed-exitcode");
  expect(noChange.code).toBe(0);
  const coverageNow = await run("coverage");
  for (const out of [status.stdout, status.stderr, noChange.stderr, coverageNow.stderr, coverageNow.stdout])
    expect(out).not.toMatch(/crawl window|^warning:/m);
  expect(status.stdout).toMatch(/^index docs-index → docs-index-1 \(alias\)$/m);
  // "last successful run" is the run into the serving generation, the same in status, snapshot and coverage.
  const lastEnd = /^last successful run into \S+ ended: (\S+)$/m.exec(status.stdout)?.[1];
  expect(JSON.parse((await run("--json", "snapshot")).stdout).lastSuccessfulRunEnd).toBe(lastEnd);
  expect(JSON.parse((await run("--json", "coverage")).stdout).lastSuccessfulRunEnd).toBe(lastEnd);

  const defs = copyDefinitions((file, json) => {
    if (file === "docs-index.json") json.fields.push(DOCUMENTED_FIELD);
  });
  const plan = await run("plan", "--definitions", defs);
  expect(plan.stdout).toMatch(/\+ fields\[metadata_storage_size\]/);
  const deploy = await run("deploy", "--definitions", defs, "--wait", "--poll-interval", "0.2");
  expect(deploy.code, deploy.stderr).toBe(0);
  const before = await run("coverage", "--definitions", defs);
  expect(before.code).toBe(1);
  expect(before.stdout).toMatch(/^verdict: incomplete \(exit 1\): .*metadata_storage_size \(0 %\)/m);
  // Never "100 % reprocessed" beside a just-added field at 0 %: the new field's fill bounds the share.
  expect(before.stdout).toMatch(
    /^documents: \d+; reprocessed since the newest field was added: at most 0 % \(metadata_storage_size is filled in 0 %\)$/m,
  );
  const backfill = await run("backfill", "--yes", "--poll-interval", "0.2");
  expect(backfill.code, backfill.stderr).toBe(0);
  const after = await run("status");
  expect(after.code).toBe(0);
  expect(after.stdout).toContain("(2 expected, 0 unexpected)");
  const complete = await run("coverage", "--definitions", defs);
  expect(complete.code, complete.stdout).toBe(0);
  const query = await run("query", "getting started", "--app", "guides");
  expect(query.stdout).toContain(`${DOCS_URL}/guides/getting-started`);
}

/** The field docs/local.md adds (a blob metadata property the indexer maps by name). */
const DOCUMENTED_FIELD = {
  name: "metadata_storage_size",
  type: "Edm.Int64",
  analyzer: null,
  facetable: false,
  filterable: true,
  indexAnalyzer: null,
  key: false,
  normalizer: null,
  retrievable: true,
  searchAnalyzer: null,
  searchable: false,
  sortable: false,
  stored: true,
  synonymMaps: [],
};

describe("docs/local.md and the README describe this run", () => {
  const localMd = readFileSync(path.join(repoRoot, "docs", "local.md"), "utf8");
  const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
  it("the step table lists every step of the run, in order", () => {
    const table = [...localMd.matchAll(/^\| (\d+) \| `([\w-]+)` \|/gm)].map((m) => [Number(m[1]), m[2]]);
    expect(table).toEqual(ORDER.map((name, i) => [i + 1, name]));
  });
  it("the README and docs/local.md give the same duration", () => {
    const figure = (text: string) => /about (\d+) seconds/.exec(text)?.[1];
    expect(figure(localMd)).toBeDefined();
    expect(figure(readme)).toBe(figure(localMd));
  });
  it("the field the backfill rehearsal adds is the one the rehearsal test adds", () => {
    const block = /add to "fields"[^\n]*\n((?:# {3}.*\n)+)/.exec(localMd)?.[1] ?? "";
    expect(JSON.parse(block.replace(/^# {3}/gm, ""))).toEqual(DOCUMENTED_FIELD);
  });
});

describe("StepRunner", () => {
  it("a deploy whose relevance check could not run is not an ok step; one evaluated or skipped by choice is", () => {
    const failed =
      "relevance: NOT evaluated, the eval failed (the eval before the write failed: Invalid expression): in-place ranking change (x) written unchecked";
    expect(uncheckedRelevance(`run: started\n\n${failed}\n`)).toBe(failed);
    expect(uncheckedRelevance("relevance: not evaluated (--no-eval): in-place ranking change (x)\n")).toBeUndefined();
    expect(
      inPlaceRelevanceSummary(
        "  before the write: recall@5 0.000, MRR 0.000, nDCG@10 0.000 over 34 queries\n  after the write:  recall@5 0.8, MRR 0.8, nDCG@10 0.793 over 34 queries\n  verdict: no regression\n",
      ),
    ).toBe("relevance (34 golden queries): nDCG@10 0.000 → 0.793, no regression");
  });

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
