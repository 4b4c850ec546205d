// The `npm run local -- --json` document: the summary (and with --keep the variables that point the CLI at the
// services), versioned like every docs-index --json document (`format_version` first, src/cli/output.ts).
import { jsonDocument } from "../../src/cli/output.js";
import type { LocalSummary } from "./run-local.js";

export function localSummaryDocument(summary: LocalSummary, env?: Record<string, string>): object {
  return jsonDocument({ ...summary, ...(env ? { env } : {}) });
}
