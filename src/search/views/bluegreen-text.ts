// Human output of the rebuild and the migration (stdout): steps, verification, dropped documents; `--json` prints
// the result objects themselves.
import type { DroppedSummary, DropReason } from "../bluegreen/dropped.js";
import type { MigrateResult } from "../bluegreen/migrate.js";
import type { RebuildResult } from "../bluegreen/rebuild.js";
import type { Verification } from "../bluegreen/verify.js";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function formatRebuildResult(r: RebuildResult): string {
  const lines = [`blue/green rebuild of ${r.alias}: ${r.from} → ${r.to}`];
  for (const s of r.steps) lines.push(`  ${s.step.padEnd(18)} ${seconds(s.ms).padStart(7)}  ${s.detail}`);
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
  for (const s of r.steps) lines.push(`  ${s.step.padEnd(22)} ${seconds(s.ms).padStart(7)}  ${s.detail}`);
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
