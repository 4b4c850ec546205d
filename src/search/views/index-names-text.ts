// Both names of the index for people (`status`, `coverage`): the configured name and the concrete index behind it,
// and where a blue/green rebuild stands when it is not idle (the facts: bluegreen/index-names.ts).
import type { IndexNames } from "../bluegreen/index-names.js";

export function formatIndexNames(n: IndexNames): string {
  const head = n.alias
    ? `index ${n.name} → ${n.serving} (alias)`
    : n.serving
      ? `index ${n.name} (a concrete index, not an alias)`
      : `index ${n.name}: not found`;
  return n.description && n.phase !== "idle" ? `${head}\n${n.description}` : head;
}
