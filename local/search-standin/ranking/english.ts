// The English token filters the service documents for custom analyzers (Microsoft Learn "Add custom analyzers",
// token filters; docs/local-standin.md), each the Lucene algorithm the service names:
//   stopwords (StopwordsTokenFilter, Lucene StopFilter): `stopwords` or `stopwordsList` (default `english`:
//     Lucene's English stop set, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, 33 words), `ignoreCase`;
//   stemmer `english` and `porter_stem` (Lucene PorterStemFilter: Porter's reference implementation, release 3,
//     from the `stemmer` package, which agrees with Lucene word for word);
//   stemmer `minimalEnglish` (Lucene EnglishMinimalStemmer: Harman's plural-only S-stemmer);
//   stemmer `possessiveEnglish` (Lucene EnglishPossessiveFilter: a trailing 's with ', ’ or ＇ removed).
// A removed token leaves its position empty, as StopFilter's position increments do. Pure.
import { stemmer as porter } from "stemmer";
import type { Token } from "./tokens.js";

/** Lucene's English stop set (EnglishAnalyzer.ENGLISH_STOP_WORDS_SET; `stopwordsList: "english"`). */
export const ENGLISH_STOP_WORDS: readonly string[] = (
  "a an and are as at be but by for if in into is it no not of on or such that the their then there these " +
  "they this to was will with"
).split(" ");

/** Lucene StopFilter: tokens in the set are dropped (compared lowercased when `ignoreCase`). */
export function stopFilter(words: readonly string[], ignoreCase: boolean): (tokens: Token[]) => Token[] {
  const set = new Set(ignoreCase ? words.map((w) => w.toLowerCase()) : words);
  return (tokens) => tokens.filter((t) => !set.has(ignoreCase ? t.term.toLowerCase() : t.term));
}

/**
 * Porter's algorithm as Lucene's PorterStemFilter runs it, for lowercase terms. Lucene's stemmer reads only
 * lowercase a, e, i, o, u (and y) as vowels and matches lowercase suffixes; the `stemmer` package lowercases
 * first. A term with a capital letter is left as it is here, which is Lucene's result only for some such terms:
 * put `lowercase` before the stemmer, as the service's docs and Lucene's English chain do.
 */
export function porterStem(term: string): string {
  return term === term.toLowerCase() ? porter(term) : term;
}

/** Lucene's EnglishMinimalStemmer (plural forms only). */
export function minimalEnglishStem(term: string): string {
  const n = term.length;
  if (n < 3 || term[n - 1] !== "s") return term;
  switch (term[n - 2]) {
    case "u":
    case "s":
      return term;
    case "e":
      if (n > 3 && term[n - 3] === "i" && term[n - 4] !== "a" && term[n - 4] !== "e") return `${term.slice(0, n - 3)}y`;
      if ("iaoe".includes(term[n - 3]!)) return term;
      return term.slice(0, n - 1);
    default:
      return term.slice(0, n - 1);
  }
}

/** Lucene's EnglishPossessiveFilter: `'s`, `’s` or `＇s` (any case of s) at the end removed. */
export function possessiveEnglish(term: string): string {
  return /['\u2019\uFF07][sS]$/.test(term) ? term.slice(0, -2) : term;
}
