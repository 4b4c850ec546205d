// A blue/green rebuild in words, from its target (../bluegreen/rebuild-target.ts: the alias, the generation serving,
// the one built, the unused ones deleted first): the label on the index's line and the notes under it, which every
// rendering of the plan shows (text, markdown, the --json documents, the saved plan's file). The core's plan holds
// no such note; ./plan-document.ts adds them to a document and takes them out of a saved plan read back.
import type { BlueGreenTarget } from "../bluegreen/rebuild-target.js";

/** `rebuild (blue/green: docs-index-3 → docs-index-4)` */
export function rebuildLabel(t: Pick<BlueGreenTarget, "from" | "to">): string {
  return `rebuild (blue/green: ${t.from} → ${t.to})`;
}

/** The note for the generations a rebuild deletes, or undefined when it deletes none. */
function deletionNote(t: Pick<BlueGreenTarget, "deletes" | "to">): string | undefined {
  if (t.deletes.length === 0) return undefined;
  const names = t.deletes.join(", ");
  return `deletes: index ${names} before creating ${t.to}: left unused by an earlier rolled-back or interrupted rebuild (the alias does not serve it, the indexer does not write into it)`;
}

/** What the rebuild costs and what it does not: the index's notes in the plan and in the refusal. */
export function rebuildCostNotes(t: BlueGreenTarget): string[] {
  const deletion = deletionNote(t);
  return [
    ...(deletion ? [deletion] : []),
    `costs: one full crawl of the container into ${t.to} (a reset and run; no re-enrichment), and ${t.to}'s storage beside ${t.from} until --prune`,
    `does not cost: downtime. ${t.from} keeps serving, unchanged, until ${t.to} is verified; then the alias ${t.alias} is swapped (propagates within 10 s)`,
    `drops: documents whose blobs are gone (orphans), stale copies of root pages that fail by design, documents of excluded extensions: counted before the swap`,
    `if verification fails: the alias stays on ${t.from}, the indexer is pointed back, exit non-zero`,
  ];
}
