// Where a blue/green rebuild or the migration stands, in words: `status`'s description, a pending operation's
// message (plan's text, Markdown and --json, the saved plan's file) and the error line of a refusal that depends
// on the phase (src/cli/outcome-exit.ts). The core returns the phase (../bluegreen/progress-state.ts) and what
// it refused (../bluegreen/rebuild.ts); the words are here.
import type { PendingOperation } from "../bluegreen/pending.js";
import type { Phase } from "../bluegreen/progress-state.js";
import type { PhaseRefusal } from "../bluegreen/rebuild.js";
import type { RecordedPendingOperation } from "../saved-plans/saved-plan.js";

/** One or two lines for `status`: where things stand and the exact next command. */
export function phaseText(name: string, p: Phase): string {
  switch (p.phase) {
    case "concrete":
      return `${name} is a concrete index (not an alias): a rebuild drops it. Run \`docs-index migrate-to-alias\` once to serve it through an alias.`;
    case "missing":
      return `${name} exists neither as an alias nor as an index: run \`docs-index deploy\`.`;
    case "alias-missing":
      return `${name} is missing: the migration stopped after deleting the concrete index and before creating the alias, so queries to ${name} FAIL. Run \`docs-index migrate-to-alias --resume\` now (it creates the alias of ${p.generation}).`;
    case "idle":
      return (
        `${name} is an alias of ${p.live}.` +
        (p.older.length
          ? ` Older generation(s) kept for rollback: ${p.older.join(", ")} (\`deploy --prune\` deletes them).`
          : "") +
        (p.candidate
          ? ` ${p.candidate} is not in use (left by a rolled-back or interrupted rebuild; the next rebuild replaces it, \`deploy --prune\` deletes it).`
          : "")
      );
    case "building":
      return `a rebuild is under way: ${p.live ?? name} serves, docs-indexer fills ${p.candidate} (crawl: ${p.crawl}). \`docs-index deploy --resume\` continues it (wait, verify, swap); consumers stay on ${p.live ?? name} until then.`;
    case "inconsistent":
      return `the indexer targets ${p.indexerTarget ?? "nothing"}, which is neither the live generation ${p.live ?? "?"} nor a newer one: run \`docs-index deploy\` to point it back.`;
  }
}

/** A pending operation as documents hold it (plan --json, the saved plan's file): its phase worded. */
export function pendingDocument(p: PendingOperation | RecordedPendingOperation): RecordedPendingOperation {
  return { phase: p.phase, message: pendingMessage(p), command: p.command };
}

/** Where a pending operation stands: worded from its phase, or as a saved plan recorded it. */
export function pendingMessage(p: PendingOperation | RecordedPendingOperation): string {
  return "message" in p ? p.message : phaseText(p.name, p.state);
}

/** The error line of a rebuild, resume, prune, deploy or migration the phase does not allow (nothing written). */
export function phaseRefusalMessage(phase: Phase, refusal: PhaseRefusal): string {
  if (refusal.refused === "planned-target") return `${refusal.mismatch}; nothing was changed. Plan again.`;
  const where = phaseText(refusal.name, phase);
  switch (refusal.refused) {
    case "rebuild-under-way":
      return `${where} Re-run with --resume, or wait for it to finish.`;
    case "migrate-under-way":
      return `${where} Re-run migrate-to-alias with --resume.`;
    case "rebuild":
      return `cannot rebuild ${refusal.name}: ${where}`;
    case "resume":
      return `no rebuild of ${refusal.name} to resume: ${where}`;
    case "migrate":
      return `cannot migrate ${refusal.name}: ${where}`;
    case "prune":
      return `not pruning: ${where}`;
    case "deploy":
      return `not deploying: ${where}`;
  }
}
