// Analysis per field, as the index defines it (Microsoft Learn "Add custom analyzers to string fields"): a
// field's `analyzer` (or `indexAnalyzer` for indexing and `searchAnalyzer` for queries), null meaning
// `standard.lucene`; a name is a predefined analyzer or one of the index's `analyzers`. A custom analyzer
// (`#Microsoft.Azure.Search.CustomAnalyzer`) is char filters → one tokenizer → token filters, in order, each a
// predefined name or a definition of the index's `charFilters` / `tokenizers` / `tokenFilters`.
// Emulated: analyzers standard.lucene, standardasciifolding.lucene, simple, whitespace, keyword, en.lucene
// (Lucene's EnglishAnalyzer); tokenizers standard_v2 (also `#…StandardTokenizerV2` with maxTokenLength),
// whitespace, keyword_v2, letter, lowercase; token filters lowercase, uppercase, asciifolding, word_delimiter
// (also `#…WordDelimiterTokenFilter`), porter_stem, stopwords (also `#…StopwordsTokenFilter`),
// `#…StemmerTokenFilter` with the languages english, minimalEnglish and possessiveEnglish (ranking/english.ts);
// char filter html_strip. The other language analyzers (en.microsoft, fr.lucene, …) are analysed as
// standard.lucene (no stemming: docs/local-standin.md). A custom analyzer using a component the stand-in does not
// emulate is
// refused with a 400 that says so, rather than ranked differently from the service.
import { standardTokenize, MAX_TOKEN_LENGTH } from "./analyzer.js";
import type { Token } from "./tokens.js";
import { ENGLISH_STOP_WORDS, minimalEnglishStem, porterStem, possessiveEnglish, stopFilter } from "./english.js";
import { WORD_DELIMITER_DEFAULTS, wordDelimiter, type WordDelimiterOptions } from "./word-delimiter.js";

export interface Analyzer {
  /** Identifies the analysis (cache key): the same name can mean another chain in another index. */
  key: string;
  analyze(text: string): Token[];
}

type Json = Record<string, unknown>;
type Tokenizer = (text: string) => Token[];
type TokenFilter = (tokens: Token[]) => Token[];
type CharFilter = (text: string) => string;

const PREDEFINED_ANALYZERS = new Set([
  "standard.lucene",
  "standardasciifolding.lucene",
  "keyword",
  "pattern",
  "simple",
  "stop",
  "whitespace",
]);
const LANGUAGE_ANALYZER = /^[a-z]{2}(-[A-Za-z]+)?\.(lucene|microsoft)$/;

/** Thrown for a definition the service refuses (400) or the stand-in cannot emulate; the message is the detail. */
export class AnalysisError extends Error {}

const mapTerms =
  (fn: (term: string) => string): TokenFilter =>
  (tokens) =>
    tokens.map((t) => ({ ...t, term: fn(t.term) }));
const fold = (term: string) => term.normalize("NFD").replace(/\p{M}/gu, "");

function byPattern(pattern: RegExp, lower = false): Tokenizer {
  return (text) =>
    [...text.matchAll(pattern)].map((m, position) => {
      const term = m[0].slice(0, MAX_TOKEN_LENGTH);
      return { term: lower ? term.toLowerCase() : term, position, start: m.index, end: m.index + term.length };
    });
}

const TOKENIZERS: Record<string, Tokenizer> = {
  standard_v2: (text) => standardTokenize(text),
  whitespace: byPattern(/\S+/gu),
  keyword_v2: (text) => (text === "" ? [] : [{ term: text, position: 0, start: 0, end: text.length }]),
  letter: byPattern(/\p{L}+/gu),
  lowercase: byPattern(/\p{L}+/gu, true),
};

const TOKEN_FILTERS: Record<string, TokenFilter> = {
  lowercase: mapTerms((t) => t.toLowerCase()),
  uppercase: mapTerms((t) => t.toUpperCase()),
  asciifolding: mapTerms(fold),
  word_delimiter: (tokens) => wordDelimiter(tokens, WORD_DELIMITER_DEFAULTS),
  porter_stem: mapTerms(porterStem),
  stopwords: stopFilter(ENGLISH_STOP_WORDS, false),
};

