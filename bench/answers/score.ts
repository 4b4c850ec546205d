// The answer benchmark's figures, from what search_docs answered: the rank of the first expected page, whether
// the text of a top-3 hit carries the expected fact, and the tokens of the answer (characters / 4, the estimate the
// hosts' limits are usually quoted in): of the larger of its two forms, what a host gives the model and what
// max_tokens bounds, and of both forms together, what the wire carries. Pure.
import { hitText } from "../../src/search/query/search-docs/hit-text.js";
import type { SetQuestion } from "./sets.js";

export interface Outcome {
  id: string;
  /** 1-based rank of the first expected page among the hits, or null. */
  rank: number | null;
  factInTop3: boolean;
  hits: number;
  /** The top hit has its URL and a passage. */
  topHitWithPassage: boolean;
  /** The larger form's tokens: the text blocks or the structuredContent JSON. */
  tokens: number;
  /** Both forms' tokens. */
  wireTokens: number;
  /** Hits whose text carries the site's navigation, sidebar or footer. */
  chromeHits: number;
}

/** Text only a site's chrome carries: the generators' navigation, sidebars and footers (Sphinx, Docusaurus, Nimbus). */
const CHROME_MARKERS = [
  "Created using Sphinx",
  "Quick search",
  "Skip to main content",
  "Edit this page",
  "User Showcase",
  "Sign in",
  "Cookie settings",
  "documentation Install the SDK",
  "Was this page helpful",
  "Subscribe to the developer newsletter",
];

/**
 * A Markdown table row as words: its cell separators (the unescaped pipes) become spaces; a pipe a cell holds
 * (written `\|`) and the pipes of code elsewhere (`a || b`) are text.
 */
function tableRowText(row: string): string {
  return row.replace(/(?<!\\)\|/g, " ");
}

/**
 * The hit's text as plain words: Markdown's inline markup (code spans, emphasis, links, escapes, table pipes,
 * heading and list markers) removed and whitespace collapsed, as the sets' fact patterns were checked against
 * their pages' text with the tags stripped.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^\s*\|.*\|\s*$/gm, tableRowText)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~"'])/g, "$1")
    .replace(/`+/g, "")
    .replace(/(\*\*|__|\*|~~)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();
}

const estimateTokens = (chars: number) => Math.ceil(chars / 4);

export function scoreAnswer(
  q: SetQuestion,
  hits: readonly (Record<string, unknown> & { url?: unknown })[],
  chars: { text: number; json: number },
  top = 3,
): Outcome {
  const at = hits.findIndex((h) => typeof h.url === "string" && q.expectedUrls.includes(h.url));
  const lower = (h: object) => plainText(hitText(h)).toLowerCase();
  return {
    id: q.id,
    rank: at < 0 ? null : at + 1,
    factInTop3: hits.slice(0, top).some((h) => q.fact.test(plainText(hitText(h)))),
    hits: hits.length,
    topHitWithPassage:
      typeof hits[0]?.url === "string" && typeof hits[0].snippet === "string" && hits[0].snippet !== "",
    tokens: estimateTokens(Math.max(chars.text, chars.json)),
    wireTokens: estimateTokens(chars.text + chars.json),
    chromeHits: hits.filter((h) => CHROME_MARKERS.some((m) => lower(h).includes(m.toLowerCase()))).length,
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
  wireTokensMax: number;
  hitsWithChrome: number;
  hits: number;
  /** Answers that returned at least one hit. */
  answersWithHits: number;
  /** Answers whose top hit came with its URL and a passage. */
  answersWithPassage: number;
}

export function figures(outcomes: readonly Outcome[]): Figures {
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
    wireTokensMax: Math.max(0, ...outcomes.map((o) => o.wireTokens)),
    hitsWithChrome: outcomes.reduce((sum, o) => sum + o.chromeHits, 0),
    hits: outcomes.reduce((sum, o) => sum + o.hits, 0),
    answersWithHits: outcomes.filter((o) => o.hits > 0).length,
    answersWithPassage: outcomes.filter((o) => o.topHitWithPassage).length,
  };
}
