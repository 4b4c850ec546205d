// Benchmark: one stand-in indexer run over N generated blobs in an in-memory Azurite (default 10,000).
// Prints upload time, run time, items processed/failed and peak memory of this process (stand-in + engine;
// Azurite runs in its own process and is not counted). Usage: npm run bench:indexer [-- --blobs 10000]
import { BlobServiceClient } from "@azure/storage-blob";
import { readFileSync } from "node:fs";
import { startAzuriteProcess } from "../local/azurite-process.js";
import { startIndexerRun, waitForIndexerRun } from "../local/search-standin/indexer/engine.js";
import { startSearchStandIn } from "../local/search-standin/server.js";
import { newEtag } from "../local/search-standin/state.js";
import { generatePages, html } from "./corpus.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const BLOBS = arg("blobs", 10_000);
const UPLOAD_CONCURRENCY = 32;

function definition(file: string): Record<string, unknown> {
  const names: Record<string, string> = {
    INDEX_NAME: "docs-index",
    DATASOURCE_NAME: "docs-datasource",
    INDEXER_NAME: "docs-indexer",
    CONTAINER: "$web",
    STORAGE_ACCOUNT_RESOURCE_ID:
      "/subscriptions/0/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/devstoreaccount1",
  };
  const text = readFileSync(new URL(`../search-definitions/${file}`, import.meta.url), "utf8").replace(
    /\$\{([A-Z_]+)\}/g,
    (_m, k: string) => names[k] ?? "",
  );
  return JSON.parse(text) as Record<string, unknown>;
}

let peakRss = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 50);

const azurite = await startAzuriteProcess();
const standIn = await startSearchStandIn({ storageConnectionString: azurite.connectionString });
try {
  const container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient("$web");
  await container.createIfNotExists();
  const pages = generatePages(BLOBS);
  const uploadStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
      while (next < pages.length) {
        const page = pages[next++]!;
        const body = html(page);
        await container
          .getBlockBlobClient(page.blobName)
          .upload(body, Buffer.byteLength(body), { blobHTTPHeaders: { blobContentType: "text/html" } });
      }
    }),
  );
  const uploadMs = performance.now() - uploadStart;

  standIn.state.indexes.set("docs-index", { definition: definition("docs-index.json"), etag: newEtag() });
  standIn.state.datasources.set("docs-datasource", { definition: definition("docs-datasource.json"), etag: newEtag() });
  standIn.state.indexers.set("docs-indexer", {
    definition: definition("docs-indexer.json"),
    etag: newEtag(),
    runtime: { history: [], highWaterMark: null },
  });
  const ctx = {
    state: standIn.state,
    options: { apiKey: standIn.apiKey, storageConnectionString: azurite.connectionString },
  };

  const memBefore = process.memoryUsage();
  peakRss = memBefore.rss;
  peakHeap = memBefore.heapUsed;
  const runStart = performance.now();
  startIndexerRun(ctx, "docs-indexer");
  await waitForIndexerRun(ctx, "docs-indexer");
  const runMs = performance.now() - runStart;
  const result = standIn.state.indexers.get("docs-indexer")!.runtime.history[0]!;

  const rerunStart = performance.now();
  startIndexerRun(ctx, "docs-indexer");
  await waitForIndexerRun(ctx, "docs-indexer");
  const rerunMs = performance.now() - rerunStart;
  const rerun = standIn.state.indexers.get("docs-indexer")!.runtime.history[0]!;

  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(`blobs uploaded:            ${BLOBS} in ${(uploadMs / 1000).toFixed(2)} s`);
  console.log(
    `indexer run (full):        ${(runMs / 1000).toFixed(2)} s, ${(BLOBS / (runMs / 1000)).toFixed(0)} blobs/s, status ${result.status}, processed ${result.itemsProcessed}, failed ${result.itemsFailed}`,
  );
  console.log(`indexer run (incremental): ${(rerunMs / 1000).toFixed(2)} s, processed ${rerun.itemsProcessed}`);
  console.log(`documents in index:        ${standIn.state.documents.get("docs-index")?.size ?? 0}`);
  console.log(`memory before run:         rss ${mb(memBefore.rss)} MB, heap ${mb(memBefore.heapUsed)} MB`);
  console.log(
    `peak memory during runs:   rss ${mb(peakRss)} MB, heap ${mb(peakHeap)} MB (sampled every 50 ms; max RSS of the process ${mb(process.resourceUsage().maxRSS * 1024)} MB)`,
  );
} finally {
  clearInterval(sampler);
  await standIn.close();
  await azurite.close();
}
