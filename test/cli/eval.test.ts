// docs-index eval against the stand-in (one per file; documents uploaded directly): figures per query and
// overall, the provenance of rule 6, --baseline catching a title-weight change, --markdown, and the errors.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";
import { ACCOUNT_ROOT, registerDatasourceAndIndexer, startHarness, type Harness } from "../support/ops-world.js";
import { execution } from "../support/execution.js";
import { AzureKeyCredential, SearchClient } from "@azure/search-documents";
import { newEtag } from "../../local/search-standin/state.js";
import { rootEraIndex } from "../../local/environment/root-era-definitions.js";

let h: Harness;
let dir: string;
let golden: string;
const DOCS = "https://docs.dev.example.com";
const page = (p: string, title: string, content: string, format = ".html") => {
  const [app, section] = p.split("/");
  return {
    id: base64Encode(`${ACCOUNT_ROOT}/${p}`),
    path: `${ACCOUNT_ROOT}/${p}`,
    title,
    content,
    app,
    repo: app,
    section,
    format,
  };
};
const GOLDEN = `queries:
  - id: refund-steps
    query: refund a payment
    mode: keyword
    app: payments
    relevant:
      - { url: "payments/guides/refunds.html", grade: 2 }
      - { url: "${DOCS}/payments/", grade: 1 }
  - id: sign-in
    query: sign in
    mode: semantic
    relevant:
      - { url: "identity/guides/sign-in.html", grade: 2 }
`;

beforeAll(async () => {
  h = await startHarness();
  registerDatasourceAndIndexer(h.standIn, [execution({ endTime: "2026-11-20T10:00:00.000Z" })]);
  await h.search.uploadDocuments([
    page("payments/guides/refunds.html", "Refund a payment", "Refund a settled charge in full or in part."),
    page("payments/guides/refunds.md", "", "title: Refund a payment. Refund refund refund a payment.", ".md"),
    page("payments/index.html", "Payments", "Accept payments, refund a payment, reconcile payouts."),
    page("payments/faq.html", "Payments FAQ", "How long does a refund take? A payment refund settles in days."),
    page("identity/guides/sign-in.html", "Sign users in", "Redirect users to sign in."),
    // A Markdown twin not reprocessed since `format` was added: null passes the transitional dedup filter.
    { ...page("identity/guides/sign-in.md", "", "Sign users in: redirect users to sign in."), format: null },
  ]);
  dir = mkdtempSync(path.join(tmpdir(), "golden-"));
  golden = path.join(dir, "golden.yml");
  writeFileSync(golden, GOLDEN);
});
afterAll(async () => h?.close());

/** The scoring profile's title weight, changed in place in the stand-in's stored definition. */
const setTitleWeight = (weight: number) => {
  const stored = h.standIn.state.indexes.get("docs-index")!;
  const profiles = stored.definition.scoringProfiles as { text: { weights: Record<string, number> } }[];
  profiles[0]!.text.weights.title = weight;
};

