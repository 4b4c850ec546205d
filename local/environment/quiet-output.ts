// What `npm run local` prints of each CLI run without --verbose: the command's result and what a person must see
// (errors, warnings, notes once), not its progress, its target line or the plan a deploy repeats before it
// confirms. --verbose prints every line.
import type { CapturedRun } from "../../src/cli/docs-index/in-process.js";
import type { StepRunner } from "./steps.js";

/** What of a CLI run's stderr a quiet run prints: errors, warnings and notes (the rest is progress). */
export function quietStderr(stderr: string): string {
  return stderr
    .split("\n")
    .filter((line) => /^(error|warning|note): /.test(line))
    .join("\n");
}

/** Prints a CLI run under the current step: stdout, with all of stderr when verbose, else what quietStderr keeps. */
export function showRun(steps: StepRunner, run: CapturedRun, verbose: boolean): void {
  steps.print(verbose ? run.stderr : quietStderr(run.stderr));
  steps.print(run.stdout);
}

/**
 * `docs-index eval`'s report with only the rows of queries whose answer is missing from the top k (and a line
 * counting the others), so the overall figures and what went wrong stay in view.
 */
export function evalMisses(text: string): string {
  const lines = text.split("\n");
  const header = lines.findIndex((l) => /^query\s+recall@/.test(l));
  if (header < 0) return text;
  let end = header + 1;
  while (end < lines.length && lines[end]!.trim() !== "") end += 1;
  const rows = lines.slice(header + 1, end);
  const misses = rows.filter((r) => r.includes("(answer not in top"));
  const others = rows.length - misses.length;
  return [
    ...lines.slice(0, header + 1),
    ...misses,
    `(${others} other ${others === 1 ? "query" : "queries"} found their answer in the top results; --verbose lists every row)`,
    ...lines.slice(end),
  ].join("\n");
}

/** The lines of `text` that match `keep`, in order. */
export function linesMatching(text: string, keep: RegExp): string {
  return text
    .split("\n")
    .filter((l) => keep.test(l))
    .join("\n");
}

/**
 * A rebuild's report without what its other lines already say: the objects the plan leaves unchanged, and the
 * per-document list under "documents dropped by the rebuild (…): N" (the verification's `dropped` line counts them
 * by reason).
 */
export function rebuildReport(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (/^(datasource|indexer|knowledge source|knowledge base) \S+: unchanged$/.test(lines[i]!)) continue;
    if (!/^documents dropped by the rebuild \(/.test(lines[i]!)) {
      out.push(lines[i]!);
      continue;
    }
    while (i + 1 < lines.length && lines[i + 1]!.startsWith(" ")) i += 1;
  }
  return out.join("\n");
}
