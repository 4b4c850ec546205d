// "Did you mean …?": the closest known name to a misspelt one. Shared by the config's errors (src/config/load.ts)
// and the definitions' schema findings (src/search/definitions/schema-problems.ts); it imports neither. Pure.
import leven from "leven";

/** The closest known name to a misspelt one, if it is close enough to be a typo. */
export function closestName(name: string, vocabulary: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of vocabulary) {
    const d = leven(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(name.length / 3)) ? best : undefined;
}