const words = (list: string) => new Set(list.split(" "));

/** Predefined token filters (TokenFilterName) the stand-in does not emulate: refused, never ranked differently. */
const NOT_EMULATED_FILTERS = words(
  "arabic_normalization apostrophe cjk_bigram cjk_width classic common_grams edgeNGram_v2 elision " +
    "german_normalization hindi_normalization indic_normalization keyword_repeat kstem length limit nGram_v2 " +
    "persian_normalization phonetic reverse scandinavian_normalization scandinavian_folding shingle snowball " +
    "sorani_normalization stemmer trim truncate unique",
);

/** StemmerTokenFilterLanguage values (the service's closed enum) and the ones the stand-in emulates. */
const STEMMER_LANGUAGES = words(
  "arabic armenian basque brazilian bulgarian catalan czech danish dutch dutchKp english lightEnglish " +
    "minimalEnglish possessiveEnglish porter2 lovins finnish lightFinnish french lightFrench minimalFrench " +
    "galician minimalGalician german german2 lightGerman minimalGerman greek hindi hungarian lightHungarian " +
    "indonesian irish italian lightItalian sorani latvian norwegian lightNorwegian minimalNorwegian " +
    "lightNynorsk minimalNynorsk portuguese lightPortuguese minimalPortuguese portugueseRslp romanian russian " +
    "lightRussian spanish lightSpanish swedish lightSwedish turkish",
);
const STEMMERS: Record<string, (term: string) => string> = {
  english: porterStem,
  minimalEnglish: minimalEnglishStem,
  possessiveEnglish: possessiveEnglish,
};

/** StopwordsList values (the service's closed enum); only `english` is emulated. */
const STOPWORD_LISTS = words(
  "arabic armenian basque brazilian bulgarian catalan czech danish dutch english finnish french galician " +
    "german greek hindi hungarian indonesian irish italian latvian norwegian persian portuguese romanian " +
    "russian sorani spanish swedish thai turkish",
);

const CHAR_FILTERS: Record<string, CharFilter> = {
  // Tags and comments become spaces (offsets stay put), the common entities their characters.
  html_strip: (text) =>
    text
      .replace(/<!--[\s\S]*?-->|<[^>]*>/g, (m) => " ".repeat(m.length))
      .replace(/&(amp|lt|gt|quot|nbsp);/g, (m, e: string) =>
        ({ amp: "&", lt: "<", gt: ">", quot: '"', nbsp: " " })[e]!.padEnd(m.length, " "),
      ),
};

const TYPE = "@odata.type";
const NS = "#Microsoft.Azure.Search.";

function wordDelimiterOptions(def: Json): WordDelimiterOptions {
  const o: WordDelimiterOptions = { ...WORD_DELIMITER_DEFAULTS };
  for (const key of Object.keys(WORD_DELIMITER_DEFAULTS) as (keyof WordDelimiterOptions)[]) {
    const value = def[key];
    if (value === undefined || value === null) continue;
    if (key === "protectedWords") {
      if (!Array.isArray(value) || !value.every((w) => typeof w === "string"))
        throw new AnalysisError(
          `The token filter '${String(def.name)}' has an invalid 'protectedWords': expected strings.`,
        );
      o.protectedWords = value;
    } else if (typeof value !== "boolean") {
      throw new AnalysisError(
        `The token filter '${String(def.name)}' has an invalid '${key}': expected true or false.`,
      );
    } else {
      o[key] = value;
    }
  }
  return o;
}

function definedTokenizer(def: Json): Tokenizer {
  if (def[TYPE] === `${NS}StandardTokenizerV2` || def[TYPE] === `${NS}StandardTokenizer`) {
    const max = typeof def.maxTokenLength === "number" ? def.maxTokenLength : MAX_TOKEN_LENGTH;
    if (!Number.isInteger(max) || max < 1 || max > 300)
      throw new AnalysisError(`The tokenizer '${String(def.name)}' has an invalid 'maxTokenLength': at most 300.`);
    return (text) => standardTokenize(text, max);
  }
  throw new AnalysisError(`The stand-in does not emulate the tokenizer type '${String(def[TYPE])}'.`);
}

