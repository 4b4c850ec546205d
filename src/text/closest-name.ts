// "Did you mean …?": the closest known name to a misspelt one. Shared by the config's errors (src/config/load.ts),
// the definitions' schema findings (src/search/definitions/schema-problems.ts) and the definition rules
// (src/search/definitions/rules/); it imports none of them. Pure.
import { osaDistance } from "./osa-distance.js";

/**
 * The closest known name to a misspelt one, if it is close enough to be a typo: at most one edit in three
 * characters (at least one), where a swap of two adjacent letters is one edit (`titel` → `title`).
 */
export function closestName(name: string, vocabulary: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of vocabulary) {
    const d = osaDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(name.length / 3)) ? best : undefined;
}
