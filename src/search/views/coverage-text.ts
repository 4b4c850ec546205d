// `coverage` for people: nulls per countable field, the dedup filter to use now, the index eTag.
import { REPROCESSED_MARKER_FIELD, type CoverageReport } from "../ops/coverage.js";

export function formatCoverageReport(report: CoverageReport): string {
  const lines = [`documents: ${report.total}; ${reprocessedLine(report)}`];
  // The name column fits the longest field name (a field added later may be long: metadata_storage_size).
  const width = Math.max(14, ...report.fields.map((f) => f.field.length));
  const row = (field: string, nulls: string, pending: string, filled: string) =>
    `${field.padEnd(width)} ${nulls.padStart(6)}  ${pending.padStart(7)}  ${filled.padStart(8)}`;
  lines.push(row("field", "nulls", "pending", "filled %"));
  for (const f of report.fields) {
    const note = f.error
      ? `  (${f.error})`
      : f.contentDependent
        ? "  (may stay null by content: informational)"
        : f.countedVia
          ? `  (counted on ${f.countedVia}, which holds the same value)`
          : "";
    lines.push(
      row(f.field, String(f.nullCount ?? "?"), String(f.pendingNulls ?? "?"), String(f.percentFilled ?? "?")) + note,
    );
  }
  if (report.nullFormat.listed && report.nullFormat.expectedFailure + report.nullFormat.excludedExtension > 0) {
    lines.push(
      `null format that no run will fill: ${report.nullFormat.expectedFailure} expected-failure root copies, ${report.nullFormat.excludedExtension} excluded-extension leftovers`,
    );
  }
  lines.push(`dedup filter to use now: ${report.dedup.filter}  (${report.dedup.reason})`);
  for (const problem of report.problems) lines.push(`NOT OK: ${problem}`);
  lines.push(
    `index eTag: ${report.indexEtag ?? "unavailable"}; indexer's last successful run into the serving generation ended: ${report.lastSuccessfulRunUnknownReason ? `unknown (${report.lastSuccessfulRunUnknownReason})` : (report.lastSuccessfulRunEnd ?? "none in the history")}`,
  );
  lines.push(coverageVerdict(report));
  return lines.join("\n");
}

/** Two lines for a report already shown in full (backfill's "coverage before"): the share and the verdict. */
export function formatCoverageSummary(report: CoverageReport): string {
  return `documents: ${report.total}; ${reprocessedLine(report)}\n  ${coverageVerdict(report)}`;
}

/** The last line: what the exit code means here, naming the fields that hold it back (a new field at 0 % too). */
function coverageVerdict(report: CoverageReport): string {
  if (report.complete) return "verdict: complete (exit 0): every field is filled wherever a run can fill it";
  const pending = report.fields.filter((f) => !f.contentDependent && (f.pendingNulls ?? 0) > 0);
  const most = Math.max(0, ...pending.map((f) => f.pendingNulls ?? 0));
  const why = [
    ...report.problems,
    ...(pending.length > 0
      ? [
          `up to ${most} document(s) still wait for a reset and run to fill ${pending.map((f) => `${f.field} (${f.percentFilled ?? "?"} %)`).join(", ")}: run \`npx docs-index backfill\``,
        ]
      : []),
  ];
  return `verdict: incomplete (exit 1): ${why.join("; ")}`;
}

/** The share reprocessed since the fields were added, naming the newer field that bounds it when not the marker. */
function reprocessedLine(report: CoverageReport): string {
  const bound = report.reprocessedBoundBy;
  if (bound === null || bound === REPROCESSED_MARKER_FIELD)
    return `reprocessed since the fields were added: ${report.percentReprocessed ?? "?"} %`;
  return `reprocessed since the newest field was added: at most ${report.percentReprocessed} % (${bound} is filled in ${report.percentReprocessed} %)`;
}
