// Which planned changes make the deploy evaluate the golden queries before and after an in-place write: real
// plans of the dev definitions (buildPlan) against the state a deploy of the unmodified files leaves.
import { describe, expect, it } from "vitest";
import type { Definitions } from "../../../src/search/definitions/definitions.js";
import { buildPlan } from "../../../src/search/plan/plan.js";
import { rankingChanges } from "../../../src/search/plan/ranking-changes.js";
import { deployedLive, devDefinitions, LANGUAGE_FIELD } from "../../support/plan-fixtures.js";

type Index = {
  fields: Record<string, unknown>[];
  scoringProfiles: { name: string; text: { weights: Record<string, number> } }[];
  semantic: { configurations: Record<string, unknown>[] };
  [key: string]: unknown;
};

/** The paths rankingChanges picks from the plan of the dev definitions as `edit` leaves them. */
function rankingPaths(edit: (index: Index, files: Definitions) => void): string[] {
  const files = devDefinitions();
  edit(files.index as unknown as Index, files);
  return rankingChanges(buildPlan(files, deployedLive())).map((c) => c.path);
}

describe("rankingChanges: the in-place changes that re-rank the indexed documents", () => {
  it("a scoring weight, a new scoring profile, the default profile and the semantic configuration", () => {
    expect(rankingPaths((i) => void (i.scoringProfiles[0]!.text.weights.title = 0.1))).toEqual([
      "scoringProfiles[docs-default].text.weights.title",
    ]);
    expect(
      rankingPaths((i) => {
        i.scoringProfiles.push({ name: "flat", text: { weights: { title: 1 } } });
        i.defaultScoringProfile = "flat";
      }),
    ).toEqual(["defaultScoringProfile", "scoringProfiles[flat]"]);
    expect(rankingPaths((i) => void (i.semantic.configurations[0]!.name = "renamed")).length).toBeGreaterThan(0);
  });

  it("a field's search analyzer or synonym maps (in place), not its retrievable", () => {
    expect(rankingPaths((i) => void (i.fields.find((f) => f.name === "title")!.searchAnalyzer = "en.lucene"))).toEqual([
      "fields[title].searchAnalyzer",
    ]);
    expect(rankingPaths((i) => void (i.fields.find((f) => f.name === "title")!.retrievable = false))).toEqual([]);
  });

  it("none for what does not re-rank: a new field, the description, the indexer, no change at all", () => {
    expect(rankingPaths((i) => void i.fields.push(structuredClone(LANGUAGE_FIELD)))).toEqual([]);
    expect(rankingPaths((i) => void (i.description = "docs"))).toEqual([]);
    expect(rankingPaths((_i, files) => void (files.indexer.description = "nightly"))).toEqual([]);
    expect(rankingPaths(() => {})).toEqual([]);
  });

  it("none when the index is rebuilt or created: there is no ranking before the write to compare with", () => {
    const rebuilt = rankingPaths((i) => {
      i.scoringProfiles[0]!.text.weights.title = 0.1;
      i.fields.find((f) => f.name === "title")!.searchable = false;
    });
    expect(rebuilt).toEqual([]);
    const files = devDefinitions();
    (files.index as unknown as Index).scoringProfiles[0]!.text.weights.title = 0.1;
    expect(rankingChanges(buildPlan(files, { ...deployedLive(), index: undefined }))).toEqual([]);
  });
});
