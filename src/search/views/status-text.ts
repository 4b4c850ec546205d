// `status` for people: the last run with every error classified, the history and the verdict line.
import type { KnowledgeSourceReport } from "../agentic/knowledge-source-report.js";
import type { StatusReport } from "../ops/status-report.js";
import type { IndexNames } from "../bluegreen/index-names.js";
import { formatIndexNames } from "./index-names-text.js";

/** Human-readable report (stdout without --json). */
export function formatStatusReport(report: StatusReport): string {
  const lines: string[] = [];
  lines.push(
    `indexer ${report.indexer ?? "(unnamed)"}: service status ${report.serviceStatus ?? "unknown"} (available to run; says nothing about an active run)`,
  );
  if (report.inProgress) {
    lines.push(
      `a run is in progress since ${report.inProgress.startTime ?? "?"}: ${report.inProgress.itemsProcessed} processed, ${report.inProgress.itemsFailed} failed so far`,
    );
  }
  const r = report.lastRun;
  if (report.servingRuns === "unknown")
    lines.push(`last run into the serving generation: unknown (${report.servingRunsReason ?? "?"})`);
  if (report.servingRuns === "assumed") lines.push(`note: ${report.servingRunsReason ?? "?"}`);
  const into = report.servingIndex ? ` into ${report.servingIndex}` : "";
  if (r) {
    lines.push(
      `last run${into}: ${r.status}, ${r.startTime ?? "?"} -> ${r.endTime ?? "?"}, ${r.itemsProcessed} processed, ${r.itemsFailed} failed (${r.expectedFailures} expected, ${r.unexpectedFailures + r.unexplainedFailures} unexpected)`,
    );
    for (const e of r.errors) {
      lines.push(`  [${e.classification}] ${e.blobPath ?? e.key ?? "(no key)"}: ${e.message}`);
    }
  }
  lines.push(`last successful run${into} ended: ${report.lastSuccessfulRunEnd ?? "none in the history"}`);
  if (report.documentCount !== null) lines.push(`documents in the index: ${report.documentCount}`);
  // The verdict right after what it judges: a failed candidate's run or a failing run in the history printed
  // just above "OK" would read as a contradiction. What is not judged comes after it, said so.
  lines.push(report.ok ? "OK: every failure is expected" : `NOT OK: ${report.reasons.join("; ")}`);
  for (const e of report.runsElsewhere) {
    const o = e.lastRun;
    lines.push(
      `not judged: last run into ${e.index} (${e.why}), not the serving generation: ${o.status}, ${o.startTime ?? "?"} -> ${o.endTime ?? "?"}, ${o.itemsProcessed} processed, ${o.itemsFailed} failed`,
    );
  }
  if (report.history.length > 1) {
    // The indexer's history, whichever index each run wrote into (after a rebuild, older generations' too).
    lines.push(`recent runs of ${report.indexer ?? "the indexer"} (into any index; not judged):`);
    for (const h of report.history) {
      lines.push(
        `  ${h.startTime ?? "?"}  ${h.status.padEnd(16)} processed ${h.itemsProcessed}, failed ${h.itemsFailed} (unexpected ${h.unexpectedFailures + h.unexplainedFailures})`,
      );
    }
  }
  return lines.join("\n");
}

/** The whole `status` answer: which index serves, the knowledge source's target (agentic retrieval), the report. */
export function formatStatusResult(
  report: StatusReport,
  index: IndexNames,
  knowledgeSource: KnowledgeSourceReport | null,
): string {
  return [
    formatIndexNames(index),
    ...(knowledgeSource ? [formatKnowledgeSourceReport(knowledgeSource)] : []),
    formatStatusReport(report),
  ].join("\n");
}

/** The knowledge source line of `status`: where it points and whether that is the serving generation. */
export function formatKnowledgeSourceReport(r: KnowledgeSourceReport): string {
  if (!r.found) return `knowledge source ${r.name}: not found\n  ${r.problem}`;
  const head = `knowledge source ${r.name} → ${r.index ?? "(no index)"} (${r.synchronizationStatus ?? "status unknown"})`;
  return r.current ? head : `${head}\n  ${r.problem}`;
}
