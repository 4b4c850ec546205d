// Benchmark: `docs-index eval` with 200 golden queries against 10,000 stand-in documents, through the real CLI
// (in process) and @azure/search-documents over loopback HTTP: golden file parsing, the dedup coverage check,
// the provenance reads, every query through the search_docs query core, the report. Prints the times.
// Usage: npm run bench:eval [-- --docs 10000 --queries 200 --concurrency 4]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AzureKeyCredential, SearchClient } from "@azure/search-documents";
import { runDocsIndex } from "../src/cli/docs-index/in-process.js";
import { repoRoot } from "../src/config/repo-root.js";
import { base64Encode } from "../src/search/indexer-emulation/base64.js";
import { startSearchStandIn } from "../local/search-standin/server.js";
import { newEtag } from "../local/search-standin/state.js";
import { generatePages, prng } from "./corpus.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DOCS = arg("docs", 10_000);
const QUERIES = arg("queries", 200);
const CONCURRENCY = arg("concurrency", 4);
const ROOT = "https://devstoreaccount1.blob.core.windows.net/$web";

const definition = (file: string, names: Record<string, string>) => {
  let text = readFileSync(path.join(repoRoot, "search-definitions", file), "utf8");
  for (const [k, v] of Object.entries(names)) text = text.replaceAll(`\${${k}}`, v);
  return JSON.parse(text) as Record<string, unknown>;
};
const NAMES = {
  INDEX_NAME: "docs-index",
  DATASOURCE_NAME: "docs-datasource",
  INDEXER_NAME: "docs-indexer",
  CONTAINER: "$web",
  STORAGE_ACCOUNT_RESOURCE_ID:
    "/subscriptions/0/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/devstoreaccount1",
};

const standIn = await startSearchStandIn();
const dir = mkdtempSync(path.join(tmpdir(), "bench-eval-"));
try {
  const state = standIn.state;
  state.indexes.set("docs-index", { definition: definition("docs-index.json", NAMES), etag: newEtag() });
  state.datasources.set("docs-datasource", { definition: definition("docs-datasource.json", NAMES), etag: newEtag() });
  const now = new Date().toISOString();
  state.indexers.set("docs-indexer", {
    definition: definition("docs-indexer.json", NAMES),
    etag: newEtag(),
    runtime: {
      history: [
        {
          status: "success",
          errorMessage: null,
          startTime: now,
          endTime: now,
          itemsProcessed: DOCS,
          itemsFailed: 0,
          initialTrackingState: null,
          finalTrackingState: null,
          errors: [],
          warnings: [],
        },
      ],
      highWaterMark: null,
    },
  });
  const client = new SearchClient<Record<string, unknown>>(
    standIn.url,
    "docs-index",
    new AzureKeyCredential(standIn.apiKey),
    { allowInsecureConnection: true },
  );
  const pages = generatePages(DOCS);
  const loadStart = performance.now();
  for (let i = 0; i < pages.length; i += 1000) {
    await client.uploadDocuments(
      pages.slice(i, i + 1000).map((p) => ({
        id: base64Encode(`${ROOT}/${p.blobName}`),
        title: p.title,
        description: p.description,
        content: p.body,
        path: `${ROOT}/${p.blobName}`,
        repo: p.app,
        app: p.app,
        section: p.section,
        format: ".html",
        content_type: "text/html",
      })),
    );
  }
  const loadMs = performance.now() - loadStart;

  // Golden queries: a page's title as the question, that page the answer, a page of the same app useful;
  // every other query restricted to the app, every fifth excluding a section, every tenth semantic.
  const random = prng(11);
  const lines = ["queries:"];
  for (let i = 0; i < QUERIES; i++) {
    const answer = pages[Math.floor(random() * pages.length)]!;
    const useful = pages[(pages.indexOf(answer) + 20) % pages.length]!;
    lines.push(
      `  - id: q${i}`,
      `    query: ${answer.title}`,
      `    mode: ${i % 10 === 0 ? "semantic" : "keyword"}`,
      ...(i % 2 === 0 ? [`    app: ${answer.app}`] : []),
      ...(i % 5 === 0 && answer.section !== "release-notes" ? ["    exclude_sections: [release-notes]"] : []),
      "    relevant:",
      `      - { url: "${answer.blobName}", grade: 2 }`,
      `      - { url: "${useful.blobName}", grade: 1 }`,
    );
  }
  const golden = path.join(dir, "golden.yml");
  writeFileSync(golden, `${lines.join("\n")}\n`);

  const env: NodeJS.ProcessEnv = {
    VARS_FILE: path.join(repoRoot, "config", "local", "vars.yml"),
    SEARCH_ENDPOINT: standIn.url,
    SEARCH_ADMIN_KEY: standIn.apiKey,
  };
  const evalOnce = async () => {
    const started = performance.now();
    const run = await runDocsIndex(["--json", "eval", "--golden", golden, "--concurrency", String(CONCURRENCY)], env);
    const ms = performance.now() - started;
    if (run.code !== 0) throw new Error(`eval exited ${run.code}: ${run.stderr}`);
    return { ms, report: JSON.parse(run.stdout) as { overall: Record<string, number>; queries: unknown[] } };
  };
  const cold = await evalOnce();
  const warm = await evalOnce();
  const { overall } = warm.report;
  console.log(`documents loaded:   ${DOCS} via uploadDocuments in ${(loadMs / 1000).toFixed(2)} s`);
  console.log(`golden queries:     ${warm.report.queries.length}, ${CONCURRENCY} in flight, SDK over loopback HTTP`);
  console.log(
    `eval (first run):   ${(cold.ms / 1000).toFixed(2)} s (includes building the stand-in's per-document term cache)`,
  );
  console.log(
    `eval (second run):  ${(warm.ms / 1000).toFixed(2)} s, ${(warm.ms / warm.report.queries.length).toFixed(1)} ms per query; goal < 10 s`,
  );
  console.log(
    `figures:            recall@5 ${overall.recall!.toFixed(3)}, MRR ${overall.mrr!.toFixed(3)}, nDCG@10 ${overall.ndcg10!.toFixed(3)}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
  await standIn.close();
}
