// The answer benchmark's figures, from what search_docs answered: the rank of the expected page, whether the text
// of a top-3 hit carries the expected fact, and the tokens of the whole tool result (characters / 4, the
// estimate the hosts' limits are usually quoted in). Pure.
import { hitText } from "../../src/search/query/hit-text.js";

export interface Question {
  id: string;
  kind: "identifier" | "words";
  page: string;
  fact: string;
  question: string;
}

export interface Outcome {
  id: string;
  kind: Question["kind"];
  /** 1-based rank of the expected page among the hits, or null. */
  rank: number | null;
  factInTop3: boolean;
  tokens: number;
  /** Hits whose text carries the site's navigation, sidebar or footer. */
  chromeHits: number;
}

/** Text only the site's chrome carries (top navigation, sidebar heading, footer). */
const CHROME_MARKERS = [
  "Sign in",
  "Cookie settings",
  "documentation Install the SDK",
  "Was this page helpful",
  "Subscribe to the developer newsletter",
];

const normal = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();

const estimateTokens = (chars: number) => Math.ceil(chars / 4);

export function scoreAnswer(
  q: Question,
  expectedUrl: string,
  hits: readonly (Record<string, unknown> & { url?: unknown })[],
  resultChars: number,
): Outcome {
  const at = hits.findIndex((h) => h.url === expectedUrl);
  const fact = normal(q.fact);
  return {
    id: q.id,
    kind: q.kind,
    rank: at < 0 ? null : at + 1,
    factInTop3: hits.slice(0, 3).some((h) => normal(hitText(h)).includes(fact)),
    tokens: estimateTokens(resultChars),
    chromeHits: hits.filter((h) => CHROME_MARKERS.some((m) => normal(hitText(h)).includes(normal(m)))).length,
  };
}

export interface Figures {
  questions: number;
  successAt1: number;
  successAt5: number;
  mrr: number;
  factInTop3: number;
  tokensMedian: number;
  tokensMax: number;
  hitsWithChrome: number;
  hits: number;
}

export function figures(outcomes: readonly Outcome[], hitsPerAnswer: readonly number[]): Figures {
  const tokens = outcomes.map((o) => o.tokens).sort((a, b) => a - b);
  const mid = tokens.length / 2;
  return {
    questions: outcomes.length,
    successAt1: outcomes.filter((o) => o.rank === 1).length,
    successAt5: outcomes.filter((o) => o.rank !== null && o.rank <= 5).length,
    mrr: outcomes.reduce((sum, o) => sum + (o.rank === null ? 0 : 1 / o.rank), 0) / Math.max(1, outcomes.length),
    factInTop3: outcomes.filter((o) => o.factInTop3).length,
    tokensMedian:
      tokens.length === 0 ? 0 : tokens.length % 2 ? tokens[Math.floor(mid)]! : (tokens[mid - 1]! + tokens[mid]!) / 2,
    tokensMax: tokens.at(-1) ?? 0,
    hitsWithChrome: outcomes.reduce((sum, o) => sum + o.chromeHits, 0),
    hits: hitsPerAnswer.reduce((a, b) => a + b, 0),
  };
}
