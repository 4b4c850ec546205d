// Both names of the index (the configured name and the concrete index behind it) and where a blue/green rebuild
// stands: the facts `status`, `coverage` and `snapshot` report (views/index-names-text.ts words them).
import type { Phase } from "./progress-state.js";

/** Both names of the index and where a blue/green rebuild stands, for status, coverage and snapshot. */
export interface IndexNames {
  /** The configured name consumers query (docs-index). */
  name: string;
  /** The concrete index it designates now (docs-index-3), or null when neither an alias nor an index exists. */
  serving: string | null;
  alias: boolean;
  /** `status` only: the phase read from the service and what to do next. */
  phase?: Phase["phase"];
  description?: string;
}
