// docs-index mcp recovers fast: when the service failed at start (the coverage count and the provenance reads
// answered 503), the next answer after the first retry delay (2 s on the injected clock, not the 300 s recheck)
// carries the verified dedup filter and known provenance again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import { testBackend } from "../../support/mcp-backend.js";
import { ACCOUNT_ROOT, startHarness, type Harness } from "../../support/ops-world.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.search.uploadDocuments([
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

describe("after the service failed at start", () => {
  it("answers with the verified dedup filter seconds later, not at the next recheck", async () => {
    let now = Date.parse("2026-11-27T10:00:00Z");
    const backend = testBackend(h.standIn.url, h.standIn.apiKey, {
      recheckMs: 300_000,
      now: () => now,
      retries: false,
    });
    // The two coverage counts fail, as at a start while the service is not answering yet.
    h.standIn.injectFault({ pathIncludes: "/docs/search", status: 503, times: 2 });
    await backend.warmUp();
    const first = await backend.searchDocs({ query: "setup", provenance: "full" });
    expect(first.provenance.dedup_filter).toBe("format eq null or format eq '.html'");
    expect(first.provenance.dedup_basis).toMatch(
      /format coverage could not be checked \(the count query failed \(503\)/,
    );

    now += 1_999;
    expect((await backend.searchDocs({ query: "setup", provenance: "full" })).provenance.dedup_filter).toBe(
      "format eq null or format eq '.html'",
    );
    now += 1;
    const recovered = await backend.searchDocs({ query: "setup", provenance: "full" });
    expect(recovered.provenance.dedup_filter).toBe("format eq '.html'");
    expect(recovered.provenance.dedup_basis).toMatch(/none of 1 documents has a null format/);
  });
});
