// The `standard` analyzer (Lucene's StandardAnalyzer, the service's default for searchable fields): the
// standard tokenizer, which breaks words by the Unicode text segmentation rules (UAX #29), then lowercase.
// The service's `standard` analyzer has no stop words unless configured, so none are removed here.
// Intl.Segmenter implements UAX #29 word boundaries, so `charge.succeeded`, `unsupported_currency`, `v2`,
// `don't` and `1.5` stay one token each while `sign-in` is two, as with Lucene's tokenizer. Where they differ:
// ICU segments Chinese and Japanese by dictionary, Lucene emits one token per ideograph or hiragana
// character; that case is split here to match. Tokens longer than 255 characters are split, as Lucene does.

const segmenter = new Intl.Segmenter("und", { granularity: "word" });
/** Lucene StandardAnalyzer's default maximum token length. */
export const MAX_TOKEN_LENGTH = 255;
const SINGLE_CHARACTER_SCRIPTS = /[\p{Script=Han}\p{Script=Hiragana}]/u;

// ASCII text (most documentation) takes a regular expression with the same rules, much faster than the
// segmenter: letters, digits and `_` joined by `:` `.` `'` between letters and `.` `,` `;` `'` between digits
// (UAX #29 WB5-WB13b restricted to ASCII; a test holds it equal to Intl.Segmenter).
const ASCII_ONLY = /^\p{ASCII}*$/u;
const ASCII_WORD = /[A-Za-z0-9_]+(?:(?:(?<=[A-Za-z])[:.'](?=[A-Za-z])|(?<=[0-9])[.,;'](?=[0-9]))[A-Za-z0-9_]+)*/g;

export function analyze(text: string): string[] {
  if (ASCII_ONLY.test(text)) {
    const tokens: string[] = [];
    for (const match of text.toLowerCase().matchAll(ASCII_WORD)) {
      const word = match[0];
      if (word === "_") continue; // a lone underscore is not a word (ICU and Lucene agree)
      if (word.length <= MAX_TOKEN_LENGTH) tokens.push(word);
      else for (let i = 0; i < word.length; i += MAX_TOKEN_LENGTH) tokens.push(word.slice(i, i + MAX_TOKEN_LENGTH));
    }
    return tokens;
  }
  const tokens: string[] = [];
  for (const part of segmenter.segment(text)) {
    if (!part.isWordLike) continue;
    const word = part.segment.toLowerCase();
    if (SINGLE_CHARACTER_SCRIPTS.test(word)) {
      for (const ch of word) tokens.push(ch);
    } else if (word.length > MAX_TOKEN_LENGTH) {
      for (let i = 0; i < word.length; i += MAX_TOKEN_LENGTH) tokens.push(word.slice(i, i + MAX_TOKEN_LENGTH));
    } else {
      tokens.push(word);
    }
  }
  return tokens;
}
