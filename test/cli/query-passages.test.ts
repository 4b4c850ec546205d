// docs-index query prints the passages search_docs answers with: read from the published page in the docs
// container (Azurite), its main content as Markdown, the best-matching section with its anchor, within the budget.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";
import { ACCOUNT_ROOT, startHarness, type Harness } from "../support/ops-world.js";

let h: Harness;

const PAGE = `<!doctype html><html><head><title>Client options</title></head><body>
<nav><a href="/">Home</a> <a href="/sdk">SDK</a> Sign in</nav>
<main>
<h1 id="client-options">Client options</h1>
<p>Options the client takes when it is created.</p>
<h2 id="retry-policy">Retry policy</h2>
<p>Failed requests are retried three times with exponential backoff.</p>
<pre><code class="language-js">new Client({
  maxRetries: 5,
});</code></pre>
<h2 id="logging">Logging</h2>
<p>${"Log lines go to stderr at the level you choose. ".repeat(40)}</p>
</main>
<footer>Was this page helpful? Cookie settings</footer>
</body></html>`;

beforeAll(async () => {
  h = await startHarness({ azurite: true });
  const container = h.container();
  await container.createIfNotExists();
  await container.getBlockBlobClient("sdk/guides/options.html").upload(PAGE, Buffer.byteLength(PAGE), {
    blobHTTPHeaders: { blobContentType: "text/html" },
  });
  const r = await h.search.uploadDocuments([
    {
      id: base64Encode(`${ACCOUNT_ROOT}/sdk/guides/options.html`),
      path: `${ACCOUNT_ROOT}/sdk/guides/options.html`,
      title: "Client options",
      content:
        "Home SDK Sign in Client options Options the client takes. Retry policy Failed requests are retried. Logging Log lines go to stderr.",
      app: "sdk",
      repo: "sdk",
      section: "guides",
      format: ".html",
    },
  ]);
  expect(r.results.every((x) => x.succeeded)).toBe(true);
});
afterAll(async () => h?.close());

describe("query prints the tools' passages", () => {
  it("the best-matching section of the published page, as Markdown, with its anchor and source; no chrome", async () => {
    const res = await h.cli("--json", "query", "how often are failed requests retried");
    expect(res.code, res.stderr).toBe(0);
    const [hit] = res.json().results;
    expect(hit).toMatchObject({ source: "page", anchor: "retry-policy" });
    expect(hit.snippet).toMatch(/^## Retry policy\n\nFailed requests are retried three times/);
    expect(hit.snippet).toContain("```js\nnew Client({\n  maxRetries: 5,\n});\n```");
    expect(hit.snippet).not.toMatch(/Sign in|Cookie settings|Was this page helpful/);
    const human = await h.cli("query", "how often are failed requests retried");
    expect(human.stdout).toContain("Failed requests are retried three times");
  });

  it("--max-tokens bounds the answer as max_tokens does; values outside the budget range are usage errors", async () => {
    const passages = (r: { json(): { results: { snippet: string }[] } }) =>
      r.json().results.reduce((n, x) => n + x.snippet.length, 0);
    const small = await h.cli("--json", "query", "logging level stderr", "--max-tokens", "500");
    expect(small.code, small.stderr).toBe(0);
    const [hit] = small.json().results;
    expect(hit.snippet).not.toBe("");
    const big = await h.cli("--json", "query", "logging level stderr");
    expect(passages(big)).toBeGreaterThan(passages(small));
    expect((await h.cli("query", "logging", "--max-tokens", "10")).code).toBe(2);
  });
});
