// Benchmark: what an agent reads, on real documentation. Each set (bench/answers/sets.ts: the four real sets in
// bench/corpora/, built by Sphinx and Docusaurus, with questions written from the pages before any query; or the
// generated `nimbus` fixture) is published to Azurite beside the local sample site, indexed by the stand-in's
// indexer with this repository's definitions, and each question is asked through the MCP server's search_docs (in
// process, the real server and backend, no `app` filter) in keyword and semantic mode, with the default budget
// and with `max_tokens: 400`. Prints per set and mode: success@1/@5, MRR, the fact in a top-3 hit's text, the
// answer's tokens (characters / 4, median and max, of its larger form: text blocks or structuredContent, what
// max_tokens bounds; and the largest of both forms together), hits with site chrome; for the 400-token
// budget: answers with a hit, hits returned, the fact in a returned hit's text, the largest answer.
// Usage: npm run bench:answers [-- --set <name>] [-- --json] [-- --verbose] [-- --show <question id>]
//   [-- --max-tokens <n>]
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { mcpConfigSchema } from "../src/config/mcp.js";
import { toolLimits } from "../src/mcp/core/limits.js";
import { DocsIndexBackend } from "../src/mcp/shell/backend.js";
import { createDocsMcpServer } from "../src/mcp/shell/server.js";
import { docsIndex } from "../local/environment/docs-index.js";
import { waitForIndexer } from "../local/environment/indexer-wait.js";
import { INDEXER_NAME, servicesOf, startAzuriteForLocal, startStandInForLocal } from "../local/environment/services.js";
import { appEraSite, publishSite, readSampleSite } from "../local/environment/site.js";
import { continuationOf, type Continuation, type PageView } from "./answers/continuation.js";
import { figures, scoreAnswer, type Figures, type Outcome } from "./answers/score.js";
import { pageBlobCandidates, pageFromBlob } from "../src/search/query/page/page-source.js";
import { TOKEN_BUDGETS } from "../src/search/query/page/answer-fit.js";
import { publicUrlForBlobPath } from "../src/search/public-url.js";
import { FIXTURE_SET, nimbusSet, REAL_SETS, realSet, type BenchSet } from "./answers/sets.js";

const JSON_OUT = process.argv.includes("--json");
const VERBOSE = process.argv.includes("--verbose");
/**
 * `--max-tokens <n>`: the budget of the main pass (default: the tool's default). A larger one shows how much of the
 * fact figure the budget costs (ranking and passage choice alone).
 */
const MAX_TOKENS = ((i) => (i < 0 ? undefined : Number(process.argv[i + 1])))(process.argv.indexOf("--max-tokens"));
if (
  MAX_TOKENS !== undefined &&
  !(Number.isInteger(MAX_TOKENS) && MAX_TOKENS >= TOKEN_BUDGETS.min && MAX_TOKENS <= TOKEN_BUDGETS.max)
)
  throw new Error(`--max-tokens takes a whole number from ${TOKEN_BUDGETS.min} to ${TOKEN_BUDGETS.max}`);
/** `--show <id>`: print the whole answer an agent read for that question (default budget, each mode). */
const SHOW = process.argv.flatMap((arg, i) => (arg === "--show" ? [process.argv[i + 1] ?? ""] : []));
const DOCS_URL = "https://docs.dev.example.com";
const MODES = ["keyword", "semantic"] as const;
const SMALL_BUDGET = 400;
/** Continuation: the longest pages of a set, read with get_doc from the start by next_offset at its default budget. */
const LONGEST_PAGES = 10;
const PAGE_BUDGET = TOKEN_BUDGETS.pageDefault;
const KNOWN_SETS: readonly string[] = [...REAL_SETS, FIXTURE_SET];

function setNames(): string[] {
  const names: string[] = [];
  process.argv.forEach((arg, i) => {
    if (arg === "--set") {
      const name = process.argv[i + 1];
      if (name === undefined || !KNOWN_SETS.includes(name))
        throw new Error(`--set takes one of ${KNOWN_SETS.join(", ")}; got ${name ?? "nothing"}`);
      names.push(name);
    }
  });
  return names.length > 0 ? names : [...REAL_SETS];
}

