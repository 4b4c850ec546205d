// Token budgets of the answers agents read. One estimate for every count: characters / 4 (about right for
// English prose and code with a BPE tokenizer; hosts count with their own model's tokenizer). The fitting is
// generic: an answer is assembled from choices (for each hit one of its passage lengths; for a page one of its
// cut points) and measured whole by the caller's measure (answer-fit.ts: the form of the tool result a host gives
// the model), so the budget holds for the whole answer, not a part of it. Pure.

/** The documented estimate: ⌈characters / 4⌉. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface FitResult<A> {
  answer: A;
  /** How many items made it in. */
  shown: number;
  /** The tokens of the answer as measured. */
  tokens: number;
}

/**
 * Fills an answer item by item up to `budget` tokens. `options[i]` are item i's forms, smallest first; the
 * largest form that keeps the answer within item i's share (what is left, spread over the items still to come
 * in proportion n-i, …, 2, 1: better-ranked items get more, and leaving room for the later items' smallest forms) is
 * taken, else the largest that keeps it within the budget; the first item that fits in no form ends
 * the filling (later items are not shown). With `placeholderFirst`, an item's first form is only a placeholder
 * (a hit without its passage): it is taken only when no other form fits the budget and the later items' room.
 */
export function fillToBudget<T, A>(
  options: readonly (readonly T[])[],
  assemble: (chosen: readonly T[]) => A,
  measure: (answer: A) => number,
  budget: number,
  placeholderFirst = false,
): FitResult<A> {
  const chosen: T[] = [];
  let answer = assemble(chosen);
  let tokens = measure(answer);
  const empty = tokens;
  // What each item's smallest form adds to an answer.
  const reserveFor = (later: readonly (readonly T[])[]) =>
    later.reduce((n, f) => n + (f.length === 0 ? 0 : measure(assemble([f[0]!])) - empty), 0);
  for (const [i, forms] of options.entries()) {
    // Better-ranked items get a larger share (weights n, n-1, …, 1): the top hit most likely holds the answer.
    // The top item gets at least half of the budget: under a tight budget its passage comes before more items.
    const weight = options.length - i;
    const fraction = Math.max((2 * weight) / (weight * (weight + 1)), i === 0 ? 0.5 : 0);
    const share = tokens + (budget - tokens) * fraction;
    const sizeOf = (j: number) => measure(assemble([...chosen, forms[j]!]));
    // The share leaves room for the later items' smallest forms (a hit's URL): a long passage does not push a later
    // hit out of the answer. When the budget cannot hold them all, the better item takes what fits: fewer hits
    // with substance beat more without.
    const room = budget - reserveFor(options.slice(i + 1));
    let pick =
      largestIndex(forms.length, (j) => sizeOf(j) <= Math.min(share, room)) ??
      largestIndex(forms.length, (j) => sizeOf(j) <= budget);
    if (pick === undefined) break;
    // A placeholder gives way to the first real form only within the room: it must not push a later hit out.
    if (placeholderFirst && pick === 0 && forms.length > 1 && sizeOf(1) <= Math.min(budget, room)) pick = 1;
    chosen.push(forms[pick]!);
    answer = assemble(chosen);
    tokens = measure(answer);
  }
  return { answer, shown: chosen.length, tokens };
}

/** The largest index in [0, n) for which `fits` holds (monotone: true then false), or undefined. */
export function largestIndex(n: number, fits: (i: number) => boolean): number | undefined {
  let lo = 0;
  let hi = n - 1;
  let best: number | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}
