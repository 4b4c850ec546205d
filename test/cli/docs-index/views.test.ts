// The commands' views (src/cli/docs-index/views/): from a use case's outcome, the `--json` document (its keys in
// the order pipelines read them, a key left out where the outcome has nothing) and the text, with the stderr lines
// that go with it; which failures print a result of their own. The documents' shapes are also validated against
// schemas/docs-index/ end to end (test/cli/json-schemas.test.ts).
import { describe, expect, it } from "vitest";
import type { KnowledgeSourceReport } from "../../../src/search/agentic/knowledge-source-report.js";
import { VerificationFailedError } from "../../../src/search/bluegreen/build.js";
import { kindsIn, type Definitions } from "../../../src/search/definitions/definitions.js";
import { deploy } from "../../../src/search/deploy/pipeline.js";
import type { CoverageReport } from "../../../src/search/ops/coverage.js";
import type { StatusReport } from "../../../src/search/ops/status-report.js";
import type { OrphanCleanup } from "../../../src/search/ops/orphan-cleanup.js";
import type { Colors } from "../../../src/search/views/plan-text.js";
import { coverageResult } from "../../../src/cli/docs-index/views/coverage.js";
import { deployFailureView, deployResult } from "../../../src/cli/docs-index/views/deploy.js";
import { orphansResult } from "../../../src/cli/docs-index/views/orphans.js";
import { statusResult } from "../../../src/cli/docs-index/views/status.js";
import { queryResult } from "../../../src/cli/docs-index/views/query.js";
import { retrieveResult } from "../../../src/cli/docs-index/views/retrieve.js";
import type { SearchDocsAnswer } from "../../../src/search/query/search-docs/answer.js";
import type { RetrieveDocsAnswer } from "../../../src/search/query/retrieve-docs/answer.js";
import { memoryService } from "../../support/memory-service.js";
import { devDefinitions, withLanguageField, withSearchableSection } from "../../support/plan-fixtures.js";

/** A service holding `files` as deployed. */
function deployed(files: Definitions) {
  const service = memoryService();
  for (const kind of kindsIn(files)) service.set(kind, String(files[kind]!.name), files[kind]!);
  return service;
}

const colors: Colors = { red: (s) => s, green: (s) => s, yellow: (s) => s, dim: (s) => s, bold: (s) => s };
const plain = { environment: "dev", colors };

describe("deploy", () => {
  it("a write in place: the plan, what was written and the run, in that order; no next step", async () => {
    const outcome = await deploy(
      { service: deployed(devDefinitions()).port },
      { kind: "fresh", files: withLanguageField() },
    );
    const view = deployResult(outcome, plain);
    expect(Object.keys(view.document)).toEqual([
      "plan",
      "dryRun",
      "steps",
      "run",
      "notices",
      "blueGreen",
      "pruned",
      "status",
      "next",
    ]);
    expect(view.document).toMatchObject({ dryRun: false, run: "started", status: null, next: null });
    expect(view.text()).toMatch(/^index docs-index: update/m);
    expect(view.text()).toMatch(/^run: started$/m);
    expect(view.notes).toEqual([]);
  });

  it("an index recreated empty: the command that repopulates it, in the document and as the next step", async () => {
    const outcome = await deploy(
      { service: deployed(devDefinitions()).port },
      { kind: "fresh", files: withSearchableSection(), allowRebuild: true },
    );
    const view = deployResult(outcome, plain);
    expect(view.document).toMatchObject({ next: "npx docs-index --env dev backfill" });
    expect(view.notes).toEqual(["next: npx docs-index --env dev backfill"]);
    expect(view.warnings?.[0]).toMatch(/^index docs-index was recreated empty/);
  });

  it("a refused rebuild prints its plan; a failed verification its checks; any other failure nothing", async () => {
    const request = { kind: "fresh" as const, files: withSearchableSection() };
    const refusal = await deploy({ service: deployed(devDefinitions()).port }, request).catch((e: unknown) => e);
    expect(deployFailureView(refusal, request, colors)?.document).toMatchObject({
      refused: true,
      reason: "rebuild",
      blueGreen: null,
    });
    const verification = { ok: false, checks: [], failure: "document-count: 3 of 10" };
    const failed = new VerificationFailedError("docs-index-2", "docs-index-1", verification, undefined);
    expect(deployFailureView(failed, request, colors)?.document).toEqual({
      failed: "verification",
      candidate: "docs-index-2",
      serving: "docs-index-1",
      aliasUnchanged: true,
      verification,
      dropped: undefined,
    });
    expect(deployFailureView(new Error("HTTP 503"), request, colors)).toBeUndefined();
  });
});

