// Retrieval metrics of one query, from the ranked results a search returned and the golden file's grades
// (2 = the answer, 1 = useful, unlisted = not relevant). Pure.
//
// - recall@k: the share of the graded pages (grade >= 1) found in the first k results.
// - MRR: 1 / the rank of the first graded page among the results returned (0 when none is).
// - nDCG@10: DCG of the first 10 results over the DCG of the ideal order of every graded page, with
//   DCG = sum over ranks r of gain(grade) / log2(r + 1); gain is `linear` (the grade: 1, 2) or
//   `exponential` (2^grade - 1: 1, 3), which weighs the answer three times a useful page.
//
// Ties: results with the same score come back in an arbitrary order, so a figure must not depend on it.
// Each metric is its expected value over every order of the tied results (McSherry & Najork, "Computing
// information retrieval performance measures efficiently in the presence of tied scores", ECIR 2008): a
// tied group at ranks s..e shares its gains over those ranks' discounts, contributes to recall@k the share
// of its ranks within k, and gives MRR the expected reciprocal rank of its first graded page.
// A URL listed twice (a dedup regression) counts once, at its first rank; later copies are not relevant.

export type Gain = "linear" | "exponential";

export interface RankedResult {
  url: string;
  score: number;
}

export interface QueryMetrics {
  recall: number;
  mrr: number;
  ndcg10: number;
}

export const NDCG_DEPTH = 10;

function gainOf(grade: number, gain: Gain): number {
  return gain === "linear" ? grade : 2 ** grade - 1;
}

const discount = (rank: number) => 1 / Math.log2(rank + 1);

/** Consecutive results with equal scores, as [start, end) index ranges. */
function tieGroups(results: readonly RankedResult[]): [number, number][] {
  const groups: [number, number][] = [];
  let start = 0;
  for (let i = 1; i <= results.length; i++) {
    if (i === results.length || results[i]!.score !== results[start]!.score) {
      groups.push([start, i]);
      start = i;
    }
  }
  return groups;
}

/** Binomial coefficient, exact for the small group sizes a result page has. */
function choose(n: number, r: number): number {
  if (r < 0 || r > n) return 0;
  let c = 1;
  for (let i = 1; i <= r; i++) c = (c * (n - r + i)) / i;
  return c;
}

/**
 * The metrics of one query. `grades` maps a public URL to its grade (> 0); `k` is the recall cut-off.
 * A query with no graded page is refused by the golden file's validation; here it scores 0 throughout.
 */
export function queryMetrics(
  results: readonly RankedResult[],
  grades: ReadonlyMap<string, number>,
  k: number,
  gain: Gain,
): QueryMetrics {
  const seen = new Set<string>();
  const gradeAt = results.map(({ url }) => {
    if (seen.has(url)) return 0;
    seen.add(url);
    return grades.get(url) ?? 0;
  });
  const relevantCount = [...grades.values()].filter((g) => g > 0).length;
  const ideal = [...grades.values()]
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, NDCG_DEPTH)
    .reduce((sum, g, i) => sum + gainOf(g, gain) * discount(i + 1), 0);

  let found = 0;
  let dcg = 0;
  let mrr = 0;
  let mrrDone = false;
  for (const [start, end] of tieGroups(results)) {
    const n = end - start;
    const groupGrades = gradeAt.slice(start, end);
    const relevant = groupGrades.filter((g) => g > 0).length;
    const gains = groupGrades.reduce((sum, g) => sum + (g > 0 ? gainOf(g, gain) : 0), 0);
    // Ranks are 1-based: the group holds ranks start+1 .. end.
    let discounts = 0;
    for (let rank = start + 1; rank <= Math.min(end, NDCG_DEPTH); rank++) discounts += discount(rank);
    dcg += (gains * discounts) / n;
    found += (relevant * Math.max(0, Math.min(end, k) - start)) / n;
    if (!mrrDone && relevant > 0) {
      // The first graded page sits at the j-th place of the group with probability C(n-j, r-1) / C(n, r).
      for (let j = 1; j <= n - relevant + 1; j++)
        mrr += (choose(n - j, relevant - 1) / choose(n, relevant)) * (1 / (start + j));
      mrrDone = true;
    }
  }
  return {
    recall: relevantCount === 0 ? 0 : found / relevantCount,
    mrr,
    ndcg10: ideal === 0 ? 0 : dcg / ideal,
  };
}

/** The mean of each metric over the queries (0 for none). */
export function meanMetrics(all: readonly QueryMetrics[]): QueryMetrics {
  const mean = (pick: (m: QueryMetrics) => number) =>
    all.length === 0 ? 0 : all.reduce((sum, m) => sum + pick(m), 0) / all.length;
  return { recall: mean((m) => m.recall), mrr: mean((m) => m.mrr), ndcg10: mean((m) => m.ndcg10) };
}