type Mode = (typeof MODES)[number];
interface ModeReport {
  figures: Figures;
  budget: Figures;
  outcomes: Outcome[];
  budgetOutcomes: Outcome[];
}
interface SetReport {
  set: string;
  pages: number;
  questions: number;
  modes: Record<Mode, ModeReport>;
  /** The longest pages read on by next_offset, each page's figures. */
  continuation: (Continuation & { url: string })[];
}

/** The whole text get_doc reads a page from (its main content, or its Markdown twin's), to check the views by. */
function wholePageText(set: BenchSet, blobName: string, url: string, source: string): string | null {
  const [page, twin] = pageBlobCandidates(blobName);
  const blob = source === "markdown twin" ? twin : page;
  const file = blob && set.files.find((f) => f.name === blob.path);
  if (!blob || !file) return null;
  return pageFromBlob(blob.kind, file.body.toString("utf8"), false, url)?.text ?? null;
}

/** The set's longest pages (by their main content), each read with get_doc from the start by next_offset. */
async function continuationOfSet(set: BenchSet, client: Client): Promise<(Continuation & { url: string })[]> {
  const pages = set.files
    .filter((f) => f.name.endsWith(".html"))
    .map((f) => ({ name: f.name, url: publicUrlForBlobPath(DOCS_URL, f.name) }))
    .map((p) => ({ ...p, chars: wholePageText(set, p.name, p.url, "page")?.length ?? 0 }))
    .sort((a, b) => b.chars - a.chars)
    .slice(0, LONGEST_PAGES);
  const out: (Continuation & { url: string })[] = [];
  for (const page of pages) {
    const views: PageView[] = [];
    let source = "page";
    for (let offset: number | null = 0; offset !== null && views.length < 500;) {
      const result = await client.callTool({
        name: "get_doc",
        arguments: { url: page.url, offset, max_tokens: PAGE_BUDGET },
      });
      if (result.isError) throw new Error(`get_doc ${page.url} at ${offset}: ${JSON.stringify(result.content)}`);
      const view = result.structuredContent as unknown as PageView & { source: string };
      source = view.source;
      views.push(view);
      offset = view.next_offset;
    }
    const whole = wholePageText(set, page.name, page.url, source) ?? "";
    out.push({ url: page.url, ...continuationOf(whole, views) });
  }
  return out;
}

async function measure(set: BenchSet): Promise<SetReport> {
  const azurite = await startAzuriteForLocal();
  const services = servicesOf(azurite, await startStandInForLocal(azurite));
  try {
    await publishSite(services.container, [...appEraSite(readSampleSite()), ...set.files]);
    const deploy = await docsIndex({ ...process.env, ...services.env }, "deploy");
    if (deploy.code !== 0) throw new Error(`docs-index deploy exited ${deploy.code}: ${deploy.stderr.trim()}`);
    await waitForIndexer(services.indexerClient, INDEXER_NAME, { timeoutMs: 600_000, progress: () => {} });

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

    const ask = async (query: string, mode: Mode, maxTokens?: number) => {
      const args = maxTokens === undefined ? { query, mode } : { query, mode, max_tokens: maxTokens };
      const result = await client.callTool({ name: "search_docs", arguments: args });
      if (result.isError) throw new Error(`${set.name} "${query}": ${JSON.stringify(result.content)}`);
      const hits = (result.structuredContent as { results?: Record<string, unknown>[] } | undefined)?.results ?? [];
      // The tool's documented estimate (docs/mcp.md, what max_tokens bounds), characters / 4, of each form: the
      // text of every content block, the structuredContent JSON.
      const texts = (result.content as { text?: string }[]).map((b) => b.text ?? "").join("");
      return {
        hits,
        texts,
        chars: { text: texts.length, json: JSON.stringify(result.structuredContent ?? {}).length },
      };
    };

    const modes = {} as Record<Mode, ModeReport>;
    for (const mode of MODES) {
      const outcomes: Outcome[] = [];
      const budgetOutcomes: Outcome[] = [];
      for (const q of set.questions) {
        const full = await ask(q.question, mode, MAX_TOKENS);
        const outcome = scoreAnswer(q, full.hits, full.chars);
        outcomes.push(outcome);
        const small = await ask(q.question, mode, SMALL_BUDGET);
        budgetOutcomes.push(scoreAnswer(q, small.hits, small.chars));
        if (SHOW.includes(q.id)) console.error(`--- ${set.name} ${mode} #${q.id}: ${q.question}\n${full.texts}\n---`);
        if (VERBOSE) {
          const top = full.hits.slice(0, 5).map((h) => String(h.url).replace(DOCS_URL, ""));
          console.error(
            `${set.name} ${mode} #${q.id}: rank ${outcome.rank ?? "-"}, fact ${outcome.factInTop3 ? "yes" : "no"}; top: ${top.join(", ")}`,
          );
        }
      }
      modes[mode] = { figures: figures(outcomes), budget: figures(budgetOutcomes), outcomes, budgetOutcomes };
    }
    const continuation = await continuationOfSet(set, client);
    await client.close();
    const pages = set.files.filter((f) => f.name.endsWith(".html")).length;
    return { set: set.name, pages, questions: set.questions.length, modes, continuation };
  } finally {
    await services.stop();
  }
}

