// query, url and preview through runCli (query against the stand-in's documents API).
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";
import { ACCOUNT_ROOT, startHarness, type Harness } from "../support/ops-world.js";

let h: Harness;
const doc = (p: string, over: Record<string, unknown>) => ({
  id: base64Encode(`${ACCOUNT_ROOT}/${p}`),
  path: `${ACCOUNT_ROOT}/${p}`,
  content: "widget setup guide",
  ...over,
});

beforeAll(async () => {
  h = await startHarness();
  const r = await h.search.uploadDocuments([
    doc("billing/guides/setup.html", {
      title: "Setup",
      app: "billing",
      repo: "billing",
      section: "guides",
      format: ".html",
    }),
    doc("billing/guides/setup.md", {
      title: "Setup (md)",
      app: "billing",
      repo: "billing",
      section: "guides",
      format: ".md",
    }),
    doc("billing/changelog/index.html", {
      title: "Changelog",
      app: "billing",
      repo: "billing",
      section: "changelog",
      format: ".html",
    }),
    doc("o'neil/guides/index.html", {
      title: "O'Neil",
      app: "o'neil",
      repo: "o'neil",
      section: "guides",
      format: ".html",
    }),
    doc("old/page.html", { title: "Old", app: null, repo: null, section: null, format: null }),
  ]);
  expect(r.results.every((x) => x.succeeded)).toBe(true);
});
afterAll(async () => h?.close());

