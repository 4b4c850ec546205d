// Why a deploy writes nothing: a rebuild the operator did not allow (drop-and-recreate before the migration,
// blue/green after it). Both are raised after the one read and before the first write. Facts only: the plan, the
// index, the changes that force the rebuild and, for blue/green, its generations; views/rebuild-refusal-text.ts
// words them (the CLI's error line and its --json error document), the message here is for logs.
import type { Change, Plan } from "../plan/plan.js";
import type { BlueGreenTarget } from "../bluegreen/rebuild-target.js";

/** A plan with a rebuild, and no --allow-rebuild: nothing was changed. */
export class RebuildRefusedError extends Error {
  /** The index the plan rebuilds. */
  readonly index: string;
  /** The changes that force the rebuild. */
  readonly forcedBy: Change[];

  constructor(readonly plan: Plan) {
    const index = plan.objects.find((o) => o.action === "rebuild")!;
    super(`index ${index.name} needs a rebuild, which deploy refuses without --allow-rebuild; nothing was changed`);
    this.name = "RebuildRefusedError";
    this.index = index.name;
    this.forcedBy = index.changes.filter((c) => c.effect === "rebuild");
  }
}

/** A blue/green rebuild without --allow-rebuild: nothing was changed. */
export class BlueGreenRebuildRefusedError extends RebuildRefusedError {
  constructor(
    plan: Plan,
    readonly target: BlueGreenTarget,
  ) {
    super(plan);
  }
}
