// `eval`'s views: the report (with its comparison against the baseline when there was one) as the `--json`
// document and as text or Markdown, and the note on what is evaluated.
import type { EvalOutcome } from "../../../search/eval/evaluate-golden.js";
import { formatEvalReport, renderEvalMarkdown } from "../../../search/views/eval-text.js";
import type { TextFormat } from "../arguments/format.js";
import type { ResultView } from "./result.js";

export function evalResult(outcome: EvalOutcome, format: TextFormat): ResultView {
  const { report, comparison } = outcome;
  return {
    document: comparison ? { ...report, comparison } : report,
    text: () => (format === "markdown" ? renderEvalMarkdown(report, comparison) : formatEvalReport(report, comparison)),
  };
}

/** Before the queries run: the index, the golden file and the cut-off. */
export function evalNote(index: string, golden: { path: string; queries: readonly unknown[] }, k: number): string {
  return `eval: index ${index}, golden ${golden.path} (${golden.queries.length} queries), k ${k}`;
}
