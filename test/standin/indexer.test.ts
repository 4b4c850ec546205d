// The blob indexer over real Azurite: blobs uploaded with @azure/storage-blob, runs through the engine,
// documents and status read back. Each behaviour names the reference section it reproduces.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isRunInProgress,
  resetIndexer,
  startIndexerRun,
  waitForIndexerRun,
} from "../../local/search-standin/indexer/engine.js";
import type { StandInContext } from "../../local/search-standin/context.js";
import { define, lastResult, page, startWorld, upload, type IndexerWorld } from "./indexer-helpers.js";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";

const ACCOUNT_URL = "https://devstoreaccount1.blob.core.windows.net";
const NAMES = { index: "docs-index", datasource: "docs-datasource", indexer: "docs-indexer" };

let world: IndexerWorld;
let ctx: StandInContext;

function docs(index = NAMES.index): Map<string, Record<string, unknown>> {
  const all = world.standIn.state.documents;
  if (!all.has(index)) all.set(index, new Map());
  return all.get(index)!;
}
const keyOf = (blobName: string) => base64Encode(`${ACCOUNT_URL}/$web/${blobName}`);

async function run(indexer = NAMES.indexer) {
  startIndexerRun(ctx, indexer);
  await waitForIndexerRun(ctx, indexer);
  return lastResult(world.standIn, indexer);
}

beforeAll(async () => {
  world = await startWorld();
  ctx = {
    state: world.standIn.state,
    options: { apiKey: world.standIn.apiKey, storageConnectionString: world.azurite.connectionString },
  };
  define(world.standIn, NAMES);
  await upload(
    world.container,
    "alpha/guides/start.html",
    page("Getting started", "Start here", "Install the widget."),
    "text/html",
  );
  await upload(world.container, "alpha/readme.md", "---\ntitle: Readme\n---\n# Alpha\n", "text/markdown");
  await upload(world.container, "index.html", page("Landing", "Root page", "Welcome."), "text/html");
  await upload(world.container, "sitemap.xml", "<urlset/>", "application/xml");
  await upload(world.container, "alpha/app.js", "console.log(1)", "text/javascript");
  await upload(world.container, "alpha/guides/職 space.html", page("Unicode", "u", "x"), "text/html");
});

afterAll(async () => {
  await world?.close();
});

describe("blob indexer run over Azurite", () => {
  it("records inProgress first, then completes asynchronously (reference §6, §7)", async () => {
    // An earlier copy of the root page, to show a failed mapping keeps it (spec C errors rule 3).
    docs().set(keyOf("index.html"), { id: keyOf("index.html"), title: "Old landing" });
    startIndexerRun(ctx, NAMES.indexer);
    expect(isRunInProgress(ctx, NAMES.indexer)).toBe(true);
    expect(lastResult(world.standIn, NAMES.indexer)).toMatchObject({ status: "inProgress", endTime: null });
    await waitForIndexerRun(ctx, NAMES.indexer);
    expect(isRunInProgress(ctx, NAMES.indexer)).toBe(false);
  });

  it("stays success with maxFailedItems -1 while the root page fails its section mapping (spec C errors 1-2; reference §1.2, §6)", () => {
    const result = lastResult(world.standIn, NAMES.indexer);
    expect(result.status).toBe("success");
    expect(result.itemsProcessed).toBe(4);
    expect(result.itemsFailed).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ key: keyOf("index.html"), statusCode: 400 });
    expect(String(result.errors[0]!.errorMessage)).toMatch(
      /^Could not apply mapping function 'extractTokenAtPosition' to field 'section'\./,
    );
    expect(result.endTime).not.toBeNull();
  });

  it("keeps the earlier copy of a document whose mapping failed (spec C errors 3)", () => {
    expect(docs().get(keyOf("index.html"))).toEqual({ id: keyOf("index.html"), title: "Old landing" });
  });

  it("skips excluded extensions (reference §3.3; spec C excluded file types)", () => {
    expect(docs().has(keyOf("sitemap.xml"))).toBe(false);
    expect(docs().has(keyOf("alpha/app.js"))).toBe(false);
  });

  it("maps HTML metadata, path tokens and storage properties into the docs-index fields (reference §1, §2)", () => {
    const doc = docs().get(keyOf("alpha/guides/start.html"));
    expect(doc).toMatchObject({
      title: "Getting started",
      description: "Start here",
      content: "Getting started\nInstall the widget.",
      path: `${ACCOUNT_URL}/$web/alpha/guides/start.html`,
      repo: "alpha",
      app: "alpha",
      section: "guides",
      tags: null,
      format: ".html",
      content_type: "text/html",
    });
    expect(doc!.last_modified).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("keeps Markdown frontmatter as literal content; a page under the app folder gets its file name as section (spec C rule 2)", () => {
    const doc = docs().get(keyOf("alpha/readme.md"));
    expect(doc).toMatchObject({
      content: "---\ntitle: Readme\n---\n# Alpha\n",
      section: "readme.md",
      format: ".md",
      title: null,
    });
  });

  it("uses the URL-encoded blob URI as metadata_storage_path (reference §1.2, §2.1)", () => {
    const path = `${ACCOUNT_URL}/$web/alpha/guides/%E8%81%B7%20space.html`;
    expect(docs().get(base64Encode(path))).toMatchObject({ path, section: "guides" });
  });

  it("an incremental run processes nothing for unchanged blobs (reference §7; spec C backfill 2)", async () => {
    const result = await run();
    expect(result).toMatchObject({ status: "success", itemsProcessed: 0, itemsFailed: 0 });
  });

  it("a run processes only blobs changed since the high-water mark", async () => {
    await upload(
      world.container,
      "alpha/guides/start.html",
      page("Getting started v2", "Start here", "Install."),
      "text/html",
    );
    const result = await run();
    expect(result.itemsProcessed).toBe(1);
    expect(docs().get(keyOf("alpha/guides/start.html"))!.title).toBe("Getting started v2");
  });

  it("reset clears the mark only; the next run re-crawls everything and reports the root failure again (reference §7)", async () => {
    const before = docs().size;
    resetIndexer(ctx, NAMES.indexer);
    expect(lastResult(world.standIn, NAMES.indexer).status).toBe("reset");
    expect(docs().size).toBe(before);
    const result = await run();
    expect(result).toMatchObject({ status: "success", itemsProcessed: 4, itemsFailed: 1 });
  });

  it("removes the document of a blob deleted while the soft-delete policy is active (reference §3.2)", async () => {
    await world.container.deleteBlob("alpha/readme.md");
    await run();
    expect(docs().has(keyOf("alpha/readme.md"))).toBe(false);
    expect(docs().has(keyOf("alpha/guides/start.html"))).toBe(true);
  });

  it("keeps execution history newest first, at most 50 entries (reference §6)", async () => {
    for (let i = 0; i < 55; i++) resetIndexer(ctx, NAMES.indexer);
    const history = world.standIn.state.indexers.get(NAMES.indexer)!.runtime.history;
    expect(history).toHaveLength(50);
    await run();
    expect(history[0]!.status).toBe("success");
    expect(history[1]!.status).toBe("reset");
  });
});

