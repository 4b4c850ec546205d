// Both names of the index for people (`status`, `coverage`): the configured name and the concrete index behind it,
// and where a blue/green rebuild stands when it is not idle.
import type { Phase } from "../bluegreen/progress-state.js";

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

export function formatIndexNames(n: IndexNames): string {
  const head = n.alias
    ? `index ${n.name} → ${n.serving} (alias)`
    : n.serving
      ? `index ${n.name} (a concrete index, not an alias)`
      : `index ${n.name}: not found`;
  return n.description && n.phase !== "idle" ? `${head}\n${n.description}` : head;
}
