// A saved plan for people (`docs-index show <file>`): where and against what it was made, then the plan as
// `docs-index plan` prints it (`show --json` prints the file's document; `show --markdown` the reviewer's view);
// also what `deploy <file>` shows of a saved plan it refused.
import { blueGreenRendering, renderPlan, type Colors } from "./plan-text.js";
import { plannedBlueGreen, type SavedPlan } from "../saved-plans/saved-plan.js";

const plain: Colors = { red: (s) => s, green: (s) => s, yellow: (s) => s, dim: (s) => s, bold: (s) => s };

export function renderSavedPlan(saved: SavedPlan, colors: Colors = plain): string {
  const t = saved.target;
  const pinned = saved.live.map((r) => `${r.kind} ${r.name} ${r.etag ?? "(absent)"}`).join(", ");
  const lines = [
    colors.bold(`Saved plan for environment ${t.environment}, endpoint ${t.endpoint}`),
    colors.dim(
      `made ${saved.created_at} by docs-index ${saved.tool_version} (format ${saved.format_version}, api ${t.api_version})`,
    ),
    colors.dim(`planned against: ${pinned}`),
  ];
  if (t.current_index !== t.index_name) lines.push(colors.dim(`index ${t.index_name} resolves to ${t.current_index}`));
  if (saved.rebuild)
    lines.push(
      colors.red(
        `rebuild by ${saved.rebuild.strategy}${saved.rebuild.next_index ? ` into ${saved.rebuild.next_index}` : ""}`,
      ),
    );
  // The rebuild as `plan` tells it: behind the alias blue/green (no downtime), not the drop-and-recreate warning.
  const blueGreen = plannedBlueGreen(saved);
  lines.push(
    "",
    renderPlan(saved.plan, colors, blueGreen ? blueGreenRendering(blueGreen) : undefined, {
      pending: saved.pending,
      reranking: saved.reranking,
    }),
  );
  return lines.join("\n");
}
