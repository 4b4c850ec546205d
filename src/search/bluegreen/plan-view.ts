// What `plan` says about the blue/green scheme: the live definitions read through the alias (so the generation's
// name is not a change), the generation a rebuild would build, and the rebuild line with what it costs and what
// it does not. Pure; the saved plan (plan -out) records `from`/`to` and the alias ETag, and the rebuild refuses
// to run when the service no longer matches them.
import type { LiveDefinitions } from "../plan/plan.js";
import type { RebuildRendering } from "../views/plan-text.js";
import { asAliasNamed, generationIndexName, nextGeneration } from "./generations.js";

export interface BlueGreenTarget {
  alias: string;
  /** The generation serving now. */
  from: string;
  /** The generation a rebuild creates. */
  to: string;
}

/** The live index (read by its generation's name) and indexer as the files name them (`docs-index`). */
export function liveThroughAlias(live: LiveDefinitions, alias: string, index: string): LiveDefinitions {
  const out: LiveDefinitions = { ...live };
  if (live.index) out.index = { ...live.index, definition: asAliasNamed("index", live.index.definition, alias, index) };
  if (live.indexer)
    out.indexer = { ...live.indexer, definition: asAliasNamed("indexer", live.indexer.definition, alias, index) };
  return out;
}

export function blueGreenTarget(alias: string, aliasTarget: string, indexNames: readonly string[]): BlueGreenTarget {
  return { alias, from: aliasTarget, to: generationIndexName(alias, nextGeneration(alias, indexNames)) };
}

/** `rebuild (blue/green: docs-index-3 → docs-index-4)` */
export function rebuildLabel(t: BlueGreenTarget): string {
  return `rebuild (blue/green: ${t.from} → ${t.to})`;
}

/** What the rebuild costs and what it does not, for plan and the confirmation. */
export function rebuildCost(t: BlueGreenTarget): string[] {
  return [
    `costs: one full crawl of the container into ${t.to} (a reset and run; no re-enrichment), and ${t.to}'s storage beside ${t.from} until --prune`,
    `does not cost: downtime. ${t.from} keeps serving, unchanged, until ${t.to} is verified; then the alias ${t.alias} is swapped (propagates within 10 s)`,
    `drops: documents whose blobs are gone (orphans), stale copies of root pages that fail by design, documents of excluded extensions: counted before the swap`,
    `if verification fails: the alias stays on ${t.from}, the indexer is pointed back, exit non-zero`,
  ];
}

/** Why a planned blue/green rebuild no longer applies (the alias moved, another generation appeared), or undefined. */
export function plannedTargetMismatch(planned: BlueGreenTarget, now: BlueGreenTarget): string | undefined {
  if (planned.from !== now.from)
    return `the plan rebuilds from ${planned.from}, but the alias ${planned.alias} now maps to ${now.from}`;
  if (planned.to !== now.to) return `the plan creates ${planned.to}, but the next generation is now ${now.to}`;
  return undefined;
}

/** How `plan` renders a blue/green rebuild (label on the index, warning under the summary). */
export function blueGreenRendering(t: BlueGreenTarget): RebuildRendering {
  return {
    label: rebuildLabel(t),
    warning: `The rebuild builds ${t.to} beside ${t.from} (one full crawl) and swaps the alias ${t.alias} only after verifying it: no downtime. deploy refuses it unless --allow-rebuild is given.`,
  };
}
