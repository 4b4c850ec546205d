// The plan for reviewers (`plan --markdown`, `show --markdown`): GitHub-flavoured markdown for a pull-request
// comment or a job summary. A summary line; rebuilds called out first with what they cost; one collapsible
// section per changed object with a table of changed fields and attributes, their class and the reason;
// unchanged objects on one line. Pure: plan (and, for saved plans, the target) in, text out.
import { KIND_NOUNS, type Definitions } from "../definitions/definitions.js";
import { describeNewField } from "../definitions/field-attributes.js";
import type { Change, ObjectPlan, Plan } from "../plan/plan.js";
import { carriedOutSummary } from "../plan/carried-out.js";
import {
  plannedBlueGreen,
  type RebuildStrategy,
  type RecordedPendingOperation,
  type SavedPlan,
  type SavedPlanTarget,
} from "../saved-plans/saved-plan.js";
import type { JsonObject } from "../definitions/json.js";
import type { PendingOperation } from "../bluegreen/pending.js";
import { pendingMessage } from "./phase-text.js";
import type { BlueGreenTarget } from "../bluegreen/rebuild-target.js";
import type { Reranking } from "../plan/ranking-changes.js";
import { planDocument } from "./plan-document.js";
import { describeRankingCheck } from "./plan-text.js";

export interface MarkdownOptions {
  /** Where the plan applies; named under the heading. */
  target?: Pick<SavedPlanTarget, "environment" | "endpoint"> & Partial<Pick<SavedPlanTarget, "current_index">>;
  /** How a rebuild would be carried out (default: drop and recreate). */
  rebuild?: RebuildStrategy | null;
  /** A blue/green rebuild's generations: what it costs is noted under the index, as in every rendering. */
  blueGreen?: BlueGreenTarget | null;
  /** The definitions the plan applies: an index to be created is listed field by field. */
  definitions?: Definitions;
  /** Heading level of the title (default 3: under a comment's own `##` heading). */
  headingLevel?: number;
  /** An operation under way that blocks the deploy (an interrupted rebuild), with the command that finishes it. */
  pending?: PendingOperation | RecordedPendingOperation | null;
  /** An in-place change that re-ranks, with the relevance check the deploy runs and the alternative. */
  reranking?: Reranking | null;
}

/** Objects with at most this many changes are shown expanded; larger diffs start folded. */
const OPEN_UP_TO = 10;
/** Longer values are cut in table cells (the saved plan's JSON has them whole). */
const MAX_VALUE = 100;

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** Text for a table cell: pipes escaped, on one line. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replace(/\s*\n\s*/g, " ");
}

/** A value as inline code, safe inside a table cell. */
function code(value: unknown): string {
  let text = typeof value === "string" ? value : (JSON.stringify(value) ?? "undefined");
  if (text.length > MAX_VALUE) text = `${text.slice(0, MAX_VALUE - 1)}…`;
  const fence = text.includes("`") ? "``" : "`";
  return `${fence}${fence === "``" ? ` ${text} ` : text}${fence}`;
}

/** A value in a table: a field definition by its type (the plan's reason lists its attributes), else as code. */
function valueText(value: unknown): string {
  if (value !== null && typeof value === "object" && typeof (value as JsonObject).type === "string")
    return code((value as JsonObject).type);
  return code(value);
}

function what(change: Change): string {
  switch (change.change) {
    case "added":
      return `added ${valueText(change.to)}`;
    case "removed":
      return `removed (was ${code(change.from)})`;
    case "modified":
      return `${code(change.from)} → ${code(change.to)}`;
  }
}

function changeRow(change: Change, reranks: ReadonlySet<string>): string {
  const where = change.field !== undefined ? code(change.field) : code(change.path);
  const attribute = change.attribute !== undefined ? code(change.attribute) : "";
  const cls =
    change.effect === "rebuild" ? "**rebuild**" : reranks.has(change.path) ? "in place, **re-ranks**" : "in place";
  return `| ${[where, attribute, what(change), cls, change.reason].map(cell).join(" | ")} |`;
}

const ACTION_LABEL: Record<ObjectPlan["action"], string> = {
  create: "create",
  update: "update in place",
  rebuild: "rebuild",
  unchanged: "unchanged",
};

/** What a create brings: an index's fields, each described as plan describes a new field. */
function createBody(object: ObjectPlan, definitions: Definitions | undefined): string[] {
  const fields = object.kind === "index" ? (definitions?.index.fields as JsonObject[] | undefined) : undefined;
  if (!fields) return ["Created from its definition file; nothing exists on the service under this name yet.", ""];
  return [
    `A new index with ${fields.length} fields:`,
    "",
    "| Field | Type and attributes |",
    "| --- | --- |",
    ...fields.map((f) => `| ${[code(f.name), describeNewField(f)].map(cell).join(" | ")} |`),
    "",
  ];
}

function objectSection(
  object: ObjectPlan,
  definitions?: Definitions,
  reranks: ReadonlySet<string> = new Set(),
): string[] {
  const count = object.changes.length;
  const open = object.action === "rebuild" || count <= OPEN_UP_TO ? " open" : "";
  const detail = object.action === "create" ? "new" : `${count} change${count === 1 ? "" : "s"}`;
  const lines = [
    `<details${open}><summary>${KIND_NOUNS[object.kind]} <code>${escapeHtml(object.name)}</code>: <b>${ACTION_LABEL[object.action]}</b> (${detail})</summary>`,
    "",
  ];
  if (object.action === "create") {
    lines.push(...createBody(object, definitions));
  } else {
    lines.push("| Field / setting | Attribute | Change | Class | Reason |", "| --- | --- | --- | --- | --- |");
    for (const change of object.changes)
      lines.push(changeRow(change, object.kind === "index" ? reranks : new Set<string>()));
    lines.push("");
  }
  for (const note of object.notes) lines.push(`**Note:** ${escapeHtml(note)}`, "");
  lines.push("</details>");
  return lines;
}