describe("docs-index eval", () => {
  let baseline: string;

  it("--json: ranked URLs and figures per query, means, and the provenance of rule 6", async () => {
    const run = await h.cli("--json", "eval", "--golden", golden);
    expect(run.code, run.stderr).toBe(0);
    const report = run.json();
    expect(report).toMatchObject({
      format_version: "1.0",
      index: { name: "docs-index", generation: "docs-index" },
      lastSuccessfulRun: "2026-11-20T10:00:00.000Z",
      golden: { sha256: createHash("sha256").update(GOLDEN).digest("hex"), queries: 2 },
      k: 5,
      gain: "exponential",
    });
    expect(report.index.etag).toMatch(/0x/);
    const refund = report.queries[0];
    // The Markdown twin is filtered out by the dedup filter; the answer comes first, the overview second.
    expect(refund.urls.slice(0, 2)).toEqual([`${DOCS}/payments/guides/refunds`, `${DOCS}/payments/`]);
    expect(refund.urls).not.toContain(`${DOCS}/payments/guides/refunds.md`);
    expect(refund).toMatchObject({ recall: 1, mrr: 1, ndcg10: 1, missing_answers: [] });
    expect(report.dedup_filter).toBe("format eq null or format eq '.html'");
    // The twin leaks (format null) and is named, though the graded figures hardly notice it.
    expect(report.queries[1]).toMatchObject({
      id: "sign-in",
      mode: "semantic",
      ndcg10: 1,
      duplicate_pages: [`${DOCS}/identity/guides/sign-in.md`],
    });
    expect(refund.duplicate_pages).toEqual([]);
    expect(report.overall).toEqual({ recall: 1, mrr: 1, ndcg10: 1 });
    baseline = path.join(dir, "baseline.json");
    writeFileSync(baseline, run.stdout);
  });

  it("an index built before description, app, section and format existed is evaluated on what it can answer", async () => {
    // As the live index before the deploy that adds the fields (the local tour's first deploy): a query naming the
    // missing fields would fail with "Could not find a property named 'description'" and skip the relevance check.
    const live = h.standIn.state.indexes.get("docs-index")!.definition;
    h.standIn.state.indexes.set("docs-index-old", {
      definition: rootEraIndex({ ...structuredClone(live), name: "docs-index-old" }),
      etag: newEtag(),
    });
    h.standIn.state.documents.set("docs-index-old", new Map());
    const old = new SearchClient(h.standIn.url, "docs-index-old", new AzureKeyCredential(h.standIn.apiKey), {
      allowInsecureConnection: true,
    });
    const docs = [
      page("payments/guides/refunds.html", "Refund a payment", "Refund a settled charge in full or in part."),
      page("payments/index.html", "Payments", "Accept payments, refund a payment, reconcile payouts."),
      page("identity/guides/sign-in.html", "Sign users in", "Redirect users to sign in."),
    ].map(({ id, path: p, title, content, repo }) => ({ id, path: p, title, content, repo }));
    await old.uploadDocuments(docs);
    const run = await h.cli("--json", "eval", "--golden", golden, "--index", "docs-index-old");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /docs-index-old has no field description, app, section, format, last_modified yet .*the eval selects only the fields it has/,
    );
    const refund = run.json().queries[0];
    expect(refund.urls.slice(0, 2)).toEqual([`${DOCS}/payments/guides/refunds`, `${DOCS}/payments/`]);
    expect(refund.notes).toContain(
      "selected only the fields the index has (not description, app, section, format, last_modified)",
    );
    expect(refund.notes).toContain(
      "left out format eq null or format eq '.html': the index has no field format, so it holds for every document",
    );
    expect(run.json().queries[1]).toMatchObject({ id: "sign-in", ndcg10: 1 });
  });

  it("--baseline: a title weight of 0.1 drops the answer below the overview: exit 1 naming the query", async () => {
    setTitleWeight(0.1);
    try {
      const run = await h.cli("--json", "eval", "--golden", golden, "--baseline", baseline);
      expect(run.code, run.stderr).toBe(1);
      const { comparison } = run.json();
      expect(comparison.worse.map((w: { id: string }) => w.id)).toEqual(["refund-steps"]);
      expect(comparison.regressions[0]).toMatch(/^mean nDCG@10 dropped by 0\.\d+ .*more than the tolerance of 0\.05$/);
      const markdown = await h.cli("eval", "--golden", golden, "--baseline", baseline, "--markdown");
      expect(markdown.code).toBe(1);
      expect(markdown.stdout).toContain("**Regression** against the baseline:");
      expect(markdown.stdout).toContain("| refund-steps | 1.000 → ");
    } finally {
      setTitleWeight(5);
    }
    const again = await h.cli("eval", "--golden", golden, "--baseline", baseline);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("verdict: no regression");
  });

  it("an invalid golden or baseline file is a configuration error (exit 2) naming the file and key", async () => {
    const bad = path.join(dir, "bad.yml");
    writeFileSync(bad, GOLDEN.replace("grade: 1", "grade: 5"));
    const run = await h.cli("eval", "--golden", bad);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("queries[0] (refund-steps).relevant[1].grade: expected 2 (the answer) or 1 (useful)");
    const notReport = path.join(dir, "not-a-report.json");
    writeFileSync(notReport, "{}");
    const base = await h.cli("eval", "--golden", golden, "--baseline", notReport);
    expect(base.code).toBe(2);
    expect(base.stderr).toContain("not-a-report.json: format_version:");
  });
});
