// The plan for people: one block per object, one line per change with its effect and reason, coloured like a
// diff (+ added, - removed, ~ modified; red for changes that need a rebuild). `--json` prints the Plan itself.
import { KIND_NOUNS } from "../definitions/definitions.js";
import type { Action, Change, Plan } from "../plan/plan.js";
import { carriedOutSummary, isForcedRebuild } from "../plan/carried-out.js";
import type { BlueGreenTarget } from "../bluegreen/rebuild-target.js";
import type { PendingOperation } from "../bluegreen/pending.js";
import type { RecordedPendingOperation } from "../saved-plans/saved-plan.js";
import { pendingMessage } from "./phase-text.js";
import type { RankingCheck, Reranking } from "../plan/ranking-changes.js";
import { rebuildCostNotes, rebuildLabel } from "./rebuild-cost-text.js";

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

/**
 * How a rebuild is carried out, when not by drop and recreate (blue/green through an alias: ./rebuild-cost-text.ts).
 */
export interface RebuildRendering {
  /** Replaces "rebuild (drop and recreate)", e.g. "rebuild (blue/green: docs-index-3 → docs-index-4)". */
  label: string;
  /** Replaces the warning under the summary. */
  warning: string;
  /** Notes under the index's own: what the rebuild costs and what it does not. */
  notes: string[];
}

/** What a deploy of the plan would also do or need, beyond the objects' changes (all in the plan a reviewer reads). */
export interface PlanConsequences {
  /** An operation under way that the deploy refuses to write past (an interrupted rebuild). */
  pending?: PendingOperation | RecordedPendingOperation | null;
  /** An in-place change that re-ranks, with the relevance check the deploy runs. */
  reranking?: Reranking | null;
}

/**
 * The summary's counts as the deploy carries the plan out: an index rebuilt only because deploy --blue-green forces
 * it counts as a rebuild, said so, not as an update or unchanged.
 */
function planCountsText(plan: Plan, rebuild?: RebuildRendering): string {
  const s = carriedOutSummary(plan, rebuild !== undefined);
  const index = plan.objects.find((o) => o.kind === "index");
  const forced = index !== undefined && isForcedRebuild(index.action, rebuild !== undefined);
  return `${s.create} to create, ${s.update} to update in place, ${s.rebuild} to rebuild${forced ? " (forced by --blue-green)" : ""}, ${s.unchanged} unchanged`;
}

function actionLabel(action: Action, c: Colors, rebuild?: RebuildRendering): string {
  // deploy --blue-green builds a generation even when every change could apply in place: say so on the index's
  // line, where the rebuild is told, instead of "update (in place)".
  if (rebuild && isForcedRebuild(action, true))
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

function changeLine(change: Change, c: Colors, reranks = false): string {
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
  const effect =
    change.effect === "rebuild" ? c.red("[rebuild]") : reranks ? c.yellow("[in place, re-ranks]") : c.dim("[in place]");
  return `  ${colour(`${sign} ${change.path}: ${values}`)} ${effect} ${c.dim(change.reason)}`;
}

/** What the relevance check around an in-place write will do, in one sentence. */
export function describeRankingCheck(check: RankingCheck): string {
  return check.status === "would-run"
    ? `deploy evaluates the ${check.queries === 1 ? "golden query" : `${check.queries} golden queries`} of ${check.golden} before and after the write (reported with a warning on a regression; it does not block)`
    : `deploy will not evaluate it (${check.reason})`;
}

/** The re-ranking call-out under the summary: what re-ranks, the check that runs, the side-by-side alternative. */
function rerankingLines(r: Reranking): string[] {
  return [
    `Re-ranking: ${r.changes.join(", ")} change${r.changes.length === 1 ? "s" : ""} the ranking of the documents already indexed, in place: consumers see it at once.`,
    `  relevance check: ${describeRankingCheck(r.check)}.`,
    r.alternative
      ? `  to verify it before consumers see it: ${r.alternative} (builds a new generation, relevance gate included, then swaps the alias).`
      : "  to verify it before consumers see it: migrate-to-alias once, then deploy --blue-green.",
  ];
}

/** The pending operation's call-out: where things stand and the command that finishes it. */
function pendingLines(p: PendingOperation | RecordedPendingOperation): string[] {
  return [
    `Pending: ${pendingMessage(p)}`,
    p.command
      ? `  finish it with: ${p.command} (deploy refuses any other change until then)`
      : "  deploy refuses any change until it is put right (see docs/blue-green.md)",
  ];
}

export function renderPlan(
  plan: Plan,
  colors: Colors = plain,
  rebuild?: RebuildRendering,
  consequences: PlanConsequences = {},
): string {
  const lines: string[] = [];
  const reranks = new Set(consequences.reranking?.changes ?? []);
  for (const object of plan.objects) {
    lines.push(
      `${colors.bold(`${KIND_NOUNS[object.kind]} ${object.name}`)}: ${actionLabel(object.action, colors, object.kind === "index" ? rebuild : undefined)}`,
    );
    for (const change of object.changes)
      lines.push(changeLine(change, colors, object.kind === "index" && reranks.has(change.path)));
    const notes = object.kind === "index" && rebuild ? [...object.notes, ...rebuild.notes] : object.notes;
    for (const note of notes) lines.push(`  ${colors.dim(`note: ${note}`)}`);
  }
  const { pending } = consequences;
  lines.push("");
  lines.push(
    `Plan: ${planCountsText(plan, rebuild)}${pending ? `; 1 operation under way to finish first (${pending.command ?? "by hand"})` : ""}.`,
  );
  if (pending) lines.push(...pendingLines(pending).map((l) => colors.red(l)));
  if (plan.rebuildRequired)
    lines.push(
      colors.red(
        rebuild?.warning ??
          "A rebuild deletes every document in the index; deploy refuses it unless --allow-rebuild is given.",
      ),
    );
  if (consequences.reranking) lines.push(...rerankingLines(consequences.reranking).map((l) => colors.yellow(l)));
  return lines.join("\n");
}

/** How `plan` renders a blue/green rebuild (label on the index, warning under the summary). */
export function blueGreenRendering(t: BlueGreenTarget): RebuildRendering {
  return {
    label: rebuildLabel(t),
    warning: `The rebuild ${t.deletes.length > 0 ? `deletes ${t.deletes.join(", ")} (unused), then ` : ""}builds ${t.to} beside ${t.from} (one full crawl) and swaps the alias ${t.alias} only after verifying it: no downtime. deploy refuses it unless --allow-rebuild is given.`,
    notes: rebuildCostNotes(t),
  };
}
