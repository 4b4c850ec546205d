// Benchmark: query latency of the stand-in over N documents (default 10,000), through @azure/search-documents
// over loopback HTTP. Prints p50/p99 per query shape. Usage: npm run bench:query [-- --docs 10000 --queries 300]
import { AzureKeyCredential, SearchClient } from "@azure/search-documents";
import { readFileSync } from "node:fs";
import { startSearchStandIn } from "../local/search-standin/server.js";
import { newEtag } from "../local/search-standin/state.js";
import { generatePages, percentile, prng, words } from "./corpus.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DOCS = arg("docs", 10_000);
const QUERIES = arg("queries", 300);

const indexDefinition = JSON.parse(
  readFileSync(new URL("../search-definitions/docs-index.json", import.meta.url), "utf8").replaceAll(
    "${INDEX_NAME}",
    "docs-index",
  ),
) as Record<string, unknown>;

const standIn = await startSearchStandIn();
try {
  standIn.state.indexes.set("docs-index", { definition: indexDefinition, etag: newEtag() });
  const client = new SearchClient<Record<string, unknown>>(
    standIn.url,
    "docs-index",
    new AzureKeyCredential(standIn.apiKey),
    { allowInsecureConnection: true },
  );

  const pages = generatePages(DOCS);
  const loadStart = performance.now();
  for (let i = 0; i < pages.length; i += 1000) {
    const batch = pages.slice(i, i + 1000).map((p, j) => ({
      id: `doc-${i + j}`,
      title: p.title,
      description: p.description,
      content: p.body,
      path: `https://devstoreaccount1.blob.core.windows.net/$web/${p.blobName}`,
      repo: p.app,
      app: p.app,
      section: p.section,
      format: (i + j) % 2 === 0 ? ".html" : null,
      content_type: "text/html",
      last_modified: new Date(Date.UTC(2026, 0, 1) + (i + j) * 60_000).toISOString(),
    }));
    await client.uploadDocuments(batch);
  }
  const loadMs = performance.now() - loadStart;

  const random = prng(7);
  const shapes: Record<string, () => Promise<unknown>> = {
    "keyword (2 terms, top 10)": () => drain(client.search(words(random, 2), { top: 10 })),
    "keyword + dedup filter + count": () =>
      drain(
        client.search(words(random, 2), {
          top: 10,
          filter: "format eq null or format eq '.html'",
          includeTotalCount: true,
        }),
      ),
    "keyword + repo filter + section ne": () =>
      drain(
        client.search(words(random, 1), {
          top: 10,
          filter: `repo eq 'app${Math.floor(random() * 20)}' and section ne 'release-notes'`,
        }),
      ),
    "match all, orderby last_modified desc": () =>
      drain(client.search("*", { top: 50, orderBy: ["last_modified desc"] })),
    "semantic (ranked as keyword)": () =>
      drain(client.search(words(random, 3), { top: 10, queryType: "semantic", semanticSearchOptions: {} })),
  };

  // Warm-up: builds the per-document term cache once, as a long-running stand-in would have it.
  for (const run of Object.values(shapes)) await run();

  console.log(`documents loaded:  ${DOCS} via uploadDocuments in ${(loadMs / 1000).toFixed(2)} s`);
  console.log(`queries per shape: ${QUERIES}, sequential, over loopback HTTP`);
  for (const [name, run] of Object.entries(shapes)) {
    const times: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(40)} p50 ${percentile(times, 50).toFixed(1)} ms   p99 ${percentile(times, 99).toFixed(1)} ms`,
    );
  }
} finally {
  await standIn.close();
}

async function drain(pending: Promise<{ results: AsyncIterable<unknown> }>): Promise<number> {
  const response = await pending;
  let n = 0;
  for await (const _ of response.results) n += 1;
  return n;
}
