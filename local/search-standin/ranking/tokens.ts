// A token as an analyzer emits it: the term, its position (tokens sharing a position overlap, as a preserved
// original and its first part do) and its character offsets in the analysed text (the analyze API reports them).
export interface Token {
  term: string;
  position: number;
  start: number;
  end: number;
}

/**
 * The field length BM25 sees: tokens that overlap an earlier one (same position) do not count (Lucene's
 * discountOverlaps).
 */
export function countedLength(tokens: readonly Token[]): number {
  let n = 0;
  let last = -1;
  for (const t of tokens) {
    if (t.position !== last) n++;
    last = t.position;
  }
  return n;
}