describe("query", () => {
  it("prints what search_docs answers: app, excluded sections and the dedup filter on the request, public URLs, text", async () => {
    const res = await h.cli("--json", "query", "widget", "--app", "billing", "--exclude-section", "changelog");
    expect(res.code).toBe(0);
    const body = res.json();
    expect(body.filter).toBe(
      "(repo eq 'billing') and (section ne 'changelog') and " +
        "(not search.in(section, '404.html,genindex.html,py-modindex.html,search.html')) and (format eq null or format eq '.html')",
    );
    expect(body.results).toEqual([
      expect.objectContaining({
        title: "Setup",
        url: "https://docs.dev.example.com/billing/guides/setup",
        app: "billing",
        section: "guides",
        key: base64Encode(`${ACCOUNT_ROOT}/billing/guides/setup.html`),
        snippet: expect.stringContaining("widget"),
        score: expect.any(Number),
        reranker_score: null,
      }),
    ]);
    expect(body).toMatchObject({ mode: "keyword", semantic: false, provenance: { filter: body.filter } });
    const human = await h.cli("query", "widget", "--app", "billing", "--exclude-section", "changelog");
    expect(human.stdout).toMatch(/^1\. Setup\n {3}https:\/\/docs\.dev\.example\.com\/billing\/guides\/setup\n/);
    expect(human.stdout).toMatch(/widget setup guide/);
    expect(human.stdout).toMatch(
      /dedup format eq null or format eq '\.html' \(1 of 5 documents still hold a null format/,
    );
  });
  it("escapes quotes in the app name", async () => {
    const body = (await h.cli("--json", "query", "widget", "--app", "o'neil")).json();
    expect(body.results.map((r: any) => r.url)).toEqual(["https://docs.dev.example.com/o%27neil/guides/"]);
  });
  it("decides the dedup filter as search_docs does (auto); --dedup strict drops unprocessed documents", async () => {
    const auto = (await h.cli("--json", "query", "widget")).json();
    const strict = (await h.cli("--json", "query", "widget", "--dedup", "strict")).json();
    expect(auto.provenance.dedup_filter).toBe("format eq null or format eq '.html'"); // one document has no format
    expect(auto.results.map((r: any) => r.title)).toContain("Old");
    expect(strict.results.map((r: any) => r.title)).not.toContain("Old");
    expect(auto.results.map((r: any) => r.title)).not.toContain("Setup (md)");
    expect((await h.cli("query", "widget", "--dedup", "off")).code).toBe(2);
  });
  it("--semantic sends a semantic query; a configuration the service does not know falls back to keyword, as search_docs does", async () => {
    const unknown = await h.cli("--json", "query", "widget", "--semantic-config", "no-such-config");
    expect(unknown.code).toBe(0);
    expect(unknown.json().semantic).toBe(false);
    expect(unknown.stderr).toMatch(/semantic ranking is not available .*answered as a keyword query/);
    const named = await h.cli("--json", "query", "widget", "--semantic-config", "default", "--top", "2");
    expect(named.code).toBe(0);
    expect(named.json().semantic).toBe(true);
    expect(named.json().results.length).toBeGreaterThan(0);
    const plain = await h.cli("--json", "query", "widget", "--top", "2");
    expect(plain.json().semantic).toBe(false);
  });
  it("refuses what search_docs refuses, with exit 2 and what to do instead", async () => {
    const section = await h.cli("query", "widget", "--section", "guides");
    expect(section.code).toBe(2);
    expect(section.stderr).toMatch(/section refused: .*Instead: leave out the sections you do not want/);
    const prefix = await h.cli("query", "widget", "--path-prefix", "billing/");
    expect(prefix.code).toBe(2);
    expect(prefix.stderr).toMatch(/no string functions/);
    const wildcard = await h.cli("query", "*");
    expect(wildcard.code).toBe(2);
    expect(wildcard.stderr).toMatch(/query refused: "\*" has no words to search for/);
    const wrongCase = await h.cli("--json", "query", "widget", "--app", "Billing");
    expect(wrongCase.code).toBe(2);
    expect(JSON.parse(wrongCase.stdout).error.message).toMatch(
      /no app named "Billing".*did you mean "billing"\?.*list_apps/,
    );
  });
});

describe("url", () => {
  it("decodes a document id and prints the public URL", async () => {
    const res = await h.cli("url", base64Encode(`${ACCOUNT_ROOT}/billing/guides/index.html`));
    expect(res.stdout.trim()).toBe("https://docs.dev.example.com/billing/guides/");
  });
  it("exits 2 on input that is neither", async () => {
    expect((await h.cli("url", "???")).code).toBe(2);
  });
});

describe("preview", () => {
  it("emulates the indexer over a local folder", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "preview-"));
    for (const p of [
      "index.html",
      "404.html",
      "sitemap.xml",
      "billing/index.html",
      "billing/guides/setup.md",
      "billing/css/site.css",
    ]) {
      mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
      writeFileSync(path.join(root, p), "<html><title>x</title></html>");
    }
    const res = await h.cli(
      "--json",
      "preview",
      root,
      "--account-url",
      "https://devstoreaccount1.blob.core.windows.net",
    );
    expect(res.code).toBe(0);
    const { blobs, summary } = res.json();
    const by = (p: string) => blobs.find((b: any) => b.path === p);
    expect(by("sitemap.xml")).toEqual({
      path: "sitemap.xml",
      excluded: true,
      id: null,
      app: null,
      repo: null,
      section: null,
      format: null,
      contentType: null,
      url: null,
      error: null,
      expectedFailure: false,
    });
    expect(by("index.html")).toMatchObject({
      excluded: false,
      id: null,
      app: null,
      error: expect.stringMatching(/extractTokenAtPosition/),
      expectedFailure: true,
    });
    expect(by("billing/guides/setup.md")).toEqual({
      path: "billing/guides/setup.md",
      excluded: false,
      id: base64Encode(`${ACCOUNT_ROOT}/billing/guides/setup.md`),
      app: "billing",
      repo: "billing",
      section: "guides",
      format: ".md",
      contentType: "text/markdown",
      url: "https://docs.dev.example.com/billing/guides/setup.md",
      error: null,
      expectedFailure: false,
    });
    expect(by("billing/index.html")).toMatchObject({
      section: "index.html",
      url: "https://docs.dev.example.com/billing/",
    });
    expect(summary).toEqual({
      blobs: 6,
      excluded: 2,
      indexed: 2,
      failed: 2,
      apps: { billing: 2 },
      expectedFailures: 2,
      unexpectedFailures: 0,
    });
  });
  it("exits 1 when a blob below the root fails, 2 on a bad folder", async () => {
    expect(
      (await h.cli("preview", "/nonexistent-folder", "--account-url", "https://a.blob.core.windows.net")).code,
    ).toBe(2);
  });
});
