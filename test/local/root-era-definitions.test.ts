// The root-era definitions derived from today's files: what the index, datasource and indexer looked like
// before the newer fields, the deletion policy and the .xml exclusion existed.
import { describe, expect, it } from "vitest";
import { readRawDefinitions } from "../../src/search/definitions/definitions.js";
import { BACKFILL_FIELDS } from "../../src/search/ops/coverage.js";
import { rootEraDefinitions } from "../../local/environment/root-era-definitions.js";

const today = readRawDefinitions();
const old = rootEraDefinitions(today);

describe("root-era definitions", () => {
  it("keep only the original fields, with today's attributes (so today's deploy adds fields in place)", () => {
    const fields = old.index.fields as { name: string }[];
    expect(fields.map((f) => f.name).sort()).toEqual(["content", "id", "path", "repo", "title"]);
    const todayFields = today.index.fields as { name: string }[];
    for (const field of fields) expect(field).toEqual(todayFields.find((f) => f.name === field.name));
  });

  it("drop scoring weights and semantic entries of the later fields", () => {
    const json = JSON.stringify({ scoring: old.index.scoringProfiles, semantic: old.index.semantic });
    for (const field of BACKFILL_FIELDS) expect(json).not.toContain(`"${field}"`);
    expect(json).toContain('"title"');
  });

  it("have no deletion detection policy, no mappings into later fields, and do not exclude .xml", () => {
    expect(old.datasource).not.toHaveProperty("dataDeletionDetectionPolicy");
    const targets = (old.indexer.fieldMappings as { targetFieldName: string }[]).map((m) => m.targetFieldName);
    expect(targets.sort()).toEqual(["id", "path", "repo", "title"]);
    const excluded = (
      old.indexer.parameters as { configuration: { excludedFileNameExtensions: string } }
    ).configuration.excludedFileNameExtensions.split(",");
    expect(excluded).not.toContain(".xml");
    expect(excluded).toContain(".css");
  });

  it("leave today's definitions untouched", () => {
    expect(today.datasource).toHaveProperty("dataDeletionDetectionPolicy");
    expect((today.index.fields as unknown[]).length).toBe(12);
  });
});
