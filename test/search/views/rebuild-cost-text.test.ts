// A blue/green rebuild in words, from its target: the label on the index's line and the notes under it.
import { describe, expect, it } from "vitest";
import { blueGreenTarget } from "../../../src/search/bluegreen/rebuild-target.js";
import { rebuildCostNotes, rebuildLabel } from "../../../src/search/views/rebuild-cost-text.js";

const target = { alias: "docs-index", from: "docs-index-3", to: "docs-index-4", deletes: [] };

describe("rebuildLabel", () => {
  it("names both generations", () => {
    expect(rebuildLabel(blueGreenTarget("docs-index", "docs-index-3", ["docs-index-2", "docs-index-3"]))).toBe(
      "rebuild (blue/green: docs-index-3 → docs-index-4)",
    );
  });
});

describe("rebuildCostNotes", () => {
  it("says what the rebuild costs and what it does not, naming the generations and the alias", () => {
    expect(rebuildCostNotes(target)).toEqual([
      "costs: one full crawl of the container into docs-index-4 (a reset and run; no re-enrichment), and docs-index-4's storage beside docs-index-3 until --prune",
      "does not cost: downtime. docs-index-3 keeps serving, unchanged, until docs-index-4 is verified; then the alias docs-index is swapped (propagates within 10 s)",
      "drops: documents whose blobs are gone (orphans), stale copies of root pages that fail by design, documents of excluded extensions: counted before the swap",
      "if verification fails: the alias stays on docs-index-3, the indexer is pointed back, exit non-zero",
    ]);
  });

  it("names the unused generations it deletes first, before the cost", () => {
    const notes = rebuildCostNotes(blueGreenTarget("docs-index", "docs-index-1", ["docs-index-1", "docs-index-2"]));
    expect(notes[0]).toBe(
      "deletes: index docs-index-2 before creating docs-index-3: left unused by an earlier rolled-back or interrupted rebuild (the alias does not serve it, the indexer does not write into it)",
    );
    expect(notes).toHaveLength(5);
  });

  it("has no deletion note when nothing is left unused", () => {
    expect(rebuildCostNotes(target).join("\n")).not.toMatch(/deletes:/);
  });
});