function stemmerFilter(def: Json): TokenFilter {
  const language = def.language;
  if (typeof language !== "string" || !STEMMER_LANGUAGES.has(language))
    throw new AnalysisError(
      `The token filter '${String(def.name)}' has an invalid 'language' ${JSON.stringify(language)}: expected one of the StemmerTokenFilterLanguage values (e.g. 'english', 'minimalEnglish').`,
    );
  const stem = STEMMERS[language];
  if (!stem) throw new AnalysisError(`The stand-in does not emulate the stemmer language '${language}'.`);
  return mapTerms(stem);
}

function stopwordsFilter(def: Json): TokenFilter {
  const name = String(def.name);
  const { stopwords, stopwordsList, ignoreCase, removeTrailing } = def;
  const given = (v: unknown) => v !== undefined && v !== null;
  if (given(stopwords) && given(stopwordsList))
    throw new AnalysisError(`The token filter '${name}' sets both 'stopwords' and 'stopwordsList': use one of them.`);
  if (given(ignoreCase) && typeof ignoreCase !== "boolean")
    throw new AnalysisError(`The token filter '${name}' has an invalid 'ignoreCase': expected true or false.`);
  if (given(removeTrailing) && typeof removeTrailing !== "boolean")
    throw new AnalysisError(`The token filter '${name}' has an invalid 'removeTrailing': expected true or false.`);
  // removeTrailing false keeps a final stop word (Lucene's SuggestStopFilter, for typing-as-you-search).
  if (removeTrailing === false)
    throw new AnalysisError(`The stand-in does not emulate 'removeTrailing: false' (token filter '${name}').`);
  if (given(stopwords)) {
    if (!Array.isArray(stopwords) || !stopwords.every((w) => typeof w === "string"))
      throw new AnalysisError(`The token filter '${name}' has an invalid 'stopwords': expected strings.`);
    return stopFilter(stopwords, ignoreCase === true);
  }
  const list = given(stopwordsList) ? stopwordsList : "english";
  if (typeof list !== "string" || !STOPWORD_LISTS.has(list))
    throw new AnalysisError(
      `The token filter '${name}' has an invalid 'stopwordsList' ${JSON.stringify(list)}: expected one of the StopwordsList values (e.g. 'english').`,
    );
  if (list !== "english") throw new AnalysisError(`The stand-in does not emulate the stop word list '${list}'.`);
  return stopFilter(ENGLISH_STOP_WORDS, ignoreCase === true);
}

function definedTokenFilter(def: Json): TokenFilter {
  if (def[TYPE] === `${NS}WordDelimiterTokenFilter`) {
    const options = wordDelimiterOptions(def);
    return (tokens) => wordDelimiter(tokens, options);
  }
  if (def[TYPE] === `${NS}StemmerTokenFilter`) return stemmerFilter(def);
  if (def[TYPE] === `${NS}StopwordsTokenFilter`) return stopwordsFilter(def);
  throw new AnalysisError(`The stand-in does not emulate the token filter type '${String(def[TYPE])}'.`);
}

function named<T>(kind: string, name: unknown, predefined: Record<string, T>, defined: Map<string, () => T>): T {
  if (typeof name !== "string") throw new AnalysisError(`A ${kind} name must be a string.`);
  const own = defined.get(name);
  if (own) return own();
  const known = predefined[name];
  if (known) return known;
  if (kind === "token filter" && NOT_EMULATED_FILTERS.has(name))
    throw new AnalysisError(`The stand-in does not emulate the token filter '${name}'.`);
  throw new AnalysisError(`The ${kind} '${name}' is not defined in the index and is not a predefined ${kind}.`);
}

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const byName = <T>(defs: Json[], build: (def: Json) => T) =>
  new Map(defs.map((d) => [String(d.name), () => build(d)] as const));

