// The `standard` analyzer (Lucene's StandardAnalyzer, the service's default for searchable fields): the
// standard tokenizer, which breaks words by the Unicode text segmentation rules (UAX #29), then lowercase.
// The service's `standard` analyzer has no stop words unless configured, so none are removed here.
// Intl.Segmenter implements UAX #29 word boundaries, so `charge.succeeded`, `unsupported_currency`, `v2`,
// `don't` and `1.5` stay one token each while `sign-in` is two, as with Lucene's tokenizer. Where they differ:
// ICU segments Chinese and Japanese by dictionary, Lucene emits one token per ideograph or hiragana
// character; that case is split here to match. Tokens longer than 255 characters are split, as Lucene does.

import type { Token } from "./tokens.js";

const segmenter = new Intl.Segmenter("und", { granularity: "word" });
/** Lucene StandardAnalyzer's default maximum token length. */
export const MAX_TOKEN_LENGTH = 255;
const SINGLE_CHARACTER_SCRIPTS = /[\p{Script=Han}\p{Script=Hiragana}]/u;

// ASCII text (most documentation) takes a regular expression with the same rules, much faster than the
// segmenter: letters, digits and `_` joined by `:` `.` `'` between letters and `.` `,` `;` `'` between digits
// (UAX #29 WB5-WB13b restricted to ASCII; a test holds it equal to Intl.Segmenter).
const ASCII_ONLY = /^\p{ASCII}*$/u;
const ASCII_WORD = /[A-Za-z0-9_]+(?:(?:(?<=[A-Za-z])[:.'](?=[A-Za-z])|(?<=[0-9])[.,;'](?=[0-9]))[A-Za-z0-9_]+)*/g;

/** The `standard` analyzer: the standard tokenizer, then lowercase. */
export function analyze(text: string): string[] {
  return standardTokenize(text).map((t) => t.term.toLowerCase());
}

function split(word: string, at: number, max: number, into: Token[]): void {
  const push = (term: string, start: number) =>
    into.push({ term, position: into.length, start, end: start + term.length });
  if (word.length <= max) push(word, at);
  else for (let i = 0; i < word.length; i += max) push(word.slice(i, i + max), at + i);
}

/** The standard tokenizer (`standard_v2`): words by UAX #29, case kept, longer than `maxTokenLength` split. */
export function standardTokenize(text: string, maxTokenLength = MAX_TOKEN_LENGTH): Token[] {
  const tokens: Token[] = [];
  if (ASCII_ONLY.test(text)) {
    for (const match of text.matchAll(ASCII_WORD)) {
      const word = match[0];
      if (word === "_") continue; // a lone underscore is not a word (ICU and Lucene agree)
      split(word, match.index, maxTokenLength, tokens);
    }
    return tokens;
  }
  for (const part of segmenter.segment(text)) {
    if (!part.isWordLike) continue;
    const word = part.segment;
    if (SINGLE_CHARACTER_SCRIPTS.test(word)) {
      let at = part.index;
      for (const ch of word) {
        split(ch, at, maxTokenLength, tokens);
        at += ch.length;
      }
    } else {
      split(word, part.index, maxTokenLength, tokens);
    }
  }
  return tokens;
}
