// The `word_delimiter` token filter (`#Microsoft.Azure.Search.WordDelimiterTokenFilter`; Lucene 4.10's
// WordDelimiterFilter, which the service names as its implementation). Options and defaults as the service
// documents them. A token is cut into parts at every character that is not a letter or digit, at a lower→upper
// case change (`maxRetries` → `max`, `Retries`; an upper→lower change does not cut: `XMLParser` stays whole)
// and between letters and digits (`oauth2` → `oauth`, `2`); a trailing `'s` is dropped. A token that is one
// part already passes unchanged (once). The preserved original takes the token's position and the first part
// shares it; catenations (`catenateWords` …) share the position of their run's first part. Pure.
import type { Token } from "./tokens.js";

export interface WordDelimiterOptions {
  generateWordParts: boolean;
  generateNumberParts: boolean;
  catenateWords: boolean;
  catenateNumbers: boolean;
  catenateAll: boolean;
  splitOnCaseChange: boolean;
  preserveOriginal: boolean;
  splitOnNumerics: boolean;
  stemEnglishPossessive: boolean;
  protectedWords: string[];
}

export const WORD_DELIMITER_DEFAULTS: Readonly<WordDelimiterOptions> = {
  generateWordParts: true,
  generateNumberParts: true,
  catenateWords: false,
  catenateNumbers: false,
  catenateAll: false,
  splitOnCaseChange: true,
  preserveOriginal: false,
  splitOnNumerics: true,
  stemEnglishPossessive: true,
  protectedWords: [],
};

// Lucene's character classes, as bit sets: letters of no case are both LOWER and UPPER (ALPHA).
const LOWER = 1;
const UPPER = 2;
const DIGIT = 4;
const DELIM = 8;

function charType(ch: string): number {
  if (/\p{Ll}/u.test(ch)) return LOWER;
  if (/\p{Lu}/u.test(ch)) return UPPER;
  if (/\p{L}/u.test(ch)) return LOWER | UPPER;
  if (/\p{Nd}/u.test(ch)) return DIGIT;
  if (/\p{M}/u.test(ch)) return LOWER | UPPER | DIGIT;
  return DELIM;
}

const isAlpha = (t: number) => (t & (LOWER | UPPER)) !== 0;
const isDigit = (t: number) => (t & DIGIT) !== 0;

function isBreak(last: number, type: number, o: WordDelimiterOptions): boolean {
  if ((type & last) !== 0) return false;
  if (!o.splitOnCaseChange && isAlpha(last) && isAlpha(type)) return false;
  if (isAlpha(last) && (last & UPPER) !== 0 && (last & LOWER) === 0 && isAlpha(type)) return false; // upper → letter
  if (!o.splitOnNumerics && ((isAlpha(last) && isDigit(type)) || (isDigit(last) && isAlpha(type)))) return false;
  return true;
}

interface Part {
  text: string;
  start: number;
  end: number;
  number: boolean;
}

/** The parts of one token's text (offsets relative to the token). */
function wordParts(text: string, o: WordDelimiterOptions): Part[] {
  const chars = [...text];
  const types = chars.map(charType);
  // A trailing possessive ('s after a letter, at the end or before a delimiter) is cut off.
  if (o.stemEnglishPossessive)
    for (let i = 1; i + 1 < chars.length; i++)
      if (
        chars[i] === "'" &&
        (chars[i + 1] === "s" || chars[i + 1] === "S") &&
        isAlpha(types[i - 1]!) &&
        (i + 2 === chars.length || types[i + 2] === DELIM)
      )
        types[i + 1] = DELIM;
  const parts: Part[] = [];
  let offset = 0;
  const offsets = chars.map((c) => {
    const at = offset;
    offset += c.length;
    return at;
  });
  let i = 0;
  while (i < chars.length) {
    if (types[i] === DELIM) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < chars.length && types[j] !== DELIM && !isBreak(types[j - 1]!, types[j]!, o)) j++;
    parts.push({
      text: chars.slice(i, j).join(""),
      start: offsets[i]!,
      end: j < chars.length ? offsets[j]! : text.length,
      number: isDigit(types[i]!) && !isAlpha(types[i]!),
    });
    i = j;
  }
  return parts;
}

interface Relative {
  term: string;
  position: number;
  start: number;
  end: number;
}

function catenations(parts: Part[], positions: (number | undefined)[], o: WordDelimiterOptions): Relative[] {
  const out: Relative[] = [];
  const join = (from: number, to: number): Relative => ({
    term: parts
      .slice(from, to)
      .map((p) => p.text)
      .join(""),
    position: positions[from] ?? 0,
    start: parts[from]!.start,
    end: parts[to - 1]!.end,
  });
  if (o.catenateAll && parts.length > 1) {
    out.push(join(0, parts.length));
    return out;
  }
  for (let i = 0; i < parts.length;) {
    let j = i + 1;
    while (j < parts.length && parts[j]!.number === parts[i]!.number) j++;
    const wanted = parts[i]!.number ? o.catenateNumbers : o.catenateWords;
    if (wanted && j - i > 1) out.push(join(i, j));
    i = j;
  }
  return out;
}

/** One token through the filter: tokens at positions relative to the token's own (0 = its position). */
function delimitOne(token: Token, o: WordDelimiterOptions): Relative[] {
  const whole = { term: token.term, position: 0, start: token.start, end: token.end };
  if (o.protectedWords.includes(token.term)) return [whole];
  const parts = wordParts(token.term, o);
  if (parts.length === 0) return o.preserveOriginal ? [whole] : [];
  if (parts.length === 1 && parts[0]!.start === 0 && parts[0]!.end === token.term.length) return [whole];
  const out: Relative[] = o.preserveOriginal ? [whole] : [];
  const positions: (number | undefined)[] = [];
  let next = 0;
  for (const [i, part] of parts.entries()) {
    if (!(part.number ? o.generateNumberParts : o.generateWordParts)) continue;
    positions[i] = next;
    out.push({ term: part.text, position: next++, start: token.start + part.start, end: token.start + part.end });
  }
  for (const c of catenations(parts, positions, o))
    out.push({ ...c, start: token.start + c.start, end: token.start + c.end });
  return out.sort((a, b) => a.position - b.position);
}

/** The filter over a token stream: positions stay in order, an input gap is kept. */
export function wordDelimiter(tokens: Token[], options: WordDelimiterOptions): Token[] {
  const out: Token[] = [];
  let lastIn = -1;
  let lastOut = -1;
  for (const token of tokens) {
    const base = lastOut + Math.max(token.position - lastIn, 0);
    lastIn = token.position;
    const delimited = delimitOne(token, options);
    if (delimited.length === 0) continue;
    for (const d of delimited) out.push({ term: d.term, position: base + d.position, start: d.start, end: d.end });
    lastOut = base + Math.max(...delimited.map((d) => d.position));
  }
  return out;
}