/** The call-out for one object to be rebuilt: what forces it and what it costs. */
function rebuildCallout(object: ObjectPlan, rebuild: RebuildStrategy | null | undefined, current?: string): string[] {
  const forcing = object.changes
    .filter((c) => c.effect === "rebuild")
    .map((c) => `${code(c.path)} (${c.change === "modified" ? `${code(c.from)} → ${code(c.to)}` : c.change})`);
  const name = code(object.name);
  const head =
    rebuild?.strategy === "blue-green"
      ? [
          `> **Rebuild of ${KIND_NOUNS[object.kind]} ${name}, blue/green (${code(current ?? object.name)} → ${code(rebuild.next_index ?? "next generation")}).**`,
          `> Cost: a full crawl (indexer reset + run) into the new generation. No downtime: consumers keep querying the current generation through the alias ${name} until the new one is verified and the alias is swapped.`,
        ]
      : [
          `> **Rebuild of ${KIND_NOUNS[object.kind]} ${name}: dropped and recreated.**`,
          `> Cost: every document in the index is deleted; queries return nothing until a full re-crawl (indexer reset + run) repopulates it.`,
        ];
  const deletes = rebuild?.strategy === "blue-green" ? (rebuild.deletes ?? []) : [];
  return [
    "> [!CAUTION]",
    ...head,
    ...(deletes.length > 0
      ? [
          `> Deletes: index ${deletes.map(code).join(", ")} first, an unused generation left by an earlier rolled-back or interrupted rebuild (the alias does not serve it, the indexer does not write into it).`,
        ]
      : []),
    `> Forced by: ${forcing.join(", ")}.`,
    "> `docs-index deploy` refuses it without `--allow-rebuild`.",
  ];
}

function summaryLine(
  plan: Plan,
  pending: PendingOperation | RecordedPendingOperation | null | undefined,
  blueGreen: boolean,
): string {
  const s = carriedOutSummary(plan, blueGreen);
  if (s.create + s.update + s.rebuild === 0)
    return pending
      ? `**Pending:** an operation under way must be finished first (${pending.command ? code(pending.command) : "by hand"}); the definitions match the service.`
      : "**No changes.** The service matches the definitions.";
  return `**Plan:** ${s.create} to create, ${s.update} to update in place, ${s.rebuild} to rebuild, ${s.unchanged} unchanged${pending ? "; an operation under way must be finished first" : ""}.`;
}

/** The call-out for an operation under way: deploy refuses until it is finished. */
function pendingCallout(p: PendingOperation | RecordedPendingOperation): string[] {
  return [
    "> [!WARNING]",
    `> **Under way:** ${escapeHtml(pendingMessage(p))}`,
    p.command
      ? `> Finish it with ${code(p.command)}: \`docs-index deploy\` refuses any other change until then.`
      : "> `docs-index deploy` refuses any change until it is put right.",
  ];
}

/** The call-out for an in-place re-ranking: what re-ranks, the relevance check, the side-by-side alternative. */
function rerankingCallout(r: Reranking): string[] {
  return [
    "> [!IMPORTANT]",
    `> **Re-ranking in place:** ${r.changes.map(code).join(", ")} change${r.changes.length === 1 ? "s" : ""} the ranking of the documents already indexed; consumers see it as soon as it is written.`,
    `> Relevance check: ${escapeHtml(describeRankingCheck(r.check))}.`,
    r.alternative
      ? `> To verify it before consumers see it: ${code(r.alternative)} builds a new generation, checks it (relevance gate included) and only then swaps the alias.`
      : "> To verify it before consumers see it: `docs-index migrate-to-alias` once, then `docs-index deploy --blue-green`.",
  ];
}

export function renderPlanMarkdown(plan: Plan, options: MarkdownOptions = {}): string {
  const hashes = "#".repeat(options.headingLevel ?? 3);
  const lines = [`${hashes} docs-index plan`, ""];
  if (options.target)
    lines.push(`Environment ${code(options.target.environment)}, endpoint ${code(options.target.endpoint)}.`, "");
  lines.push(summaryLine(plan, options.pending, Boolean(options.blueGreen)), "");
  if (options.pending) lines.push(...pendingCallout(options.pending), "");
  for (const object of plan.objects.filter((o) => o.action === "rebuild"))
    lines.push(...rebuildCallout(object, options.rebuild, options.target?.current_index), "");
  if (options.reranking) lines.push(...rerankingCallout(options.reranking), "");
  const reranks = new Set(options.reranking?.changes ?? []);
  for (const object of planDocument(plan, options.blueGreen).objects.filter((o) => o.action !== "unchanged"))
    lines.push(...objectSection(object, options.definitions, reranks), "");
  const unchanged = plan.objects.filter((o) => o.action === "unchanged");
  if (unchanged.length > 0)
    lines.push(`Unchanged: ${unchanged.map((o) => `${KIND_NOUNS[o.kind]} ${code(o.name)}`).join(", ")}.`, "");
  return lines.join("\n");
}

/** A saved plan as a reviewer sees it: the plan with its target and rebuild strategy. */
export function renderSavedPlanMarkdown(saved: SavedPlan, options: Pick<MarkdownOptions, "headingLevel"> = {}): string {
  return renderPlanMarkdown(saved.plan, {
    ...options,
    target: saved.target,
    rebuild: saved.rebuild,
    blueGreen: plannedBlueGreen(saved),
    definitions: saved.definitions,
    pending: saved.pending,
    reranking: saved.reranking,
  });
}
