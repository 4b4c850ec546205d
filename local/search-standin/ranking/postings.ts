// Per-field inverted lists over one index's documents, built once and reused while the documents stay the
// same objects (documents are replaced, never mutated, on write): what makes a query over 10,000 documents
// cost its matches rather than a pass over every field of every document. Holds the BM25 statistics too.
import { STANDARD, type Analyzer } from "./analyzers.js";
import { storedLength } from "./bm25.js";
import { countedLength } from "./tokens.js";

export interface FieldStats {
  /** Every token (overlapping ones too): what the field's mean length is computed from. */
  length: number;
  tf: Map<string, number>;
  /** Each term's positions, ascending (phrases). */
  positions: Map<string, number[]>;
  /** The field length BM25 sees (Lucene's stored norm; overlapping tokens do not count). */
  norm: number;
}

interface Postings {
  /** Positions of the documents (in the documents array) holding the term, ascending. */
  docs: number[];
  /** The term's frequency in each of them. */
  tfs: number[];
}

export interface FieldIndex {
  /** Documents with a value in the field. */
  documentCount: number;
  totalLength: number;
  /** Each document's stored field length, by position. */
  norms: Float64Array;
  postings: Map<string, Postings>;
}

const statsCache = new WeakMap<Record<string, unknown>, Map<string, FieldStats>>();

/** A field's term counts, positions and stored length as `analyzer` indexes it, cached per stored document object. */
export function fieldStats(doc: Record<string, unknown>, field: string, analyzer: Analyzer = STANDARD): FieldStats {
  let perDoc = statsCache.get(doc);
  if (!perDoc) {
    perDoc = new Map();
    statsCache.set(doc, perDoc);
  }
  const key = `${field}\u0000${analyzer.key}`;
  let stats = perDoc.get(key);
  if (!stats) {
    const value = doc[field];
    const text = Array.isArray(value) ? value.join(" ") : typeof value === "string" ? value : "";
    const tokens = analyzer.analyze(text);
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t.term, (tf.get(t.term) ?? 0) + 1);
    let positions: Map<string, number[]> | undefined;
    stats = {
      length: tokens.length,
      tf,
      // Built on first use: only phrases need them.
      get positions() {
        if (!positions) {
          positions = new Map();
          for (const t of tokens) {
            const at = positions.get(t.term);
            if (at) at.push(t.position);
            else positions.set(t.term, [t.position]);
          }
        }
        return positions;
      },
      norm: storedLength(countedLength(tokens)),
    };
    perDoc.set(key, stats);
  }
  return stats;
}

interface CorpusEntry {
  documents: readonly Record<string, unknown>[];
  fields: Map<string, FieldIndex>;
}

/** A few corpora (indexes, blue/green generations) at once; the least recently used is dropped. */
const MAX_CORPORA = 4;
const corpora: CorpusEntry[] = [];

function sameDocuments(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function buildFieldIndex(documents: readonly Record<string, unknown>[], field: string, analyzer: Analyzer): FieldIndex {
  const index: FieldIndex = {
    documentCount: 0,
    totalLength: 0,
    norms: new Float64Array(documents.length),
    postings: new Map(),
  };
  for (let i = 0; i < documents.length; i++) {
    const stats = fieldStats(documents[i]!, field, analyzer);
    if (stats.length === 0) continue;
    index.norms[i] = stats.norm;
    index.documentCount += 1;
    index.totalLength += stats.length;
    for (const [term, tf] of stats.tf) {
      let p = index.postings.get(term);
      if (!p) index.postings.set(term, (p = { docs: [], tfs: [] }));
      p.docs.push(i);
      p.tfs.push(tf);
    }
  }
  return index;
}

export interface Corpus {
  /** The inverted list of a field over these documents, as `analyzer` indexes it (built on first use). */
  field(name: string, analyzer?: Analyzer): FieldIndex;
}

/** The inverted lists over exactly these documents (in this order), reused while they stay the same. */
export function corpusOf(documents: readonly Record<string, unknown>[]): Corpus {
  const at = corpora.findIndex((c) => sameDocuments(c.documents, documents));
  let entry: CorpusEntry;
  if (at < 0) {
    entry = { documents: [...documents], fields: new Map() };
    corpora.unshift(entry);
    if (corpora.length > MAX_CORPORA) corpora.pop();
  } else {
    entry = corpora.splice(at, 1)[0]!;
    corpora.unshift(entry);
  }
  return {
    field(name, analyzer = STANDARD) {
      const key = `${name}\u0000${analyzer.key}`;
      let index = entry.fields.get(key);
      if (!index) entry.fields.set(key, (index = buildFieldIndex(entry.documents, name, analyzer)));
      return index;
    },
  };
}
