// A rebuild the deploy refused (no --allow-rebuild), in words: the error line the CLI prints (and its --json error
// document carries), from the refusal's facts (../deploy/refusals.ts): the index, the changes that force the
// rebuild and, behind the alias, the blue/green generations with what the rebuild costs.
import type { BlueGreenTarget } from "../bluegreen/rebuild-target.js";
import type { Change } from "../plan/plan.js";
import { rebuildCostNotes, rebuildLabel } from "./rebuild-cost-text.js";

export interface RebuildRefusal {
  index: string;
  forcedBy: readonly Change[];
  /** Behind the alias: the rebuild is blue/green between these generations. */
  target?: BlueGreenTarget;
}

/** `fields[section].searchable (false -> true)`, `fields[x] (added)` */
function forcingChange(c: Change): string {
  return `${c.path}${c.change === "modified" ? ` (${JSON.stringify(c.from)} -> ${JSON.stringify(c.to)})` : ` (${c.change})`}`;
}

/** Why nothing was written, and how to rebuild (drop and recreate before the alias; blue/green behind it). */
export function rebuildRefusalMessage(refusal: RebuildRefusal): string {
  const { target } = refusal;
  if (target)
    return (
      `index ${target.alias} needs a ${rebuildLabel(target)}; nothing was changed.\n` +
      `${rebuildCostNotes(target).join("\n")}\nTo apply it: re-run with --allow-rebuild.`
    );
  return (
    `index ${refusal.index} needs a rebuild (${refusal.forcedBy.map(forcingChange).join("; ")}); nothing was changed.\n` +
    `A rebuild drops the index: every document in it is deleted and queries return nothing until it is repopulated.\n` +
    `To rebuild: re-run with --allow-rebuild (drops and recreates the index, then starts a run), then repopulate with an indexer reset followed by a run (a full re-crawl; manual, see docs/search-deploy.md). ` +
    `To avoid downtime instead, create a side-by-side index under a new name and switch consumers (or an alias) to it.`
  );
}
