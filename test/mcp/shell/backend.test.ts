// The MCP backend's dedup decision over time: transitional while a document holds a null format, tightened to
// format eq '.html' once a re-check (after the time to live) finds none; never before the re-check.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import { testBackend } from "../../support/mcp-backend.js";
import { ACCOUNT_ROOT, startHarness, type Harness } from "../../support/ops-world.js";

let h: Harness;
const old = { id: base64Encode(`${ACCOUNT_ROOT}/guides/setup.html`), path: `${ACCOUNT_ROOT}/guides/setup.html` };
beforeAll(async () => {
  h = await startHarness();
  await h.search.uploadDocuments([
    { ...old, title: "Old", content: "setup", repo: "guides", format: null },
    {
      id: base64Encode(`${ACCOUNT_ROOT}/payments/guides/setup.html`),
      path: `${ACCOUNT_ROOT}/payments/guides/setup.html`,
      title: "Setup",
      content: "setup",
      repo: "payments",
      app: "payments",
      section: "guides",
      format: ".html",
    },
  ]);
});
afterAll(async () => h?.close());

describe("DocsIndexBackend", () => {
  it("tightens the dedup filter only after a re-check finds no null format", async () => {
    let now = Date.parse("2026-11-25T10:00:00Z");
    const backend = testBackend(h.standIn.url, h.standIn.apiKey, { recheckMs: 60_000, now: () => now });
    const first = await backend.searchDocs({ query: "setup", provenance: "full" });
    expect(first.provenance.dedup_filter).toBe("format eq null or format eq '.html'");
    expect(first.results).toHaveLength(2);
    expect(first.provenance.freshness_unknown_reason).toMatch(/indexer status failed \(404\)/);

    await h.search.mergeDocuments([{ id: old.id, format: ".html" }]);
    now += 59_000;
    expect((await backend.searchDocs({ query: "setup", provenance: "full" })).provenance.dedup_filter).toBe(
      "format eq null or format eq '.html'",
    );
    now += 1_000;
    const after = await backend.searchDocs({ query: "setup", provenance: "full" });
    expect(after.provenance.dedup_filter).toBe("format eq '.html'");
    expect(after.provenance.dedup_basis).toMatch(/none of 2 documents has a null format/);
    // list_apps answers from the same read: same decision, same provenance facts.
    const apps = await backend.listApps();
    expect(apps.provenance.dedup_filter).toBe("format eq '.html'");
    expect(apps.provenance.freshness_unknown_reason).toBe(after.provenance.freshness_unknown_reason);
  });
});