describe("status, coverage and orphans", () => {
  const index = { name: "docs-index", serving: "docs-index-3", alias: true };
  const report = { ok: true, reasons: [], history: [], runsElsewhere: [] } as unknown as StatusReport;

  it("status: the report's fields, the index, and the knowledge source only when agentic retrieval is on", () => {
    const off = statusResult({ report, index, knowledgeSource: null, passed: true });
    expect(Object.keys(off.document)).toEqual([...Object.keys(report), "index"]);
    const knowledgeSource = { name: "docs-ks", current: false } as KnowledgeSourceReport;
    const on = statusResult({ report, index, knowledgeSource, passed: false });
    expect(on.document).toMatchObject({ index, knowledgeSource });
  });

  it("coverage: the report with the index's names", () => {
    const coverage = { complete: true } as unknown as CoverageReport;
    expect(coverageResult(coverage, index).document).toEqual({ complete: true, index });
  });

  it("orphans: the report, then why the listing is incomplete, what was deleted and whether it was a dry run", () => {
    const cleanup = {
      report: { blobs: 2, documents: 1, missingBlob: [], staleRootEra: [], mismatched: [], undecodable: [] },
      incomplete: [],
      deletion: null,
      dryRun: true,
      passed: true,
    } as unknown as OrphanCleanup;
    const view = orphansResult(cleanup, { index: "docs-index", where: "environment dev" });
    expect(Object.keys(view.document)).toEqual([
      "blobs",
      "documents",
      "missingBlob",
      "staleRootEra",
      "mismatched",
      "undecodable",
      "incomplete",
      "deletion",
      "dryRun",
    ]);
    expect(view.document).not.toHaveProperty("passed");
  });
});

describe("query and retrieve", () => {
  const note = "reading the page blob refused (403): passages from the index's content";

  it("query: format 2.0, the request's filter and whether semantic ranking answered, then the tool's answer", () => {
    const answer = {
      results: [],
      mode: "keyword",
      top: 5,
      notes: [note],
      provenance: { filter: "(format eq '.html')" },
    } as unknown as SearchDocsAnswer;
    const view = queryResult(answer);
    expect(Object.keys(view.document)).toEqual([
      "format_version",
      "filter",
      "semantic",
      "results",
      "mode",
      "top",
      "notes",
      "provenance",
    ]);
    expect(view.document).toMatchObject({ format_version: "2.0", filter: "(format eq '.html')", semantic: false });
    expect(view.warnings).toEqual([note]);
    expect(view.text()).toMatch(/^no results/m);
  });

  it("retrieve: format 2.0, the filterAddOn sent, then the tool's answer", () => {
    const answer = {
      results: [],
      intents: ["refunds"],
      top: 5,
      notes: [],
      provenance: { filter: "(format eq '.html')", knowledge_base: "kb" },
    } as unknown as RetrieveDocsAnswer;
    const view = retrieveResult(answer);
    expect(Object.keys(view.document)).toEqual([
      "format_version",
      "filterAddOn",
      "results",
      "intents",
      "top",
      "notes",
      "provenance",
    ]);
    expect(view.document).toMatchObject({ format_version: "2.0", filterAddOn: "(format eq '.html')" });
    expect(view.warnings).toEqual([]);
  });
});
