// Human output of the rebuild and the migration (stdout): steps, verification, dropped documents; `--json` prints
// the result objects themselves, each step's detail worded here (the core records what the step did as a fact).
import type { CrawlWindowRecord, StepDetail, StepRecord } from "../bluegreen/build.js";
import type { DroppedSummary, DropReason } from "../bluegreen/dropped.js";
import type { KnowledgeSourcePoint } from "../bluegreen/knowledge-repoint.js";
import type { MigrateResult } from "../bluegreen/migrate.js";
import type { RebuildResult } from "../bluegreen/rebuild.js";
import type { Verification } from "../bluegreen/verify.js";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `knowledge source ks → docs-index-2 (read back)`, or `knowledge source ks names docs-index-2` when it already did.
 */
function knowledgeSourceText(p: KnowledgeSourcePoint): string {
  return p.written
    ? `knowledge source ${p.knowledgeSource} → ${p.index} (read back)`
    : `knowledge source ${p.knowledgeSource} names ${p.index}`;
}

function crawlWindowText(w: CrawlWindowRecord): string {
  return w.recorded
    ? `${w.index} records its crawl window (${w.from} to ${w.until})`
    : `${w.index}'s crawl window was NOT recorded (${w.reason}): status reports the serving generation's last run as unknown until ${w.index} is pruned`;
}

/** What a step of a rebuild or migration did, in one line (the result's step table, its --json, the progress line). */
export function stepDetailText(d: StepDetail): string {
  switch (d.did) {
    case "deleted-unused":
      return `deleted ${d.indexes.join(", ")} as planned: left unused by an earlier rolled-back or interrupted rebuild`;
    case "created-index":
      return `created index ${d.index} from the reviewed definition`;
    case "pointed-indexer":
      return `${d.indexer} now writes into ${d.index} (was ${d.was})`;
    case "started-crawl":
      return `reset ${d.indexer} and ${d.joined ? "joined" : "started"} a full crawl into ${d.index}`;
    case "crawl-finished":
      return `the crawl into ${d.index} finished`;
    case "verified":
      return `${d.index} ${d.ok ? "passed" : "FAILED"}`;
    case "rolled-back":
      return `${d.indexer} points at ${d.serving} again; the alias was not touched; ${crawlWindowText(d.crawlWindow)}`;
    case "swapped":
      return `alias ${d.alias}: ${d.from} → ${d.to}${d.knowledgeSource ? `; ${knowledgeSourceText(d.knowledgeSource)}` : ""}`;
    case "propagated":
      return `waited ${d.waitedMs} ms for the alias update to propagate`;
    case "pruned":
      return `deleted ${d.indexes.join(", ")}`;
    case "created-alias":
      return `alias ${d.alias} → ${d.index} (attempt ${d.attempts})`;
    case "pointed-knowledge-source":
      return d.point ? knowledgeSourceText(d.point) : "";
    case "deleted-concrete-index":
      return `deleted the concrete index ${d.alias} (queries to ${d.alias} fail until the alias exists)`;
  }
}

/** A rebuild's or migration's result as its --json document: each step's detail in words. */
export function withWordedSteps<R extends { steps: StepRecord[] }>(
  result: R,
): Omit<R, "steps"> & { steps: (Omit<StepRecord, "detail"> & { detail: string })[] } {
  return { ...result, steps: result.steps.map((s) => ({ ...s, detail: stepDetailText(s.detail) })) };
}

export function formatRebuildResult(r: RebuildResult): string {
  const lines = [`blue/green rebuild of ${r.alias}: ${r.from} → ${r.to}`];
  for (const s of r.steps)
    lines.push(`  ${s.step.padEnd(18)} ${seconds(s.ms).padStart(7)}  ${stepDetailText(s.detail)}`);
  lines.push(
    "verification:",
    ...formatVerification(r.verification)
      .split("\n")
      .map((l) => `  ${l}`),
  );
  lines.push(...formatDropped(r.dropped).split("\n"));
  if (r.pruned.length) lines.push(`deleted: ${r.pruned.join(", ")}`);
  if (r.kept.length)
    lines.push(
      `kept for rollback: ${r.kept.join(", ")} (delete with \`docs-index deploy --prune\` once you are satisfied)`,
    );
  lines.push(`${r.alias} now serves ${r.to}.`);
  return lines.join("\n");
}

export function formatMigrateResult(r: MigrateResult): string {
  if (r.alreadyMigrated) return `${r.alias} is already an alias (of ${r.generation}); nothing to do.`;
  const lines = [`migration of ${r.alias} to an alias of ${r.generation}`];
  for (const s of r.steps)
    lines.push(`  ${s.step.padEnd(22)} ${seconds(s.ms).padStart(7)}  ${stepDetailText(s.detail)}`);
  if (r.verification)
    lines.push(
      "verification:",
      ...formatVerification(r.verification)
        .split("\n")
        .map((l) => `  ${l}`),
    );
  if (r.dropped) lines.push(...formatDropped(r.dropped).split("\n"));
  if (r.gapMs !== undefined)
    lines.push(
      `gap: ${r.gapMs} ms between deleting the concrete index and the alias answering (${r.aliasAttempts ?? 1} attempt(s)); queries to ${r.alias} failed only then`,
    );
  lines.push(
    `${r.alias} is now an alias of ${r.generation}. Rebuilds from now on are blue/green (deploy --allow-rebuild).`,
  );
  return lines.join("\n");
}

export function formatVerification(v: Verification): string {
  return v.checks.map((c) => `${c.skipped ? "skip" : c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`).join("\n");
}

function formatDropped(d: DroppedSummary): string {
  if (d.total === 0) return "documents dropped by the rebuild: none";
  const lines = [
    `documents dropped by the rebuild (in the live generation, not in the new one): ${d.total}`,
    `  orphans (blob deleted): ${d.byReason.orphan}`,
    `  stale copies of root pages that fail by design: ${d.byReason["expected-failure-copy"]}`,
    `  documents of extensions now excluded: ${d.byReason["excluded-extension"]}`,
    `  unexplained${d.blobsKnown ? "" : " (no container listing: not classified)"}: ${d.byReason.unexplained}`,
  ];
  for (const reason of Object.keys(d.samples) as DropReason[])
    for (const path of d.samples[reason]) lines.push(`    ${reason}: ${path}`);
  return lines.join("\n");
}
