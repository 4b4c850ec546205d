// The optimal string alignment distance (restricted Damerau-Levenshtein): insertions, deletions, substitutions and
// swaps of two adjacent characters each cost 1, so `titel` is 1 from `title` (Levenshtein counts 2). No substring
// is edited twice, which is all a typo needs. Pure; O(|a|·|b|) on short names.
export function osaDistance(a: string, b: string): number {
  if (a === b) return 0;
  // Three rows: the one before the previous (for a swap), the previous and the current.
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length]!;
}
