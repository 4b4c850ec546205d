// The evaluation report for people (terminal) and for a pull request (Markdown). Pure.
import type { Comparison } from "../eval/compare.js";
import type { EvalReport } from "../eval/report.js";
import type { EvalSummary, RankingEvalOutcome } from "../deploy/ranking-eval.js";
import type { FieldsLackingNote } from "../eval/evaluate-golden.js";

const f = (n: number) => n.toFixed(3);

/** The note when the evaluated index lacks fields search_docs selects: what the eval does about it. */
export function fieldsLackingNote(n: FieldsLackingNote): string {
  return `${n.index} has no field ${n.fields.join(", ")} yet (null in every document until it is added): the eval selects only the fields it has and leaves out filter clauses that hold for null`;
}

function provenanceLines(r: EvalReport): string[] {
  const generation =
    r.index.generation && r.index.generation !== r.index.name ? ` (generation ${r.index.generation})` : "";
  return [
    `index ${r.index.name}${generation}, eTag ${r.index.etag ?? "unknown"}, last successful run ${r.lastSuccessfulRun ?? "unknown"}`,
    `golden ${r.golden.path} (${r.golden.queries} queries, sha256 ${r.golden.sha256.slice(0, 12)}…), k ${r.k}, gain ${r.gain}, evaluated ${r.evaluated_at}`,
    `dedup filter: ${r.dedup_filter}`,
    ...r.provenance_unknown.map((u) => `unknown: ${u}`),
  ];
}

function summaryLine(r: EvalReport): string {
  const leaks = r.queries.filter((q) => q.duplicate_pages.length > 0).length;
  return `recall@${r.k} ${f(r.overall.recall)}, MRR ${f(r.overall.mrr)}, nDCG@10 ${f(r.overall.ndcg10)} over ${r.queries.length} queries${leaks > 0 ? `; ${leaks} with a page twice (dedup leak)` : ""}`;
}

function formatComparison(c: Comparison): string[] {
  return [
    `against the baseline ${c.baseline.index.generation ?? c.baseline.index.name} (eTag ${c.baseline.index.etag ?? "unknown"}): mean nDCG@10 ${f(c.mean_ndcg10.before)} → ${f(c.mean_ndcg10.after)} (tolerance ${c.tolerance})`,
    ...comparisonDetails(c),
  ];
}

/** The per-query changes and the verdict of a comparison. */
function comparisonDetails(c: Comparison): string[] {
  const lines: string[] = [];
  if (!c.same_golden) lines.push("note: the baseline used another golden file (queries matched by id)");
  if (c.worse.length === 0) lines.push("no query got worse");
  for (const w of c.worse)
    lines.push(
      `worse: ${w.id}: nDCG@10 ${f(w.before.ndcg10)} → ${f(w.after.ndcg10)}, recall ${f(w.before.recall)} → ${f(w.after.recall)}, MRR ${f(w.before.mrr)} → ${f(w.after.mrr)}${w.lost_answers.length > 0 ? `; lost ${w.lost_answers.join(", ")}` : ""}${w.new_duplicates.length > 0 ? `; now twice: ${w.new_duplicates.join(", ")}` : ""}`,
    );
  if (c.only_in_baseline.length > 0) lines.push(`only in the baseline: ${c.only_in_baseline.join(", ")}`);
  if (c.only_in_current.length > 0) lines.push(`new queries: ${c.only_in_current.join(", ")}`);
  lines.push(
    c.regressions.length === 0 ? "verdict: no regression" : `verdict: REGRESSION\n  ${c.regressions.join("\n  ")}`,
  );
  for (const accepted of c.accepted_losses) lines.push(`accepted loss: ${accepted}`);
  return lines;
}

