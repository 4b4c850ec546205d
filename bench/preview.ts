// Benchmark: `preview` over 100,000 generated container paths (goal: under 2 s). Prints wall time and peak memory.
// Run: npm run bench:preview [-- <count>]
import { readRawDefinitions } from "../src/search/definitions/definitions.js";
import { indexerDefinitionView } from "../src/search/definitions/definition-views.js";
import { previewFiles, type PreviewFile } from "../src/search/ops/preview.js";

const count = Number(process.argv[2] ?? 100_000);
const apps = Array.from({ length: 40 }, (_, i) => `app-${i}`);
const sections = ["guides", "reference", "api", "changelog", "tutorials", "index.html"];
const files = [
  "index.html",
  "setup.html",
  "setup.md",
  "overview.html",
  "site.css",
  "bundle.js",
  "logo.png",
  "sitemap.xml",
];

function* paths(n: number): Generator<string> {
  yield "index.html";
  yield "404.html";
  for (let i = 2; i < n; i++) {
    const app = apps[i % apps.length]!;
    const section = sections[(i >> 3) % sections.length]!;
    const file = files[i % files.length]!;
    yield section === "index.html" ? `${app}/${i}-${file}` : `${app}/${section}/page-${i}/${file}`;
  }
}

const def = indexerDefinitionView(readRawDefinitions().indexer);
const options = {
  accountName: "docsacct",
  container: "$web",
  docsUrl: "https://docs.example.com",
  fieldMappings: def.fieldMappings,
  configuration: def.configuration,
};

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
const lastModified = new Date("2026-11-01T00:00:00Z");
const start = performance.now();
const found: PreviewFile[] = [];
for (const p of paths(count)) found.push({ path: p, lastModified });
const { report } = previewFiles(found, { ...options, expectedFailures: [] });
const { summary } = report;
const json = JSON.stringify(report);
const wallMs = performance.now() - start;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

console.log(`preview: ${count} paths in ${wallMs.toFixed(0)} ms (goal < 2000 ms) ${wallMs < 2000 ? "OK" : "SLOW"}`);
console.log(
  `  ${summary.indexed} indexed, ${summary.excluded} excluded, ${summary.failed} failed; JSON output ${(json.length / 1e6).toFixed(1)} MB`,
);
console.log(`  peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB (whole process, including the output held in memory)`);
