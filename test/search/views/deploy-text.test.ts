// The deploy's words that decide what an operator confirms and is warned about: the destructive steps in the
// order they are confirmed, the alias note, and the warnings after an in-place ranking change.
import { describe, expect, it } from "vitest";
import {
  aliasNote,
  deployNoticeText,
  deployWarnings,
  destructiveSteps,
} from "../../../src/search/views/deploy-text.js";
import type { DeployOutcome } from "../../../src/search/deploy/pipeline.js";
import { fourPlans } from "../../support/plan-fixtures.js";

const index = { name: "docs-index", repopulate: "npx docs-index --env dev backfill" };

describe("destructiveSteps", () => {
  it("an in-place write: nothing to confirm", () => {
    expect(destructiveSteps({ plan: fourPlans().update.plan, blueGreen: null }, [], index)).toEqual([]);
  });

  it("a rebuild before the alias: drop and recreate, naming the command that repopulates", () => {
    const [step] = destructiveSteps({ plan: fourPlans().rebuild.plan, blueGreen: null }, [], index);
    expect(step!.action).toBe("drop and recreate index docs-index");
    expect(step!.loses).toContain("(npx docs-index --env dev backfill)");
  });

  it("a blue/green rebuild, then a prune: confirmed in that order", () => {
    const blueGreen = { alias: "docs-index", from: "docs-index-3", to: "docs-index-4", deletes: [] };
    const steps = destructiveSteps({ plan: fourPlans().rebuild.plan, blueGreen }, ["docs-index-1"], index);
    expect(steps.map((s) => s.action)).toEqual([
      "rebuild docs-index blue/green: build docs-index-4 beside docs-index-3 (a full crawl), verify it, then swap the alias",
      "delete the generations of docs-index older than the one it serves (docs-index-1)",
    ]);
  });
});

describe("the deploy's notes and warnings", () => {
  it("aliasNote names both names", () => {
    expect(aliasNote("docs-index", "docs-index-3")).toBe("index: docs-index → docs-index-3 (alias)");
  });

  it("deployWarnings: the notices, then a ranking check that failed to run", () => {
    const outcome = {
      notices: [{ notice: "run-already-running", indexer: "docs-indexer" }],
      rankingEval: { changes: ["x"], status: "not-evaluated", reason: "timeout\nmore", failed: true },
    } as unknown as DeployOutcome;
    expect(deployWarnings(outcome)).toEqual([
      "indexer docs-indexer was already running (the service starts a run when an indexer is created); no second run was started",
      "the relevance check could not run (timeout); the in-place ranking change is live unchecked: run `docs-index eval` against it",
    ]);
  });
});

describe("deployNoticeText", () => {
  it("an index recreated empty: how to repopulate it", () => {
    expect(deployNoticeText({ notice: "recreated-empty", index: "docs-index" })).toBe(
      "index docs-index was recreated empty. A plain run re-indexes only blobs changed since the indexer's last run: repopulate it with an indexer reset followed by a run: `docs-index backfill` (see docs/search-deploy.md).",
    );
  });

  it("fields added in place: null in existing documents until a backfill", () => {
    expect(deployNoticeText({ notice: "fields-added", fields: ["language", "format"] })).toBe(
      "fields added: language, format. Existing documents keep null in them until they are reprocessed: a run only revisits changed blobs, so a backfill needs an indexer reset followed by a run (manual; the deploy never resets).",
    );
  });
});
