// The passages of a search_docs or retrieve_docs answer and its fitting to the token budget: each hit's page read
// through the PageReader port, its best-matching passage chosen (../page/passages.ts) and the answer filled to the
// budget hit by hit, each hit in the longest form that fits (../page/answer-fit.ts), measured on the answer as the
// render port sends it. Shared by both tools' use cases (./answer.ts, ../retrieve-docs/answer.ts). Pure apart from
// the port.
import { mapLimit } from "../../../async/map-limit.js";
import type { PageReader } from "../common/page-reader.js";
import { fitHits, hitForms, type SentText } from "../page/answer-fit.js";
import { passageForms } from "../page/passages.js";

/** Page reads in flight at once for one answer (top may be 50: not one burst on the storage account). */
const PAGE_READS_IN_FLIGHT = 8;

type PassageHit = { key: string | null; last_modified: string | null; snippet: string; snippet_truncated: boolean };

/** Each hit's forms (its passage at every length that ends on a boundary), and notes on pages not read. */
async function hitPassageForms<H extends PassageHit>(
  hits: readonly H[],
  terms: (hit: H) => string[],
  readPage: PageReader,
  snippetChars: number,
) {
  const reads = await mapLimit(hits, PAGE_READS_IN_FLIGHT, (h) => readPage(h.key, h.last_modified));
  const forms = hits.map((h, i) => {
    return hitForms(h, passageForms(reads[i]!.page, terms(h), snippetChars), reads[i]!.page.source);
  });
  const failures = [...new Set(reads.flatMap((r) => (r.failure ? [r.failure] : [])))];
  return { forms, notes: failures.map((f) => `${f}: passages from the index's content`) };
}

/** An answer with each hit's best passage for `terms`, fitted to `budget` tokens of the answer as rendered. */
export async function withPassages<H extends PassageHit, A extends { results: H[]; notes: string[] }>(
  answer: A,
  terms: (hit: H) => string[],
  ports: { readPage: PageReader; render: (answer: A) => readonly SentText[] },
  fit: { snippetChars: number; budget: number },
): Promise<A> {
  const { forms, notes } = await hitPassageForms(answer.results, terms, ports.readPage, fit.snippetChars);
  return fitHits(forms, (results, n) => ({ ...answer, results, notes: n }), ports.render, fit.budget, [
    ...answer.notes,
    ...notes,
  ]);
}
