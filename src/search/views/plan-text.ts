// The plan for people: one block per object, one line per change with its effect and reason, coloured like a
// diff (+ added, - removed, ~ modified; red for changes that need a rebuild). `--json` prints the Plan itself.
import { KIND_NOUNS } from "../definitions/definitions.js";
import type { Action, Change, Plan } from "../plan/plan.js";
import { rebuildLabel, type BlueGreenTarget } from "../bluegreen/plan-view.js";

export interface Colors {
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const plain: Colors = { red: (s) => s, green: (s) => s, yellow: (s) => s, dim: (s) => s, bold: (s) => s };

function show(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** How a rebuild is carried out, when not by drop and recreate (blue/green through an alias: ../bluegreen/plan-view.ts). */
export interface RebuildRendering {
  /** Replaces "rebuild (drop and recreate)", e.g. "rebuild (blue/green: docs-index-3 → docs-index-4)". */
  label: string;
  /** Replaces the warning under the summary. */
  warning: string;
}

function actionLabel(action: Action, c: Colors, rebuild?: RebuildRendering): string {
  // deploy --blue-green builds a generation even when every change could apply in place: say so on the index's
  // line, where the rebuild is told, instead of "update (in place)".
  if (rebuild && (action === "update" || action === "unchanged"))
    return c.yellow(`${rebuild.label}, forced by --blue-green (the changes alone would apply in place)`);
  switch (action) {
    case "create":
      return c.green("create");
    case "update":
      return c.yellow("update (in place)");
    case "rebuild":
      return c.red(rebuild?.label ?? "rebuild (drop and recreate)");
    case "unchanged":
      return c.dim("unchanged");
  }
}

function changeLine(change: Change, c: Colors): string {
  const colour =
    change.effect === "rebuild"
      ? c.red
      : change.change === "added"
        ? c.green
        : change.change === "removed"
          ? c.red
          : c.yellow;
  const sign = change.change === "added" ? "+" : change.change === "removed" ? "-" : "~";
  const values =
    change.change === "modified"
      ? `${show(change.from)} -> ${show(change.to)}`
      : change.change === "added"
        ? change.field !== undefined && change.attribute === undefined && typeof change.to === "object"
          ? show((change.to as { type?: unknown }).type)
          : show(change.to)
        : show(change.from);
  const effect = change.effect === "rebuild" ? c.red("[rebuild]") : c.dim("[in place]");
  return `  ${colour(`${sign} ${change.path}: ${values}`)} ${effect} ${c.dim(change.reason)}`;
}

export function renderPlan(plan: Plan, colors: Colors = plain, rebuild?: RebuildRendering): string {
  const lines: string[] = [];
  for (const object of plan.objects) {
    lines.push(
      `${colors.bold(`${KIND_NOUNS[object.kind]} ${object.name}`)}: ${actionLabel(object.action, colors, object.kind === "index" ? rebuild : undefined)}`,
    );
    for (const change of object.changes) lines.push(changeLine(change, colors));
    for (const note of object.notes) lines.push(`  ${colors.dim(`note: ${note}`)}`);
  }
  const s = plan.summary;
  lines.push("");
  lines.push(
    `Plan: ${s.create} to create, ${s.update} to update in place, ${s.rebuild} to rebuild, ${s.unchanged} unchanged.`,
  );
  if (plan.rebuildRequired)
    lines.push(
      colors.red(
        rebuild?.warning ??
          "A rebuild deletes every document in the index; deploy refuses it unless --allow-rebuild is given.",
      ),
    );
  return lines.join("\n");
}

/** How `plan` renders a blue/green rebuild (label on the index, warning under the summary). */
export function blueGreenRendering(t: BlueGreenTarget): RebuildRendering {
  return {
    label: rebuildLabel(t),
    warning: `The rebuild builds ${t.to} beside ${t.from} (one full crawl) and swaps the alias ${t.alias} only after verifying it: no downtime. deploy refuses it unless --allow-rebuild is given.`,
  };
}
