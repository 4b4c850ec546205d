// What `plan` says about the blue/green scheme: the live definitions read through the alias (so the generation's
// name is not a change), the generation a rebuild would build, and the rebuild line with what it costs and what
// it does not (views/plan-text.ts renders them). Pure; the saved plan (plan -out) records `from`/`to` and the alias ETag, and the rebuild refuses
// to run when the service no longer matches them.
import type { LiveDefinitions } from "../plan/plan.js";
import { asAliasNamed, generationIndexName, generationOf, generationsIn, nextGeneration } from "./generations.js";

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

/** The live index (read by its generation's name) and indexer as the files name them (`docs-index`). */
export function liveThroughAlias(live: LiveDefinitions, alias: string, index: string): LiveDefinitions {
  const out: LiveDefinitions = { ...live };
  if (live.index) out.index = { ...live.index, definition: asAliasNamed("index", live.index.definition, alias, index) };
  if (live.indexer)
    out.indexer = { ...live.indexer, definition: asAliasNamed("indexer", live.indexer.definition, alias, index) };
  if (live.knowledgeSource)
    out.knowledgeSource = {
      ...live.knowledgeSource,
      definition: asAliasNamed("knowledgeSource", live.knowledgeSource.definition, alias, index),
    };
  return out;
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

/** The plan's line for the generations a rebuild deletes, or undefined when it deletes none. */
function deletionNote(t: Pick<BlueGreenTarget, "deletes" | "to">): string | undefined {
  if (t.deletes.length === 0) return undefined;
  const names = t.deletes.join(", ");
  return `deletes: index ${names} before creating ${t.to}: left unused by an earlier rolled-back or interrupted rebuild (the alias does not serve it, the indexer does not write into it)`;
}

/** `rebuild (blue/green: docs-index-3 → docs-index-4)` */
export function rebuildLabel(t: BlueGreenTarget): string {
  return `rebuild (blue/green: ${t.from} → ${t.to})`;
}

/** What the rebuild costs and what it does not, for plan and the confirmation. */
export function rebuildCost(t: BlueGreenTarget): string[] {
  const deletion = deletionNote(t);
  return [
    ...(deletion ? [deletion] : []),
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
  const [was, is] = [[...planned.deletes].sort().join(", "), [...now.deletes].sort().join(", ")];
  if (was !== is)
    return `the plan deletes ${was || "no unused generation"}, but the unused generations are now ${is || "none"}`;
  return undefined;
}
