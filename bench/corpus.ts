// Generated documentation pages for the benchmarks: deterministic, varied enough to exercise ranking.
const WORDS = (
  "widget cache deploy index search filter storage blob token mapping schema query ranking profile semantic " +
  "release guide reference install configure upgrade network identity policy metric alert budget pipeline " +
  "container folder section title description keyword content format version runtime"
).split(" ");

/** A small deterministic PRNG (mulberry32), so runs are comparable. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function words(random: () => number, n: number): string {
  return Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
}

export interface Page {
  blobName: string;
  app: string;
  section: string;
  title: string;
  description: string;
  body: string;
}

export function generatePages(count: number, seed = 42): Page[] {
  const random = prng(seed);
  return Array.from({ length: count }, (_, i) => {
    const app = `app${i % 20}`;
    const section = ["guides", "reference", "howto", "release-notes"][i % 4]!;
    return {
      blobName: `${app}/${section}/page-${i}.html`,
      app,
      section,
      title: words(random, 4),
      description: words(random, 12),
      body: words(random, 300),
    };
  });
}

export function html(page: Page): string {
  return `<!doctype html><html><head><title>${page.title}</title><meta name="description" content="${page.description}"></head><body><main><h1>${page.title}</h1><p>${page.body}</p></main></body></html>`;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
