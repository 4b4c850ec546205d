// BM25 as the service computes it per field (Microsoft Learn "Configure BM25 relevance scoring": Okapi BM25,
// k1 = 1.2 and b = 0.75 by default, set per index with `similarity`), in the form of Lucene's BM25Similarity,
// which the service's engine is built on:
//   idf(t)  = ln(1 + (N - df + 0.5) / (df + 0.5))        N: documents with a value in the field, df: those with t
//   score   = idf(t) * tf / (tf + k1 * (1 - b + b * dl / avgdl))
// avgdl is the field's exact mean length; dl is the document's field length as Lucene stores it (one byte,
// exact up to 39 tokens, then 4 significant bits). Lucene 8 dropped the constant (k1 + 1) factor of the
// textbook formula: it scales every score alike, so the order is the same either way. Pure.

export interface Bm25Parameters {
  k1: number;
  b: number;
}

export const BM25_DEFAULTS: Readonly<Bm25Parameters> = { k1: 1.2, b: 0.75 };

export function idf(documentFrequency: number, documentCount: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** The term-frequency part: saturates with tf (k1) and is normalised by the field's length (b). */
export function tfNorm(tf: number, fieldLength: number, averageLength: number, p: Bm25Parameters): number {
  if (tf === 0) return 0;
  const avg = averageLength > 0 ? averageLength : 1;
  return tf / (tf + p.k1 * (1 - p.b + (p.b * fieldLength) / avg));
}

// Lucene's SmallFloat.intToByte4 / byte4ToInt: how a field length survives in the one-byte norm.
const NUM_FREE_VALUES = 24;

function longToInt4(i: number): number {
  const numBits = 32 - Math.clz32(i);
  if (numBits < 4) return i;
  const shift = numBits - 4;
  return ((i >>> shift) & 0x07) | ((shift + 1) << 3);
}

function int4ToLong(i: number): number {
  const bits = i & 0x07;
  const shift = (i >>> 3) - 1;
  return shift === -1 ? bits : (bits | 0x08) * 2 ** shift;
}

/**
 * The field length BM25 sees for a field of `length` tokens (exact up to 39, then rounded down to 4 significant bits).
 */
export function storedLength(length: number): number {
  if (length < NUM_FREE_VALUES) return length;
  const encoded = NUM_FREE_VALUES + longToInt4(length - NUM_FREE_VALUES);
  return NUM_FREE_VALUES + int4ToLong(encoded - NUM_FREE_VALUES);
}
