// The eval use case (src/search/eval/evaluate-golden.ts) on an in-memory port: what it sends for each golden
// query, how it judges the answers, what it reads of the provenance and when it leaves a read out.
import { describe, expect, it } from "vitest";
import {
  evaluateAgainstBaseline,
  evaluateGolden,
  type EvalPort,
  type EvalRequest,
} from "../../../src/search/eval/evaluate-golden.js";
import type { GoldenQuery } from "../../../src/search/eval/golden.js";
import type { SearchDocsRequest } from "../../../src/search/query/search-docs/request.js";
import type { SearchDocsHit } from "../../../src/search/query/search-docs/hit.js";
import { progressLine } from "../../../src/search/views/progress-text.js";
import { fieldsLackingNote } from "../../../src/search/views/eval-text.js";

const DOCS = "https://docs.example.com";
const query = (id: string, text: string, answer: string): GoldenQuery => ({
  id,
  query: text,
  mode: "keyword",
  excludeSections: [],
  relevant: [{ ref: `${answer}.html`, url: `${DOCS}/${answer}`, grade: 2 }],
});

function hit(url: string, score: number): SearchDocsHit {
  return { url: `${DOCS}/${url}`, score, reranker_score: null } as SearchDocsHit;
}

/** A port whose index answers `answers[query]`, recording every request and every read. */
function memoryPort(answers: Record<string, string[]>, opts: { fields?: string[] } = {}) {
  const sent: SearchDocsRequest[] = [];
  const reads: string[] = [];
  const lines: string[] = [];
  const port: EvalPort = {
    formatCoverage: async () => {
      reads.push("coverage");
      return { kind: "counted", nullFormat: 0, total: 10, checkedAt: "2026-11-27T00:00:00Z" };
    },
    provenanceFacts: async () => {
      reads.push("provenance");
      return {
        index: "docs",
        serving: { status: "known", value: { kind: "alias", alias: "docs", index: "docs-2", generation: 2 } },
        etag: { status: "known", value: '"0x1"' },
        freshness: { status: "known", value: { last_successful_run: "2026-11-26T10:00:00Z", run_in_progress: false } },
        apiVersion: "2026-04-01",
      };
    },
    indexFields: async () => {
      reads.push("fields");
      return opts.fields ? new Set(opts.fields) : undefined;
    },
    search: async (request) => {
      sent.push(request);
      const urls = answers[request.searchText] ?? [];
      return { request, hits: urls.map((u, i) => hit(u, 10 - i)) };
    },
    progress: (event) => lines.push(progressLine(event)),
    note: (note) => lines.push(`note: ${fieldsLackingNote(note)}`),
    now: () => new Date("2026-11-27T12:00:00Z"),
  };
  return { port, sent, reads, lines };
}

const request = (queries: GoldenQuery[], extra: Partial<EvalRequest> = {}): EvalRequest => ({
  indexName: "docs",
  golden: { path: "eval/golden-queries.yml", sha256: "abc", queries },
  k: 5,
  gain: "exponential",
  concurrency: 2,
  apiVersion: "2026-04-01",
  ...extra,
});

describe("evaluateGolden: every golden query as search_docs sends it, judged", () => {
  it("scores each query by where its answer ranks and names the generation, the ETag and the last run", async () => {
    const { port, sent, lines } = memoryPort({
      "configure retries": ["retries", "intro"],
      "verify a signature": ["intro", "signatures"],
    });
    const report = await evaluateGolden(
      port,
      request([query("retries", "configure retries", "retries"), query("sig", "verify a signature", "signatures")]),
    );
    expect(sent.map((r) => r.searchText).sort()).toEqual(["configure retries", "verify a signature"]);
    expect(report.queries.map((q) => [q.id, q.mrr])).toEqual([
      ["retries", 1],
      ["sig", 0.5],
    ]);
    expect(report.overall.recall).toBe(1);
    expect(report.index).toEqual({ name: "docs", generation: "docs-2", etag: '"0x1"' });
    expect(report.lastSuccessfulRun).toBe("2026-11-26T10:00:00Z");
    expect(report.provenance_unknown).toEqual([]);
    expect(report.evaluated_at).toBe("2026-11-27T12:00:00.000Z");
    expect(lines).toContain("evaluated 2/2 queries against docs");
  });

  it("reads no provenance when asked not to (the blue/green gate), and says why it is unknown", async () => {
    const { port, reads } = memoryPort({});
    const report = await evaluateGolden(port, request([query("q", "anything", "page")], { provenance: false }));
    expect(reads).not.toContain("provenance");
    expect(report.index.generation).toBeNull();
    expect(report.provenance_unknown[0]).toMatch(/not read: the blue\/green verification records its own/);
  });

  it("uses the fields the caller knows instead of reading them, and notes the fields an older index lacks", async () => {
    const known = memoryPort({});
    await evaluateGolden(known.port, request([query("q", "anything", "page")], { fields: new Set(["id"]) }));
    expect(known.reads).not.toContain("fields");
    expect(known.lines.some((l) => /^note: docs has no field .* yet/.test(l))).toBe(true);
    const read = memoryPort({});
    await evaluateGolden(read.port, request([query("q", "anything", "page")]));
    expect(read.reads).toContain("fields");
  });
});

describe("evaluateAgainstBaseline: the verdict of docs-index eval", () => {
  const golden = [query("retries", "configure retries", "retries"), query("sig", "verify a signature", "signatures")];
  const good = { "configure retries": ["retries"], "verify a signature": ["signatures"] };

  it("passes without a baseline, whatever the figures, and compares nothing", async () => {
    const outcome = await evaluateAgainstBaseline(memoryPort({}).port, { ...request(golden), tolerance: 0.05 });
    expect(outcome.report.overall.recall).toBe(0);
    expect(outcome.comparison).toBeUndefined();
    expect(outcome.passed).toBe(true);
  });

  it("passes against a baseline it matches, fails when an answer the baseline had leaves the top k", async () => {
    const baseline = await evaluateGolden(memoryPort(good).port, request(golden));
    const same = await evaluateAgainstBaseline(memoryPort(good).port, {
      ...request(golden),
      baseline,
      tolerance: 0.05,
    });
    expect(same.comparison?.regressions).toEqual([]);
    expect(same.passed).toBe(true);
    const lost = await evaluateAgainstBaseline(memoryPort({ ...good, "configure retries": ["intro"] }).port, {
      ...request(golden),
      baseline,
      tolerance: 0.05,
    });
    expect(lost.comparison?.regressions.join("\n")).toMatch(/retries/);
    expect(lost.passed).toBe(false);
  });
});