describe("deletion before the policy existed, failure tolerance, datasource errors", () => {
  it("leaves an orphan for a blob deleted before the policy was in place (reference §3.2; spec C backfill 5)", async () => {
    const names = { index: "orphans-index", datasource: "orphans-ds", indexer: "orphans-indexer" };
    const noPolicy = (d: Record<string, unknown>) => delete d.dataDeletionDetectionPolicy;
    const toContainer = (d: Record<string, unknown>) => ((d.container as { query?: string }).query = "orphan/");
    define(world.standIn, names, { datasource: (d) => (noPolicy(d), toContainer(d)) });
    await upload(world.container, "orphan/a/gone.html", page("Gone", "g", "x"), "text/html");
    await upload(world.container, "orphan/a/kept.html", page("Kept", "k", "x"), "text/html");
    await run(names.indexer);
    await world.container.deleteBlob("orphan/a/gone.html");
    // The policy arrives after the delete; reset + run does not clean the orphan.
    define(world.standIn, names, { datasource: toContainer });
    resetIndexer(ctx, names.indexer);
    await run(names.indexer);
    expect(docs(names.index).has(keyOf("orphan/a/gone.html"))).toBe(true);
    // A blob deleted once the policy is active is detected.
    await world.container.deleteBlob("orphan/a/kept.html");
    await run(names.indexer);
    expect(docs(names.index).has(keyOf("orphan/a/kept.html"))).toBe(false);
  });

  it("indexes binary formats with metadata only and a warning (content cracking not emulated)", async () => {
    const names = { index: "binary-index", datasource: "binary-ds", indexer: "binary-indexer" };
    define(world.standIn, names, { datasource: (d) => ((d.container as { query?: string }).query = "binary/") });
    await upload(world.container, "binary/a/doc.pdf", "%PDF-1.7 binary", "application/pdf");
    const result = await run(names.indexer);
    expect(result).toMatchObject({ status: "success", itemsProcessed: 1, itemsFailed: 0 });
    expect(String(result.warnings[0]?.message)).toMatch(/'application\/pdf' is not emulated/);
    const doc = docs(names.index).get(keyOf("binary/a/doc.pdf"));
    expect(doc).toMatchObject({ format: ".pdf", content_type: "application/pdf" });
    expect(doc?.content ?? null).toBeNull();
  });

  it("fails the run when failures exceed maxFailedItems (reference §3.3, §10.1)", async () => {
    const names = { index: "strict-index", datasource: "strict-ds", indexer: "strict-indexer" };
    define(world.standIn, names, { indexer: (d) => ((d.parameters as { maxFailedItems: number }).maxFailedItems = 0) });
    const result = await run(names.indexer);
    expect(result.status).toBe("transientFailure");
    expect(result.itemsFailed).toBeGreaterThan(0);
    expect(result.errorMessage).toMatch(/too many failed items/);
  });

  it("fails clearly when the datasource points at another storage account", async () => {
    const names = { index: "elsewhere-index", datasource: "elsewhere-ds", indexer: "elsewhere-indexer" };
    define(world.standIn, names, {
      datasource: (d) =>
        (d.credentials = {
          connectionString:
            "ResourceId=/subscriptions/x/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/prodaccount/;",
        }),
    });
    const result = await run(names.indexer);
    expect(result.status).toBe("transientFailure");
    expect(result.errorMessage).toMatch(
      /points at storage account 'prodaccount'.*only the Azurite account 'devstoreaccount1'/,
    );
  });
});
