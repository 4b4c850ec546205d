// Why a deploy writes nothing: a rebuild the operator did not allow (drop-and-recreate before the migration,
// blue/green after it). Both are raised after the one read and before the first write.
import type { Plan } from "../plan/plan.js";
import { rebuildCost, rebuildLabel, type BlueGreenTarget } from "../bluegreen/plan-view.js";

/** A plan with a rebuild, and no --allow-rebuild: nothing was changed. */
export class RebuildRefusedError extends Error {
  constructor(readonly plan: Plan) {
    const index = plan.objects.find((o) => o.action === "rebuild")!;
    const why = index.changes
      .filter((c) => c.effect === "rebuild")
      .map(
        (c) =>
          `${c.path}${c.change === "modified" ? ` (${JSON.stringify(c.from)} -> ${JSON.stringify(c.to)})` : ` (${c.change})`}`,
      );
    super(
      `index ${index.name} needs a rebuild (${why.join("; ")}); nothing was changed.\n` +
        `A rebuild drops the index: every document in it is deleted and queries return nothing until it is repopulated.\n` +
        `To rebuild: re-run with --allow-rebuild (drops and recreates the index, then starts a run), then repopulate with an indexer reset followed by a run (a full re-crawl; manual, see docs/search-deploy.md). ` +
        `To avoid downtime instead, create a side-by-side index under a new name and switch consumers (or an alias) to it.`,
    );
    this.name = "RebuildRefusedError";
  }
}

/** A blue/green rebuild without --allow-rebuild: nothing was changed. */
export class BlueGreenRebuildRefusedError extends RebuildRefusedError {
  constructor(
    plan: Plan,
    readonly target: BlueGreenTarget,
  ) {
    super(plan);
    this.message =
      `index ${target.alias} needs a ${rebuildLabel(target)}; nothing was changed.\n` +
      `${rebuildCost(target).join("\n")}\nTo apply it: re-run with --allow-rebuild.`;
  }
}
