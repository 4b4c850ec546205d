// `orphans` for people: the report (lists cut at `limit`), the result of a deletion, and the dry run's hint; the
// deletion as its confirmation words it; an incomplete listing.
import type { OrphanSelection } from "../ops/orphan-cleanup.js";
import type { DeletionResult } from "../ops/orphan-deletion.js";
import type { OrphanReport } from "../ops/orphans.js";

export function formatOrphanReport(report: OrphanReport, limit = 20): string {
  const lines = [`${report.blobs} blobs, ${report.documents} documents`];
  const list = (
    title: string,
    entries: { path: string; app: string | null }[],
    extra: (i: number) => string = () => "",
  ) => {
    lines.push(`${title}: ${entries.length}`);
    entries.slice(0, limit).forEach((e, i) => lines.push(`  ${e.path}  (app ${e.app ?? "null"})${extra(i)}`));
    if (entries.length > limit) lines.push(`  ... ${entries.length - limit} more (use --json for all)`);
  };
  list("documents whose blob no longer exists", report.missingBlob);
  list(
    "stale root-era documents",
    report.staleRootEra,
    (i) => `  now served from ${report.staleRootEra[i]?.currentPath}`,
  );
  list("documents whose app/repo differ from their path (a reset and run fixes them)", report.mismatched);
  if (report.undecodable.length)
    lines.push(`documents with an id that is not a base64 blob URL: ${report.undecodable.length}`);
  lines.push(
    `app values that are no current app folder (${report.appSource}): ${report.unknownApps.map((a) => `${a.app} (${a.documents})`).join(", ") || "none"}`,
  );
  return lines.join("\n");
}

function formatDeletion(d: DeletionResult, target: string): string {
  return `deleted ${d.deleted} of ${d.requested} document(s) from ${target}; ${d.failed.length} failed; ${d.skippedRechecked.length} skipped after re-checking storage`;
}

/** The whole `orphans` answer: the report, then what a dry run would delete with --delete, or what was deleted. */
export function formatOrphansResult(
  report: OrphanReport,
  run: { dryRun: boolean; deletion: DeletionResult | null; target: string },
): string {
  const text = formatOrphanReport(report);
  if (run.dryRun)
    return `${text}\n(dry run: nothing deleted; --delete removes the documents whose blob is gone${report.staleRootEra.length ? ", --include-stale also the stale ones" : ""})`;
  return run.deletion ? `${text}\n${formatDeletion(run.deletion, run.target)}` : text;
}

/** The deletion as the confirmation prompt words it: what is done, and what it loses. */
export function orphanDeletionStep(selection: OrphanSelection, index: string): { action: string; loses: string } {
  const { documents, missingBlob, staleRootEra } = selection;
  const stale = staleRootEra === null ? "" : `, ${staleRootEra} stale root-era copies`;
  return {
    action: `delete ${documents} document(s) from index ${index}`,
    loses: `${documents} document(s) (${missingBlob} whose blob is gone${stale}); a later indexer run does not bring back a document whose blob is gone`,
  };
}

/** Why the document listing is incomplete (a warning: nothing found then proves nothing). */
export function incompleteListingWarning(why: string): string {
  return `listing incomplete: ${why}`;
}