function customAnalyzer(def: Json, index: Json): Analyzer["analyze"] {
  const name = String(def.name);
  if (def.tokenizer === undefined || def.tokenizer === null)
    throw new AnalysisError(`The analyzer '${name}' of type 'CustomAnalyzer' must specify a tokenizer.`);
  const tokenizer = named("tokenizer", def.tokenizer, TOKENIZERS, byName(list(index.tokenizers), definedTokenizer));
  const filterDefs = byName(list(index.tokenFilters), definedTokenFilter);
  const filters = list(def.tokenFilters).map((f) => named("token filter", f, TOKEN_FILTERS, filterDefs));
  const charDefs = new Map<string, () => CharFilter>();
  for (const c of list(index.charFilters))
    charDefs.set(String(c.name), () => {
      throw new AnalysisError(`The stand-in does not emulate the char filter type '${String(c[TYPE])}'.`);
    });
  const chars = list(def.charFilters).map((c) => named("char filter", c, CHAR_FILTERS, charDefs));
  return (text) => filters.reduce((tokens, f) => f(tokens), tokenizer(chars.reduce((t, c) => c(t), text)));
}

const lower = TOKEN_FILTERS.lowercase!;
const PREDEFINED: Record<string, Analyzer["analyze"]> = {
  "standard.lucene": (text) => lower(standardTokenize(text)),
  "standardasciifolding.lucene": (text) => TOKEN_FILTERS.asciifolding!(lower(standardTokenize(text))),
  simple: TOKENIZERS.lowercase!,
  whitespace: TOKENIZERS.whitespace!,
  keyword: TOKENIZERS.keyword_v2!,
  // Lucene's EnglishAnalyzer, which the docs describe en.lucene as (possessives, English stop words, Porter).
  "en.lucene": (text) =>
    [mapTerms(possessiveEnglish), lower, stopFilter(ENGLISH_STOP_WORDS, false), TOKEN_FILTERS.porter_stem!].reduce(
      (tokens, f) => f(tokens),
      standardTokenize(text),
    ),
};

export const STANDARD: Analyzer = { key: "standard.lucene", analyze: PREDEFINED["standard.lucene"]! };

/** The analyzer a name stands for in this index definition; throws {@link AnalysisError} when there is none. */
export function analyzerNamed(name: string | null | undefined, index: Json): Analyzer {
  if (name === null || name === undefined || name === "standard.lucene") return STANDARD;
  const custom = list(index.analyzers).find((a) => a.name === name);
  if (custom) {
    if (custom[TYPE] !== `${NS}CustomAnalyzer`)
      throw new AnalysisError(`The stand-in does not emulate the analyzer type '${String(custom[TYPE])}'.`);
    return {
      key: `${name}:${JSON.stringify([custom, index.tokenizers, index.tokenFilters])}`,
      analyze: customAnalyzer(custom, index),
    };
  }
  const predefined = PREDEFINED[name];
  if (predefined) return { key: name, analyze: predefined };
  if (LANGUAGE_ANALYZER.test(name)) return { key: "standard.lucene", analyze: STANDARD.analyze };
  if (PREDEFINED_ANALYZERS.has(name)) throw new AnalysisError(`The stand-in does not emulate the analyzer '${name}'.`);
  throw new AnalysisError(`The analyzer '${name}' is not defined in the index and is not a predefined analyzer.`);
}

export interface FieldAnalysis {
  /** How a field's values are indexed. */
  index(field: string): Analyzer;
  /** How query text is analysed for a field. */
  search(field: string): Analyzer;
}

export const STANDARD_ANALYSIS: FieldAnalysis = { index: () => STANDARD, search: () => STANDARD };

/** Each field's index and search analyzers, from an index definition (REST shape); throws AnalysisError. */
export function fieldAnalysis(index: Json): FieldAnalysis {
  const indexing = new Map<string, Analyzer>();
  const searching = new Map<string, Analyzer>();
  for (const f of list(index.fields)) {
    const name = String(f.name);
    const both = f.analyzer as string | null | undefined;
    indexing.set(name, analyzerNamed((f.indexAnalyzer as string | null | undefined) ?? both, index));
    searching.set(name, analyzerNamed((f.searchAnalyzer as string | null | undefined) ?? both, index));
  }
  return {
    index: (field) => indexing.get(field) ?? STANDARD,
    search: (field) => searching.get(field) ?? STANDARD,
  };
}
