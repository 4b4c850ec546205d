// A blue/green rebuild's target: the alias, the generation serving, the one a rebuild would build and the unused
// ones it deletes first, and why a planned target no longer applies. Facts only: views/rebuild-cost-text.ts words
// the rebuild's label and what it costs. Pure; the saved plan (plan -out) records `from`/`to` and the alias ETag,
// and the rebuild refuses to run when the service no longer matches them.
import { generationIndexName, generationOf, generationsIn, nextGeneration } from "./generations.js";

export interface BlueGreenTarget {
  alias: string;
  /** The generation serving now. */
  from: string;
  /** The generation a rebuild creates. */
  to: string;
  /**
   * Generations newer than the serving one that nothing uses (left by a rolled-back or interrupted rebuild): the
   * rebuild deletes them before it creates `to`, and only them (a plan names every deletion).
   */
  deletes: string[];
}

/** The generations newer than the serving one (unused while no rebuild is under way). */
function unusedGenerations(alias: string, aliasTarget: string, indexNames: readonly string[]): string[] {
  const serving = generationOf(alias, aliasTarget) ?? 0;
  return generationsIn(alias, indexNames)
    .filter((g) => g.generation > serving)
    .map((g) => g.name);
}

export function blueGreenTarget(alias: string, aliasTarget: string, indexNames: readonly string[]): BlueGreenTarget {
  return {
    alias,
    from: aliasTarget,
    to: generationIndexName(alias, nextGeneration(alias, indexNames)),
    deletes: unusedGenerations(alias, aliasTarget, indexNames),
  };
}

/** Why a planned blue/green rebuild no longer applies (the alias moved, another generation appeared), or undefined. */
export function plannedTargetMismatch(planned: BlueGreenTarget, now: BlueGreenTarget): string | undefined {
  if (planned.from !== now.from)
    return `the plan rebuilds from ${planned.from}, but the alias ${planned.alias} now maps to ${now.from}`;
  if (planned.to !== now.to) return `the plan creates ${planned.to}, but the next generation is now ${now.to}`;
  const [was, is] = [[...planned.deletes].sort().join(", "), [...now.deletes].sort().join(", ")];
  if (was !== is)
    return `the plan deletes ${was || "no unused generation"}, but the unused generations are now ${is || "none"}`;
  return undefined;
}
