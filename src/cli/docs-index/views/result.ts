// What a command prints of its outcome: one view pair, the `--json` document and the text for people, made by the
// command's view (./<command>.ts) from the use case's outcome, with the lines for stderr that go with it. The
// command only shows it (src/cli/output.ts prints one of the pair on stdout).
import type { Output } from "../../output.js";

export interface ResultView {
  /** The `--json` document (the output adds `format_version`). */
  document: object;
  /** The text for people. */
  text: () => string;
  /** What the operator must know afterwards (stderr, also with --json). */
  warnings?: readonly string[];
  /** The next step, and such (stderr, also with --json). */
  notes?: readonly string[];
}

/** The result on stdout, then its warnings and notes on stderr. */
export function showResult(out: Output, view: ResultView): void {
  out.result(view.document, view.text);
  for (const warning of view.warnings ?? []) out.warn(warning);
  for (const note of view.notes ?? []) out.note(note);
}

/**
 * A failure that has a result of its own (a refused plan, a failed verification): shown, then the error goes on
 * to the runner, which words it and names its exit code (src/cli/outcome-exit.ts).
 */
export function showingFailure(out: Output, viewOf: (err: unknown) => ResultView | undefined) {
  return (err: unknown): never => {
    const view = viewOf(err);
    if (view) showResult(out, view);
    throw err;
  };
}
