// Runs `fn` over `items` with at most `limit` in flight, results in input order. Pure (no I/O of its own).
// Generic: the orphan deletion, the evaluation and the query adapters share it, none of them owns it.
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
