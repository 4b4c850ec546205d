// `docs-index orphans` as one use case: the survey of the container against the index (./orphan-survey.ts), the
// selection `--delete` removes (./orphans.ts), its confirmation, the deletion with storage re-checked
// (./orphan-deletion.ts), and the verdict. A dry run unless asked to delete; never deletes a document whose blob
// exists, except a stale root-era copy with `includeStale`. Pure apart from the ports the command builds.
import {
  deleteOrphans,
  type DeletionResult,
  type OrphanDeletionPort,
  type OrphanDeletionProgress,
} from "./orphan-deletion.js";
import {
  surveyOrphans,
  type OrphanSurveyPort,
  type OrphanSurveyProgress,
  type OrphanSurveyRequest,
} from "./orphan-survey.js";
import { selectDeletions, type OrphanReport } from "./orphans.js";

/** What `--delete` is about to remove, for its confirmation. */
export interface OrphanSelection {
  /** The documents selected. */
  documents: number;
  /** Those whose blob is gone. */
  missingBlob: number;
  /** With `includeStale`: the stale root-era copies among them; null without. */
  staleRootEra: number | null;
}

export interface OrphanCleanupPorts extends OrphanSurveyPort, OrphanDeletionPort {
  progress(event: OrphanSurveyProgress | OrphanDeletionProgress): void;
  /** The document listing is incomplete, once per reason, after the survey and before anything is deleted. */
  incomplete(why: string): void;
  /** Asks to delete the selection (never called for an empty one); throws when not confirmed: nothing is deleted. */
  confirm(selection: OrphanSelection): Promise<void>;
}

export interface OrphanCleanupRequest extends OrphanSurveyRequest {
  /** Delete the selection (once confirmed); false: a dry run that reports only. */
  delete: boolean;
  /** With `delete`: the stale root-era copies too. */
  includeStale: boolean;
  /** Documents per delete batch (1-1000). */
  batchSize: number;
}

export interface OrphanCleanup {
  report: OrphanReport;
  /** Why the document listing is not complete (empty when it is). */
  incomplete: string[];
  /** What `delete` did; null on a dry run. */
  deletion: DeletionResult | null;
  dryRun: boolean;
  passed: boolean;
}

/**
 * The verdict, three rules: an incomplete listing fails (finding nothing then proves nothing); a deletion passes
 * when every item it sent succeeded; a dry run passes only when there is nothing to clean up (no document whose
 * blob is gone, no stale root-era copy; a mismatched app/repo is fixed by a reset and run, not by deleting).
 */
function orphansPassed(c: Omit<OrphanCleanup, "passed">): boolean {
  if (c.incomplete.length > 0) return false;
  if (c.deletion) return c.deletion.failed.length === 0;
  return c.report.missingBlob.length + c.report.staleRootEra.length === 0;
}

export async function cleanOrphans(ports: OrphanCleanupPorts, request: OrphanCleanupRequest): Promise<OrphanCleanup> {
  const { report, incomplete } = await surveyOrphans(ports, {
    container: request.container,
    ...(request.apps ? { apps: request.apps } : {}),
  });
  for (const why of incomplete) ports.incomplete(why);
  let deletion: DeletionResult | null = null;
  if (request.delete) {
    const { includeStale } = request;
    const selected = selectDeletions(report, { includeStale });
    if (selected.length > 0)
      await ports.confirm({
        documents: selected.length,
        missingBlob: report.missingBlob.length,
        staleRootEra: includeStale ? report.staleRootEra.length : null,
      });
    deletion = await deleteOrphans(ports, report, {
      includeStale,
      batchSize: request.batchSize,
      onProgress: (event) => ports.progress(event),
    });
  }
  const cleanup = { report, incomplete, deletion, dryRun: !request.delete };
  return { ...cleanup, passed: orphansPassed(cleanup) };
}
