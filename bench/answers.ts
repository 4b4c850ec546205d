// Benchmark: what an agent reads. The generated Nimbus documentation site (bench/answers/: real chrome, Markdown
// twins) is published to Azurite, indexed by the stand-in's indexer with this repository's definitions, and each
// of the 25 questions in bench/answers/questions.yml is asked through the MCP server's search_docs (in process,
// the real server and backend) in keyword and semantic mode. Prints success@1/@5, MRR, how many answers carry
// the expected fact in a top-3 hit's text, the answer's tokens (whole tool result, characters / 4: median, max)
// and how many hits carry site chrome.
// Usage: npm run bench:answers [-- --json] [-- --verbose]
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { repoRoot } from "../src/config/repo-root.js";
import { mcpConfigSchema } from "../src/config/mcp.js";
import { toolLimits } from "../src/mcp/core/limits.js";
import { DocsIndexBackend } from "../src/mcp/shell/backend.js";
import { createDocsMcpServer } from "../src/mcp/shell/server.js";
import { publicUrlForBlobPath } from "../src/search/public-url.js";
import { docsIndex } from "../local/environment/docs-index.js";
import { waitForIndexer } from "../local/environment/indexer-wait.js";
import { INDEXER_NAME, servicesOf, startAzuriteForLocal, startStandInForLocal } from "../local/environment/services.js";
import { publishSite } from "../local/environment/site.js";
import { generateSite } from "./answers/site.js";
import { figures, scoreAnswer, type Figures, type Outcome, type Question } from "./answers/score.js";

const JSON_OUT = process.argv.includes("--json");
const VERBOSE = process.argv.includes("--verbose");
const DOCS_URL = "https://docs.dev.example.com";
const MODES = ["keyword", "semantic"] as const;

const questions = (
  parse(readFileSync(path.join(repoRoot, "bench", "answers", "questions.yml"), "utf8")) as { questions: Question[] }
).questions;

const azurite = await startAzuriteForLocal();
const services = servicesOf(azurite, await startStandInForLocal(azurite));
try {
  const files = generateSite();
  await publishSite(services.container, files);
  const deploy = await docsIndex({ ...process.env, ...services.env }, "deploy");
  if (deploy.code !== 0) throw new Error(`docs-index deploy exited ${deploy.code}: ${deploy.stderr.trim()}`);
  await waitForIndexer(services.indexerClient, INDEXER_NAME, { timeoutMs: 120_000, progress: () => {} });

  const backend = new DocsIndexBackend({
    clients: { indexClient: services.indexClient, indexerClient: services.indexerClient },
    index: "docs-index",
    indexer: INDEXER_NAME,
    container: "$web",
    docsUrl: DOCS_URL,
    apiVersion: "2026-04-01",
    limits: toolLimits(mcpConfigSchema.parse({})),
    // The pages as published (main content as Markdown), as the server reads them with Storage Blob Data Reader.
    pages: services.container,
    recheckMs: 300_000,
  });
  const server = createDocsMcpServer(backend, "bench", () => {});
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "bench-answers", version: "1" });
  await client.connect(clientSide);

  const report: Record<string, { figures: Figures; outcomes: Outcome[] }> = {};
  for (const mode of MODES) {
    const outcomes: Outcome[] = [];
    const hitCounts: number[] = [];
    for (const q of questions) {
      const result = await client.callTool({ name: "search_docs", arguments: { query: q.question, mode } });
      if (result.isError) throw new Error(`${q.id}: ${JSON.stringify(result.content)}`);
      const hits = ((result.structuredContent as { results?: Record<string, unknown>[] }).results ?? []).slice();
      hitCounts.push(hits.length);
      // The tool's documented estimate (docs/mcp.md, what max_tokens bounds): the text of every content block and
      // the structuredContent JSON, characters / 4.
      const texts = (result.content as { text?: string }[]).map((b) => b.text ?? "").join("");
      const chars = texts.length + JSON.stringify(result.structuredContent ?? {}).length;
      const outcome = scoreAnswer(q, publicUrlForBlobPath(DOCS_URL, q.page), hits, chars);
      outcomes.push(outcome);
      if (VERBOSE)
        console.error(
          `${mode} ${q.id}: rank ${outcome.rank ?? "-"}, fact ${outcome.factInTop3 ? "yes" : "no"}; top: ${hits
            .slice(0, 3)
            .map((h) => String(h.url).replace(DOCS_URL, ""))
            .join(", ")}`,
        );
      // Why a fact was missed: the expected page's passage as returned (its source, section and start).
      const expected = hits.find((h) => h.url === publicUrlForBlobPath(DOCS_URL, q.page));
      if (VERBOSE && !outcome.factInTop3 && expected)
        console.error(
          `  fact ${JSON.stringify(q.fact)}; passage (${String(expected.source)}, #${String(expected.anchor)}): ${JSON.stringify(String(expected.snippet).slice(0, 400))}`,
        );
    }
    report[mode] = { figures: figures(outcomes, hitCounts), outcomes };
  }
  await client.close();

  if (JSON_OUT) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(
      `${questions.length} questions over ${files.filter((f) => f.name.endsWith(".html")).length} pages (${files.filter((f) => f.name.endsWith(".md")).length} Markdown twins), search_docs with default parameters`,
    );
    for (const mode of MODES) {
      const f = report[mode]!.figures;
      const byKind = (kind: Question["kind"]) => {
        const of = report[mode]!.outcomes.filter((o) => o.kind === kind);
        return `${of.filter((o) => o.rank !== null && o.rank <= 5).length}/${of.length}`;
      };
      console.log(
        `${mode.padEnd(8)}  success@1 ${f.successAt1}/${f.questions}  success@5 ${f.successAt5}/${f.questions} (identifier ${byKind("identifier")}, words ${byKind("words")})  MRR ${f.mrr.toFixed(3)}  fact in a top-3 hit's text ${f.factInTop3}/${f.questions}  answer tokens median ${f.tokensMedian}, max ${f.tokensMax}  hits with site chrome ${f.hitsWithChrome}/${f.hits}`,
      );
    }
    console.log("targets: success@5 ≥ 21/25 and fact ≥ 18/25 in each mode; a default answer ≤ 2,000 tokens");
  }
} finally {
  await services.stop();
}
