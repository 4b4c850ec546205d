// `preflight` for people: one line per check, with the fix for a failed one.
import type { PreflightReport } from "../ops/preflight.js";

export function formatPreflightReport(report: PreflightReport): string {
  const lines = [
    `docs storage account ${report.account}: ${report.ok ? "ready for soft-delete deletion detection" : "NOT ready"}`,
  ];
  for (const f of report.findings) {
    lines.push(`  ${f.ok ? "ok  " : "FAIL"} ${f.check}: ${f.observed} (expected ${f.expected}; source: ${f.source})`);
    if (f.fix) lines.push(`       fix: ${f.fix}`);
  }
  return lines.join("\n");
}
