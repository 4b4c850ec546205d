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
