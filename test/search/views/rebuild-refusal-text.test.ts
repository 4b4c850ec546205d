// A refused rebuild's error line, worded from the refusal's facts: before the alias a drop and recreate with the
// changes that force it, behind the alias a blue/green rebuild with both generations and its cost.
import { describe, expect, it } from "vitest";
import { BlueGreenRebuildRefusedError, RebuildRefusedError } from "../../../src/search/deploy/refusals.js";
import { rebuildRefusalMessage } from "../../../src/search/views/rebuild-refusal-text.js";
import { rebuildCostNotes } from "../../../src/search/views/rebuild-cost-text.js";
import { fourPlans } from "../../support/plan-fixtures.js";

describe("rebuildRefusalMessage", () => {
  it("before the alias: the changes that force the rebuild, what it loses and how to apply it", () => {
    const refusal = new RebuildRefusedError(fourPlans().rebuild.plan);
    expect(refusal.index).toBe("docs-index");
    expect(refusal.forcedBy.map((c) => c.path)).toEqual(["fields[section].searchable"]);
    expect(rebuildRefusalMessage(refusal)).toBe(
      "index docs-index needs a rebuild (fields[section].searchable (false -> true)); nothing was changed.\n" +
        "A rebuild drops the index: every document in it is deleted and queries return nothing until it is repopulated.\n" +
        "To rebuild: re-run with --allow-rebuild (drops and recreates the index, then starts a run), then repopulate with an indexer reset followed by a run (a full re-crawl; manual, see docs/search-deploy.md). " +
        "To avoid downtime instead, create a side-by-side index under a new name and switch consumers (or an alias) to it.",
    );
  });

  it("an added or removed field is named with its change", () => {
    const change = { path: "fields[x]", change: "removed" as const, effect: "rebuild" as const, reason: "" };
    expect(rebuildRefusalMessage({ index: "docs-index", forcedBy: [change] })).toMatch(
      /^index docs-index needs a rebuild \(fields\[x\] \(removed\)\); nothing was changed\./,
    );
  });

  it("behind the alias: the blue/green generations, what it costs, and --allow-rebuild", () => {
    const target = { alias: "docs-index", from: "docs-index-1", to: "docs-index-2", deletes: [] };
    const refusal = new BlueGreenRebuildRefusedError(fourPlans().rebuild.plan, target);
    expect(rebuildRefusalMessage(refusal)).toBe(
      [
        "index docs-index needs a rebuild (blue/green: docs-index-1 → docs-index-2); nothing was changed.",
        ...rebuildCostNotes(target),
        "To apply it: re-run with --allow-rebuild.",
      ].join("\n"),
    );
  });
});
