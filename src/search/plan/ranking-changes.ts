// Which changes of a plan move the ranking of the documents already indexed when written in place: the deploy
// evaluates the golden queries before and after such a write (docs/relevance.md). Pure.
import type { Change, Plan } from "./plan.js";

/**
 * Index sections whose in-place change re-ranks what is already indexed: the scoring profiles (weights,
 * functions), which profile is the default, and the semantic configuration (the reranker's fields). The rest
 * of an index's in-place sections do not touch the order of a keyword or semantic answer (CORS, description,
 * encryption key), need a rebuild anyway (similarity, an existing analyzer) or serve vector queries, which the
 * golden queries do not make.
 */
const RANKING_SECTIONS = new Set(["scoringProfiles", "defaultScoringProfile", "semantic"]);

/**
 * Field attributes that change in place and move the ranking: how the query text is analysed (searchAnalyzer)
 * and which synonyms expand it. searchable, analyzer and the like change the ranking too, but only by a rebuild.
 */
const RANKING_ATTRIBUTES = new Set(["searchAnalyzer", "synonymMaps"]);

/**
 * The in-place changes of the plan's index that can re-rank its documents; empty when the index is not updated
 * in place (unchanged, created, or rebuilt: a new or empty index has no "before" to compare with).
 */
export function rankingChanges(plan: Plan): Change[] {
  const index = plan.objects.find((o) => o.kind === "index");
  if (!index || index.action !== "update") return [];
  return index.changes.filter(
    (c) =>
      c.effect === "in-place" &&
      (c.attribute !== undefined
        ? RANKING_ATTRIBUTES.has(c.attribute)
        : RANKING_SECTIONS.has(c.path.split(/[.[]/)[0]!)),
  );
}

/** The relevance check the deploy runs around an in-place re-ranking write, as the plan announces it. */
export type RankingCheck =
  { status: "would-run"; golden: string; queries: number } | { status: "not-evaluated"; reason: string };

/** A re-ranking in place: the changes (plan paths), the check the deploy will run, and the side-by-side alternative. */
export interface Reranking {
  changes: string[];
  check: RankingCheck;
  /**
   * The command that verifies the change on a new generation before consumers see it (null before migrate-to-alias).
   */
  alternative: string | null;
}

/**
 * The plan's re-ranking, or null when it re-ranks nothing in place (a rebuild or a side-by-side generation is
 * verified by the blue/green relevance gate instead). `aliased`: `deploy --blue-green` is open as the alternative.
 */
export function reranking(plan: Plan, check: RankingCheck, aliased: boolean): Reranking | null {
  const changes = rankingChanges(plan).map((c) => c.path);
  if (changes.length === 0) return null;
  return { changes, check, alternative: aliased ? "docs-index deploy --blue-green" : null };
}
