// Benchmark: `orphans` over 20,000 blobs in Azurite and 20,000 documents in the stand-in (5 % orphans).
// Prints wall time and the heap growth during the run; the run keeps blob names and orphan ids, never documents.
// Run: npm run bench:orphans [-- <count>]
import { spawn } from "node:child_process";
import path from "node:path";
import { AzureKeyCredential, SearchClient } from "@azure/search-documents";
import { BlobServiceClient } from "@azure/storage-blob";
import { base64Encode } from "../src/search/indexer-emulation/base64.js";
import { startAzuriteProcess } from "../local/azurite-process.js";
import { startSearchStandIn } from "../local/search-standin/server.js";
import { newEtag } from "../local/search-standin/state.js";
import { readFileSync } from "node:fs";
import { mapLimit } from "../src/async/map-limit.js";
import { repoRoot } from "../src/config/repo-root.js";

const count = Number(process.argv[2] ?? 20_000);
const azurite = await startAzuriteProcess();
const standIn = await startSearchStandIn({ storageConnectionString: azurite.connectionString });
try {
  const indexDef = JSON.parse(
    readFileSync(path.join(repoRoot, "search-definitions", "docs-index.json"), "utf8").replaceAll(
      "${INDEX_NAME}",
      "docs-index",
    ),
  );
  standIn.state.indexes.set("docs-index", { definition: indexDef, etag: newEtag() });

  const names = Array.from({ length: count }, (_, i) => `app-${i % 30}/section-${i % 7}/page-${i}.html`);
  const container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient("$web");
  await container.createIfNotExists();
  const orphanEvery = 20; // every 20th document has no blob
  const seedStart = performance.now();
  await mapLimit(
    names.filter((_, i) => i % orphanEvery !== 0),
    64,
    (n) =>
      container
        .getBlockBlobClient(n)
        .upload("<html></html>", 13)
        .then(() => undefined),
  );
  const search = new SearchClient(standIn.url, "docs-index", new AzureKeyCredential(standIn.apiKey), {
    allowInsecureConnection: true,
  });
  const root = "https://devstoreaccount1.blob.core.windows.net/$web";
  for (let i = 0; i < count; i += 1000) {
    const batch = names.slice(i, i + 1000).map((n, j) => ({
      id: base64Encode(`${root}/${n}`),
      path: `${root}/${n}`,
      app: n.split("/")[0],
      repo: n.split("/")[0],
      content: "x".repeat(2000), // documents carry content; the orphan scan must not download it
      last_modified: j % 3 === 0 ? null : new Date(Date.UTC(2026, 0, 1) + ((i + j) % 500) * 1000).toISOString(),
    }));
    await search.uploadDocuments(batch);
  }
  console.log(
    `seeded ${count} documents and ${count - Math.ceil(count / orphanEvery)} blobs in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  // The CLI runs in its own process so its memory is measured apart from the stand-in's and Azurite's.
  const env = {
    ...process.env,
    VARS_FILE: path.join(repoRoot, "config", "dev", "vars.yml"),
    SEARCH_ENDPOINT: standIn.url,
    SEARCH_ADMIN_KEY: standIn.apiKey,
    DOCS_STORAGE_CONNECTION_STRING: azurite.connectionString,
  };
  const baseline = await runMeasured(["--json", "url", "index.html"], env).catch(() => undefined);
  const run = await runMeasured(["--json", "orphans"], env);
  const report = JSON.parse(run.stdout);
  const mib = (kb: number) => (kb / 1024).toFixed(1);
  console.log(
    `orphans: ${report.blobs} blobs, ${report.documents} documents, ${report.missingBlob.length} orphans found, exit ${run.code}, in ${run.wallMs.toFixed(0)} ms (process start included)`,
  );
  console.log(
    `  CLI peak RSS ${mib(run.peakKb)} MiB; a trivial command (url) peaks at ${baseline ? mib(baseline.peakKb) : "?"} MiB`,
  );
  if (baseline)
    console.log(
      `  growth for the scan: ${mib(run.peakKb - baseline.peakKb)} MiB = ${(((run.peakKb - baseline.peakKb) * 1024) / (report.blobs + report.documents)).toFixed(0)} bytes per blob+document`,
    );
  // Peak RSS mostly reflects how lazily V8 collects garbage; a hard heap cap shows what the scan really needs.
  const capMb = Number(process.env.ORPHANS_HEAP_CAP_MB ?? 48);
  const capped = await runMeasured(["--json", "orphans"], env, [`--max-old-space-size=${capMb}`]);
  console.log(
    `  with the V8 old-space capped at ${capMb} MiB: exit ${capped.code} (${capped.code === 1 || capped.code === 0 ? "completed" : "FAILED"}), peak RSS ${mib(capped.peakKb)} MiB`,
  );
  console.log(
    `  for scale: the documents' content alone is ${((count * 2000) / 2 ** 20).toFixed(1)} MiB of text; the scan selects only id, app, repo, last_modified`,
  );
} finally {
  await standIn.close();
  await azurite.close();
}

/** Runs the CLI in a child process and samples its peak resident set (VmHWM) from /proc. */
async function runMeasured(
  args: string[],
  env: NodeJS.ProcessEnv,
  nodeFlags: string[] = [],
): Promise<{ code: number; stdout: string; wallMs: number; peakKb: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeFlags, "--import", "tsx", path.join(repoRoot, "scripts", "docs-index.ts"), ...args],
    { env, stdio: ["ignore", "pipe", "ignore"] },
  );
  let stdout = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  let peakKb = 0;
  const sample = () => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (m) peakKb = Math.max(peakKb, Number(m[1]));
    } catch {
      /* exited */
    }
  };
  const timer = setInterval(sample, 5);
  const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  clearInterval(timer);
  return { code, stdout, wallMs: performance.now() - started, peakKb };
}