export function formatEvalReport(r: EvalReport, comparison?: Comparison): string {
  const width = Math.max(...r.queries.map((q) => q.id.length), 5);
  const lines = [
    ...provenanceLines(r),
    "",
    `${"query".padEnd(width)}  recall@${r.k}  MRR    nDCG@10`,
    ...r.queries.map((q) => {
      const extra = [
        q.answered_as !== q.mode ? `answered as ${q.answered_as}` : "",
        q.missing_answers.length > 0 ? `answer not in top ${r.k}: ${q.missing_answers.join(", ")}` : "",
        q.duplicate_pages.length > 0 ? `page twice (dedup leak): ${q.duplicate_pages.join(", ")}` : "",
      ].filter(Boolean);
      return `${q.id.padEnd(width)}  ${f(q.recall).padEnd(8)}  ${f(q.mrr)}  ${f(q.ndcg10)}${extra.length > 0 ? `  (${extra.join("; ")})` : ""}`;
    }),
    "",
    `overall: ${summaryLine(r)}`,
  ];
  if (comparison) lines.push("", ...formatComparison(comparison));
  return lines.join("\n");
}

const cell = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");

export function renderEvalMarkdown(r: EvalReport, comparison?: Comparison): string {
  const lines = [`### Relevance: ${summaryLine(r)}`, "", ...provenanceLines(r).map((l) => `- ${cell(l)}`), ""];
  if (comparison) {
    lines.push(
      comparison.regressions.length === 0
        ? "**No regression** against the baseline."
        : "**Regression** against the baseline:",
      ...comparison.regressions.map((x) => `- ${cell(x)}`),
      ...comparison.accepted_losses.map((x) => `- accepted loss: ${cell(x)}`),
      "",
    );
    if (comparison.worse.length > 0) {
      lines.push("| Query | nDCG@10 | recall | MRR | lost answers, new twins |", "|---|---|---|---|---|");
      for (const w of comparison.worse)
        lines.push(
          `| ${cell(w.id)} | ${f(w.before.ndcg10)} → ${f(w.after.ndcg10)} | ${f(w.before.recall)} → ${f(w.after.recall)} | ${f(w.before.mrr)} → ${f(w.after.mrr)} | ${cell([...w.lost_answers, ...w.new_duplicates].join(", "))} |`,
        );
      lines.push("");
    }
  }
  lines.push(
    "<details><summary>Every query</summary>",
    "",
    `| Query | recall@${r.k} | MRR | nDCG@10 | first results |`,
    "|---|---|---|---|---|",
    ...r.queries.map(
      (q) =>
        `| ${cell(q.id)} | ${f(q.recall)} | ${f(q.mrr)} | ${f(q.ndcg10)} | ${cell(
          q.urls
            .slice(0, 3)
            .map((u) => u ?? "(no url)")
            .join(", "),
        )} |`,
    ),
    "",
    "</details>",
  );
  return lines.join("\n");
}

function summaryFigures(s: EvalSummary): string {
  return `recall@${s.k} ${f(s.overall.recall)}, MRR ${f(s.overall.mrr)}, nDCG@10 ${f(s.overall.ndcg10)} over ${s.queries} queries`;
}

/** `deploy`: the golden queries before and after an in-place write that re-ranks (or why they did not run). */
export function formatRankingEval(r: RankingEvalOutcome): string[] {
  const what = `in-place ranking change (${r.changes.join(", ")})`;
  if (r.status === "not-evaluated")
    return [
      r.failed
        ? `relevance: NOT evaluated, the eval failed (${r.reason}): ${what} written unchecked`
        : `relevance: not evaluated (${r.reason}): ${what}`,
    ];
  if (r.status === "would-run") return [`relevance: would evaluate ${r.golden} before and after the write: ${what}`];
  return [
    `relevance of the ${what}, golden ${r.golden}:`,
    `  before the write: ${summaryFigures(r.before)}`,
    `  after the write:  ${summaryFigures(r.after)}`,
    ...comparisonDetails(r.comparison).map((l) => `  ${l.replaceAll("\n", "\n  ")}`),
  ];
}