const reports: SetReport[] = [];
for (const name of setNames()) {
  const set = name === FIXTURE_SET ? nimbusSet(DOCS_URL) : realSet(name, DOCS_URL);
  const report = await measure(set);
  reports.push(report);
  if (!JSON_OUT) {
    console.log(`${report.set}: ${report.questions} questions over ${report.pages} pages (beside the sample site)`);
    for (const mode of MODES) {
      const { figures: f, budget: b } = report.modes[mode];
      console.log(
        `  ${mode.padEnd(8)}  success@1 ${f.successAt1}/${f.questions}  success@5 ${f.successAt5}/${f.questions}  MRR ${f.mrr.toFixed(3)}  fact in a top-3 hit ${f.factInTop3}/${f.questions}  tokens median ${f.tokensMedian}, max ${f.tokensMax} (both forms: max ${f.wireTokensMax})  hits with chrome ${f.hitsWithChrome}/${f.hits}`,
      );
      console.log(
        `  ${"".padEnd(8)}  max_tokens ${SMALL_BUDGET}: answers with a hit ${b.answersWithHits}/${b.questions} (its URL and passage: ${b.answersWithPassage})  hits ${b.hits}  fact in a hit ${b.factInTop3}/${b.questions}  tokens max ${b.tokensMax} (both forms: ${b.wireTokensMax})`,
      );
    }
    const c = report.continuation;
    const worst = Math.max(0, ...c.map((p) => p.repeated / Math.max(1, p.chars)));
    const sum = (key: "calls" | "skipped" | "cutsInsideLine" | "mismatched") => c.reduce((n, p) => n + p[key], 0);
    console.log(
      `  continuation: the ${c.length} longest pages (${c.at(-1)?.chars ?? 0}-${c[0]?.chars ?? 0} characters) read with get_doc max_tokens ${PAGE_BUDGET} by next_offset: ${sum("calls")} calls, repeated at most ${(100 * worst).toFixed(1)} %, skipped ${sum("skipped")} characters, cuts inside a line ${sum("cutsInsideLine")}, views not the page's text ${sum("mismatched")}`,
    );
  }
}
if (JSON_OUT) console.log(JSON.stringify(reports, null, 2));
else
  console.log(
    "targets (plain BM25 baseline, top-5 / fact): sphinx-click 24 / 19, sphinx-sphinx 17 / 9, docusaurus-prettier 22 / 15, docusaurus-babel 22 / 15, in each mode; with max_tokens 400 every answer has a hit with its URL and passage and stays ≤ 440 tokens; following next_offset over the 10 longest pages repeats ≤ 10 % and never cuts inside a line",
  );
