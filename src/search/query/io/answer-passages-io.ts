// The passages of a search_docs or retrieve_docs answer and its fitting to the token budget: each hit's page is
// read (through a PageReader, the I/O port), its best-matching passage chosen and the answer filled to the budget
// hit by hit (the pure rules: ../page/passages.ts and ../page/answer-fit.ts; the caller gives the renderers of the tool
// result
// the budget is measured on). Shared by the MCP tools and
// `docs-index query` / `retrieve`, so both print the same hits with the same passages, anchors and sources.
import type { RetrieveDocsAnswer } from "../retrieve-docs/request.js";
import { budgetOf, fitHits, hitForms, TOKEN_BUDGETS, type SentText } from "../page/answer-fit.js";
import { mapLimit } from "../../../async/map-limit.js";
import { highlightedWords, passageForms, queryTerms } from "../page/passages.js";
import type { SearchDocsAnswer } from "../search-docs/answer.js";
import type { Provenance, ProvenanceSummary, RetrieveProvenance } from "../common/provenance.js";
import { HIGHLIGHT_POST, HIGHLIGHT_PRE } from "../search-docs/request.js";
import type { PageReader } from "../common/page-reader.js";

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

export interface PassageOptions {
  readPage: PageReader;
  /** The text blocks the answer is sent with (the MCP tools' renderers): the budget counts them too. */
  render: {
    search: (answer: SearchDocsAnswer<Provenance | ProvenanceSummary>) => readonly SentText[];
    retrieve: (answer: RetrieveDocsAnswer<RetrieveProvenance | ProvenanceSummary>) => readonly SentText[];
  };
  snippetChars: number;
  /** The answer's budget in tokens (`max_tokens`); default TOKEN_BUDGETS.searchDefault. */
  maxTokens?: number;
}

/** A search_docs answer with each hit's best passage, fitted to the budget. */
export async function withSearchPassages<P extends Provenance | ProvenanceSummary>(
  answer: SearchDocsAnswer<P>,
  query: string,
  opts: PassageOptions,
): Promise<SearchDocsAnswer<P>> {
  // The service's highlights (in the snippet it gave) name the terms it matched, with its own analysis.
  const { forms, notes } = await hitPassageForms(
    answer.results,
    (h) => queryTerms(query, highlightedWords(h.snippet, HIGHLIGHT_PRE, HIGHLIGHT_POST)),
    opts.readPage,
    opts.snippetChars,
  );
  return fitHits(
    forms,
    (results, n) => ({ ...answer, results, notes: n }),
    opts.render.search,
    budgetOf(opts.maxTokens, TOKEN_BUDGETS.searchDefault),
    [...answer.notes, ...notes],
  );
}

/** A retrieve_docs answer with each reference's best passage for the questions, fitted to the budget. */
export async function withRetrievePassages<P extends RetrieveProvenance | ProvenanceSummary>(
  answer: RetrieveDocsAnswer<P>,
  questions: readonly string[],
  opts: PassageOptions,
): Promise<RetrieveDocsAnswer<P>> {
  const terms = queryTerms(questions.join(" "));
  const { forms, notes } = await hitPassageForms(answer.results, () => terms, opts.readPage, opts.snippetChars);
  return fitHits(
    forms,
    (results, n) => ({ ...answer, results, notes: n }),
    opts.render.retrieve,
    budgetOf(opts.maxTokens, TOKEN_BUDGETS.searchDefault),
    [...answer.notes, ...notes],
  );
}
