// The progress lines on stderr, worded from the events the use cases report through their ports (one type per
// use case, beside it in the core): the writes of a deploy, a blue/green build's steps and crawl, the alias retried
// during the migration, the wait for a run, the orphan survey and deletion, preflight's read, the evaluation.
import type { BlueGreenProgress } from "../bluegreen/build.js";
import { KIND_NOUNS } from "../definitions/definitions.js";
import { stepDetailText } from "./bluegreen-text.js";
import type { ApplyProgress } from "../deploy/apply-plan.js";
import type { OrphanDeletionProgress } from "../ops/orphan-deletion.js";
import type { OrphanSurveyProgress } from "../ops/orphan-survey.js";
import type { PreflightProgress } from "../ops/preflight.js";
import type { RunWaitProgress } from "../ops/run-wait.js";
import type { EvalProgress } from "../eval/evaluate-golden.js";

export type ProgressEvent =
  | ApplyProgress
  | BlueGreenProgress
  | RunWaitProgress
  | OrphanSurveyProgress
  | OrphanDeletionProgress
  | PreflightProgress
  | EvalProgress;

/** `creating index docs-index`, `dropping index docs-index (--allow-rebuild)`, `deleting knowledge source ks` */
function writeLine(e: Extract<ApplyProgress, { event: "writing" }>): string {
  const what = `${KIND_NOUNS[e.kind]} ${e.name}`;
  switch (e.write) {
    case "create":
      return `creating ${what}`;
    case "update":
      return `updating ${what}`;
    case "delete":
      return e.kind === "index" ? `dropping ${what} (--allow-rebuild)` : `deleting ${what}`;
    case "recreate":
      return `recreating ${what}`;
  }
}

/** `12s: inProgress, 40 processed, 1 failed`, or `3s: waiting for the run to start` */
function waitLine(e: RunWaitProgress): string {
  const run = e.run;
  const state = run
    ? `${run.status}, ${run.itemsProcessed} processed, ${run.itemsFailed} failed`
    : "waiting for the run to start";
  return `${Math.round(e.waitedMs / 1000)}s: ${state}`;
}

/** The line a progress event shows on stderr. */
export function progressLine(e: ProgressEvent): string {
  switch (e.event) {
    case "writing":
      return writeLine(e);
    case "starting-run":
      return `starting a run of ${e.indexer}`;
    case "step-done":
      return `${e.step}: ${stepDetailText(e.detail)}`;
    case "crawling":
      return `crawling: ${e.itemsProcessed} processed, ${e.itemsFailed} failed (since ${e.since ?? "?"})`;
    case "alias-retry":
      return `the service refused alias ${e.alias} (${e.error}); retrying in ${e.waitMs} ms`;
    case "waiting-for-run":
      return waitLine(e);
    case "listing-blobs":
      return `listing blobs: ${e.count}`;
    case "reading-documents":
      return `reading documents: ${e.count}`;
    case "deleting-orphans":
      return `deleted ${e.deleted} of ${e.total}`;
    case "reading-blob-service-properties":
      return `reading blob service properties of ${e.local ? "Azurite" : e.account}...`;
    case "evaluating":
      return `evaluated ${e.done}/${e.total} queries against ${e.index}`;
  }
}
