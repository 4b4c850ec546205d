// What every answer says about where it came from (src/search/query/common/provenance.ts). Pure.
import { describe, expect, it } from "vitest";
import { decideDedup } from "../../../../src/search/dedup/policy.js";
import { buildProvenance, buildRetrieveProvenance } from "../../../../src/search/query/common/provenance.js";
import { unknownBecause } from "../../../../src/search/known.js";

const transitional = decideDedup({ kind: "counted", nullFormat: 3, total: 10, checkedAt: "2026-11-25T10:00:00.000Z" });
const strict = decideDedup({ kind: "counted", nullFormat: 0, total: 10, checkedAt: "2026-11-25T10:00:00.000Z" });

describe("provenance", () => {
  it("says unknown with the reason when a query-only identity may not read definitions", () => {
    const refused = unknownBecause(
      Object.assign(new Error("Forbidden"), { statusCode: 403 }),
      "reading the indexer status",
    );
    const p = buildProvenance(
      { index: "docs-index", serving: refused, etag: refused, freshness: refused, apiVersion: "2026-04-01" },
      transitional,
      "f",
      "2026-11-25T10:00:00.000Z",
    );
    expect(p).toMatchObject({
      index: "docs-index",
      serving_index: null,
      freshness: "unknown",
      dedup_filter: transitional.filter,
    });
    expect(p.freshness_unknown_reason).toMatch(/refused \(403\).*Search Index Data Reader/);
  });
  it("names the concrete index behind the alias and the last successful run", () => {
    const p = buildProvenance(
      {
        index: "docs-index",
        serving: {
          status: "known",
          value: { kind: "alias", alias: "docs-index", index: "docs-index-2", generation: 2 },
        },
        etag: { status: "known", value: '"0x1"' },
        freshness: { status: "known", value: { last_successful_run: "2026-11-25T09:00:00Z", run_in_progress: false } },
        apiVersion: "2026-04-01",
      },
      strict,
      null,
      "t",
    );
    expect(p).toMatchObject({
      serving_index: "docs-index-2",
      index_etag: '"0x1"',
      freshness: "known",
      last_successful_run: "2026-11-25T09:00:00Z",
    });
  });
  it("gives a retrieve the search_docs provenance (one rule) plus the knowledge objects and the filterAddOn", () => {
    const facts = {
      index: "docs-index",
      serving: {
        status: "known" as const,
        value: { kind: "alias" as const, alias: "docs-index", index: "docs-index-2", generation: 2 },
      },
      etag: { status: "known" as const, value: '"0x1"' },
      freshness: unknownBecause(new Error("timeout"), "reading the indexer status"),
      apiVersion: "2026-04-01",
    };
    const filter = `(repo eq 'billing') and (${transitional.filter})`;
    const p = buildRetrieveProvenance(
      facts,
      {
        knowledgeBase: "docs-knowledge-base",
        knowledgeSource: "docs-knowledge-source",
        sourceIndex: { status: "unknown", reason: "knowledge source docs-knowledge-source does not exist" },
      },
      transitional,
      filter,
      "t",
    );
    expect(p).toEqual({
      ...buildProvenance(facts, transitional, filter, "t"),
      knowledge_base: "docs-knowledge-base",
      knowledge_source: "docs-knowledge-source",
      knowledge_source_index: null,
      knowledge_source_index_unknown_reason: "knowledge source docs-knowledge-source does not exist",
    });
    expect(p).toMatchObject({ serving_index: "docs-index-2", freshness: "unknown", filter });
  });
});
