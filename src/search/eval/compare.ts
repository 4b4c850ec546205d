// An evaluation against a baseline report (`docs-index eval --baseline <eval.json>`, the blue/green gate):
// which queries got worse, and whether that is a regression: the mean nDCG@10 dropped by more than the
// tolerance, or a grade-2 page that the baseline had in the first k results is no longer there. Queries are
// matched by id; those only on one side are listed, not judged. A Markdown twin newly in the first k results
// is a regression too: the dedup filter leaked, which the graded figures barely show. A lost answer on a query
// whose golden entry has `accepted_loss` (a reviewed decision) is reported as accepted, not as a regression. Pure.
import { z } from "zod";
import { ConfigError, describeIssues } from "../../config/load.js";

/** What a comparison needs of a report (the eval JSON document, or an in-memory report). */
export interface ComparableReport {
  index: { name: string; generation: string | null; etag: string | null };
  golden: { sha256: string };
  k: number;
  queries: {
    id: string;
    urls: (string | null)[];
    relevant: { url: string; grade: number }[];
    duplicate_pages?: string[];
    /** From the current golden file: why losing this query's answer is accepted. */
    accepted_loss?: string | null;
    recall: number;
    mrr: number;
    ndcg10: number;
  }[];
  overall: { recall: number; mrr: number; ndcg10: number };
}

const metric = z.number().min(0).max(1);
const baselineSchema = z.object({
  format_version: z.string().regex(/^1\./, { error: "expected a docs-index eval --json document (format 1.x)" }),
  index: z.object({ name: z.string(), generation: z.string().nullable(), etag: z.string().nullable() }),
  golden: z.object({ sha256: z.string() }),
  k: z.number().int().positive(),
  queries: z.array(
    z.object({
      id: z.string(),
      urls: z.array(z.string().nullable()),
      relevant: z.array(z.object({ url: z.string(), grade: z.number() })),
      duplicate_pages: z.array(z.string()).optional(),
      recall: metric,
      mrr: metric,
      ndcg10: metric,
    }),
  ),
  overall: z.object({ recall: metric, mrr: metric, ndcg10: metric }),
});

/** A baseline file's text → the report, or a ConfigError naming the file and the key. */
export function parseBaseline(text: string, file: string): ComparableReport {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(file, [{ key: "(json)", expected: `expected JSON: ${(err as Error).message}` }]);
  }
  const parsed = baselineSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(file, describeIssues(parsed.error.issues, baselineSchema));
  return parsed.data;
}

interface WorseQuery {
  id: string;
  before: { recall: number; mrr: number; ndcg10: number };
  after: { recall: number; mrr: number; ndcg10: number };
  /** Grade-2 pages in the baseline's first k results and not in these. */
  lost_answers: string[];
  /** Markdown twins (a page in a second format) in the first k that the baseline did not have. */
  new_duplicates: string[];
}

export interface Comparison {
  baseline: { index: ComparableReport["index"]; golden_sha256: string };
  same_golden: boolean;
  tolerance: number;
  k: number;
  mean_ndcg10: { before: number; after: number; drop: number };
  worse: WorseQuery[];
  only_in_baseline: string[];
  only_in_current: string[];
  /** Why the comparison fails; empty when it passes. */
  regressions: string[];
  /** Lost answers the golden file accepts (`accepted_loss`), each with its reason: reported, not failing. */
  accepted_losses: string[];
}

const EPSILON = 1e-9;

export function compareReports(current: ComparableReport, baseline: ComparableReport, tolerance: number): Comparison {
  const k = current.k;
  const before = new Map(baseline.queries.map((q) => [q.id, q]));
  const currentIds = new Set(current.queries.map((q) => q.id));
  const worse: WorseQuery[] = [];
  for (const q of current.queries) {
    const b = before.get(q.id);
    if (!b) continue;
    const answers = new Set(q.relevant.filter((p) => p.grade === 2).map((p) => p.url));
    const nowTop = new Set(q.urls.slice(0, k));
    const lost = b.urls.slice(0, k).filter((u): u is string => u !== null && answers.has(u) && !nowTop.has(u));
    const hadDuplicates = new Set(b.duplicate_pages ?? []);
    const duplicates = (q.duplicate_pages ?? []).filter((u) => !hadDuplicates.has(u));
    const dropped =
      q.ndcg10 < b.ndcg10 - EPSILON ||
      q.recall < b.recall - EPSILON ||
      q.mrr < b.mrr - EPSILON ||
      lost.length > 0 ||
      duplicates.length > 0;
    if (dropped)
      worse.push({
        id: q.id,
        before: { recall: b.recall, mrr: b.mrr, ndcg10: b.ndcg10 },
        after: { recall: q.recall, mrr: q.mrr, ndcg10: q.ndcg10 },
        lost_answers: lost,
        new_duplicates: duplicates,
      });
  }
  // Means over the queries both sides have, so an added or removed query does not move them.
  const shared = current.queries.filter((q) => before.has(q.id));
  const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
  const meanBefore = mean(shared.map((q) => before.get(q.id)!.ndcg10));
  const meanAfter = mean(shared.map((q) => q.ndcg10));
  const drop = meanBefore - meanAfter;
  const regressions: string[] = [];
  const accepted_losses: string[] = [];
  const acceptedReason = new Map(
    current.queries.filter((q) => q.accepted_loss).map((q) => [q.id, q.accepted_loss as string]),
  );
  if (drop > tolerance + EPSILON)
    regressions.push(
      `mean nDCG@10 dropped by ${drop.toFixed(3)} (${meanBefore.toFixed(3)} → ${meanAfter.toFixed(3)}), more than the tolerance of ${tolerance}`,
    );
  for (const w of worse) {
    const reason = acceptedReason.get(w.id);
    for (const url of w.lost_answers) {
      const lost = `${w.id}: the answer ${url} fell out of the top ${k}`;
      if (reason === undefined) regressions.push(lost);
      else accepted_losses.push(`${lost} (accepted: ${reason})`);
    }
    for (const url of w.new_duplicates)
      regressions.push(`${w.id}: ${url} is a second copy of a page in the top ${k} (the dedup filter let it through)`);
  }
  return {
    baseline: { index: baseline.index, golden_sha256: baseline.golden.sha256 },
    same_golden: baseline.golden.sha256 === current.golden.sha256,
    tolerance,
    k,
    mean_ndcg10: { before: meanBefore, after: meanAfter, drop },
    worse,
    only_in_baseline: baseline.queries.filter((q) => !currentIds.has(q.id)).map((q) => q.id),
    only_in_current: current.queries.filter((q) => !before.has(q.id)).map((q) => q.id),
    regressions,
    accepted_losses,
  };
}
