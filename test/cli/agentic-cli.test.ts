// docs-index retrieve, status and snapshot with agentic retrieval on, against the stand-in: behind an alias, the
// knowledge source on a generation. retrieve always sends the dedup filter as filterAddOn and prints public URLs
// with provenance; status exits 1 while the knowledge source names another generation than the alias's.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../src/config/repo-root.js";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";
import { DEDUP_FILTER_STRICT, DEDUP_FILTER_TRANSITIONAL } from "../../src/search/dedup/filter.js";
import { utilityPagesFilter } from "../../src/search/query/common/filters.js";
import { execution } from "../support/execution.js";
import { loadDefinition } from "../standin/fixtures.js";
import { FAST_SERVICE } from "../support/cli.js";
import { ACCOUNT_ROOT, registerDatasourceAndIndexer, startHarness, type Harness } from "../support/ops-world.js";

let h: Harness;
let env: NodeJS.ProcessEnv;
const cli = (...args: string[]) => runDocsIndex(args, env, { service: FAST_SERVICE });

async function put(url: string, body: unknown) {
  const res = await fetch(`${h.standIn.url}${url}?api-version=2026-04-01`, {
    method: "PUT",
    headers: { "api-key": h.standIn.apiKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

const source = (index: string) => ({
  name: "docs-knowledge-source",
  kind: "searchIndex",
  searchIndexParameters: {
    searchIndexName: index,
    semanticConfigurationName: "default",
    sourceDataFields: ["id", "title", "path", "app", "repo", "section", "last_modified"].map((name) => ({ name })),
    searchFields: [],
  },
});

const doc = (blob: string, title: string, format: string, section: string) => ({
  id: base64Encode(`${ACCOUNT_ROOT}/${blob}`),
  title,
  content: `${title} text`,
  path: `${ACCOUNT_ROOT}/${blob}`,
  app: "billing",
  repo: "billing",
  section,
  format,
  last_modified: "2026-03-04T05:06:07Z",
});

beforeAll(async () => {
  h = await startHarness();
  // Behind an alias: docs-index → docs-index-2; docs-index-1 is the previous generation.
  h.standIn.state.indexes.delete("docs-index");
  h.standIn.state.documents.delete("docs-index");
  for (const g of ["docs-index-1", "docs-index-2"])
    await put(`/indexes('${g}')`, { ...loadDefinition("docs-index.json"), name: g });
  await put("/aliases('docs-index')", { name: "docs-index", indexes: ["docs-index-2"] });
  registerDatasourceAndIndexer(h.standIn, [execution()]);
  // The indexer writes into the serving generation (an alias cannot be an indexer's target).
  h.standIn.state.indexers.get("docs-indexer")!.definition.targetIndexName = "docs-index-2";
  await h.search.uploadDocuments([
    doc("billing/guides/invoices.html", "Invoices", ".html", "guides"),
    doc("billing/guides/invoices.md", "Invoices", ".md", "guides"),
    doc("billing/api/invoices.html", "Invoices API", ".html", "api"),
  ]);
  await put("/knowledgesources('docs-knowledge-source')", source("docs-index-1"));
  await put("/knowledgebases('docs-knowledge-base')", {
    name: "docs-knowledge-base",
    knowledgeSources: [{ name: "docs-knowledge-source" }],
  });
  const vars = path.join(mkdtempSync(path.join(tmpdir(), "agentic-vars-")), "vars.yml");
  const dev = readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8");
  writeFileSync(vars, dev.replace("agentic_retrieval: false", "agentic_retrieval: true"));
  env = { ...h.env, VARS_FILE: vars };
});
afterAll(async () => h?.close());

describe("status and snapshot with agentic retrieval on", () => {
  it("status exits 1 while the knowledge source names a generation the alias no longer serves", async () => {
    const run = await cli("status");
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/knowledge source docs-knowledge-source → docs-index-1 \(active\)/);
    expect(run.stdout).toMatch(/names docs-index-1, but docs-index → docs-index-2 \(alias\).*docs-index deploy/);
    const snapshot = JSON.parse((await cli("snapshot", "--json")).stdout);
    expect(snapshot.knowledgeSource).toEqual({
      name: "docs-knowledge-source",
      index: "docs-index-1",
      synchronizationStatus: "active",
      current: false,
    });
  });

  it("status exits 0 once it names the serving generation, and reports it", async () => {
    await put("/knowledgesources('docs-knowledge-source')", source("docs-index-2"));
    const run = await cli("status", "--json");
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).knowledgeSource).toMatchObject({
      index: "docs-index-2",
      servingIndex: "docs-index-2",
      current: true,
      problem: null,
    });
  });
});

describe("retrieve", () => {
  it("sends the dedup filter as filterAddOn and prints references with public URLs and provenance", async () => {
    const run = await cli("retrieve", "invoices");
    expect(run.code, run.stderr).toBe(0);
    // As retrieve_docs decides it: every document has a format, so the strict filter.
    expect(run.stderr).toContain(`filterAddOn: (${utilityPagesFilter()}) and (${DEDUP_FILTER_STRICT})`);
    expect(run.stdout).toMatch(/dedup format eq '\.html' \(verified at .*: none of 3 documents has a null format\)/);
    // One reference per page: the Markdown twin is filtered out by the service, not after the fact.
    expect(run.stdout.match(/https:\/\/docs\.dev\.example\.com\/billing\/guides\/invoices(?!\.md)\b/g)).toHaveLength(1);
    expect(run.stdout).toContain("https://docs.dev.example.com/billing/api/invoices");
    expect(run.stdout).not.toMatch(/invoices\.md/);
    expect(run.stdout).toMatch(
      /knowledge base docs-knowledge-base → knowledge source docs-knowledge-source → docs-index-2/,
    );
  });

  it("adds --app and --exclude-section clauses to the filterAddOn, and --json carries it all", async () => {
    const run = await cli(
      "retrieve",
      "invoices",
      "--app",
      "billing",
      "--exclude-section",
      "api",
      "--dedup",
      "transitional",
      "--json",
    );
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.filterAddOn).toBe(
      `(repo eq 'billing') and (section ne 'api') and ` +
        `(not search.in(section, '404.html,genindex.html,py-modindex.html,search.html')) and (${DEDUP_FILTER_TRANSITIONAL})`,
    );
    // The retrieve_docs answer: search_docs-shaped hits with the passage the knowledge base extracted.
    expect(doc.results).toEqual([
      expect.objectContaining({
        url: "https://docs.dev.example.com/billing/guides/invoices",
        key: base64Encode(`${ACCOUNT_ROOT}/billing/guides/invoices.html`),
        snippet: expect.stringContaining("Invoices"),
      }),
    ]);
    expect(doc.provenance).toMatchObject({
      knowledge_source_index: "docs-index-2",
      serving_index: "docs-index-2",
      dedup_filter: DEDUP_FILTER_TRANSITIONAL,
      filter: doc.filterAddOn,
    });
  });

  it("is refused with exit 2 where the environment has agentic retrieval off, and offers no way to drop dedup", async () => {
    const off = await runDocsIndex(["retrieve", "invoices"], h.env, { service: FAST_SERVICE });
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/agentic retrieval is off for environment dev \(search\.agentic_retrieval: false/);
    expect((await cli("retrieve", "invoices", "--dedup", "off")).code).toBe(2);
  });

  it("a knowledge base that does not exist: exit 3, naming it and saying to deploy", async () => {
    const vars = path.join(mkdtempSync(path.join(tmpdir(), "agentic-vars-")), "vars.yml");
    writeFileSync(vars, readFileSync(env.VARS_FILE!, "utf8").replace("docs-knowledge-base", "no-such-base"));
    const missing = await runDocsIndex(
      ["retrieve", "invoices"],
      { ...env, VARS_FILE: vars },
      { service: FAST_SERVICE },
    );
    expect(missing.code, missing.stderr).toBe(3);
    expect(missing.stderr).toContain("knowledge base no-such-base does not exist on");
    expect(missing.stderr).toContain("Run `docs-index deploy` to create it");
  });

  it("an empty text (and no other intent) is a usage error, exit 2, not an internal error", async () => {
    const empty = await cli("retrieve", " ", "--intent", "");
    expect(empty.code, empty.stderr).toBe(2);
    expect(empty.stderr).toMatch(/retrieve: query refused: " " has no words to search for/);
    const wildcard = await cli("retrieve", "*");
    expect(wildcard.code).toBe(2);
  });
});
