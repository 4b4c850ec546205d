// `orphans`'s view: the report, what was deleted (or that it was a dry run), as the `--json` document and the
// text; `target` names the index and where it is (the deletion's line).
import type { OrphanCleanup } from "../../../search/ops/orphan-cleanup.js";
import { formatOrphansResult } from "../../../search/views/orphans-text.js";
import type { ResultView } from "./result.js";

export function orphansResult(cleanup: OrphanCleanup, target: { index: string; where: string }): ResultView {
  const { report, incomplete, deletion, dryRun } = cleanup;
  return {
    document: { ...report, incomplete, deletion, dryRun },
    text: () => formatOrphansResult(report, { dryRun, deletion, target: `index ${target.index} (${target.where})` }),
  };
}
