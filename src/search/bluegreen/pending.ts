// An operation the service shows under way or broken (an interrupted blue/green rebuild, a migration stopped
// half-way, an indexer pointing elsewhere): deploy refuses to write until it is finished, so `plan` shows it as a
// pending change with the command that finishes it, and `--detailed-exitcode` exits 2. Facts only: the views word
// where things stand (views/phase-text.ts). Pure.
import type { Phase } from "./progress-state.js";

export interface PendingOperation {
  phase: "building" | "alias-missing" | "inconsistent";
  /** The configured name (docs-index) the phase is of. */
  name: string;
  /** What the service shows (its `phase` is the one above), as `status` words it. */
  state: Phase;
  /** The command that finishes it; null when it needs a person (an indexer pointing at an unknown index). */
  command: string | null;
}

/**
 * What blocks a deploy of `name`, or null: behind the alias, any phase but idle; before the migration, a
 * migration under way or stopped, or an indexer writing elsewhere.
 */
export function pendingOperation(name: string, aliased: boolean, phase: Phase): PendingOperation | null {
  if (phase.phase === "building")
    return {
      phase: "building",
      name,
      state: phase,
      command: aliased ? "docs-index deploy --resume" : "docs-index migrate-to-alias --resume",
    };
  if (phase.phase === "alias-missing")
    return {
      phase: "alias-missing",
      name,
      state: phase,
      command: "docs-index migrate-to-alias --resume",
    };
  if (phase.phase === "inconsistent") return { phase: "inconsistent", name, state: phase, command: null };
  return null;
}
