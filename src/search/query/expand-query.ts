// Query expansion for questions about identifier-named pages, done where the request is built so it runs in
// production exactly as measured. The index keeps the `standard` analyzer, which makes one token of an
// identifier (`maxNetworkRetries` → `maxnetworkretries`, `card_declined`, `charge.succeeded`), so a question in
// words ("max network retries", "request timeout") never meets the page named after the option. Adjacent words
// of the question are therefore also searched joined, as a prefix (`maxnetworkretries*`, `requesttimeout*`):
// the identifier's token starts with them. Splitting an identifier in the query into its words was measured
// too and left out: the exact token already finds the page, and the words pulled other pages above it
// (docs/relevance.md, "Identifier questions"). Pure.

/** Words too common to be part of an identifier's name. */
const STOP = new Set(
  "a an and are as at be by can do does for from has have how i in is it me my of on or our the to what when where which who why will with".split(
    " ",
  ),
);

/** Longest run of adjacent words joined (two or three words: most option names). */
const MAX_JOINED = 3;
/** A joined prefix shorter than this matches too many tokens to mean anything. */
const MIN_PREFIX = 6;

export interface ExpandedQuery {
  searchText: string;
  /** The terms added (empty when nothing was added). */
  added: string[];
}

/**
 * The search text with the joined words added as prefix terms (searchMode any: they raise pages that hold them,
 * they exclude nothing). A query using the simple syntax's operators (quotes, +, -, |, *, parentheses) is sent
 * as it is: the caller meant that syntax.
 */
export function expandIdentifiers(query: string): ExpandedQuery {
  if (/["+|()*\\]|(^|\s)-/.test(query)) return { searchText: query, added: [] };
  // Plain words only: an identifier in the query (camelCase, snake_case, dotted) is already its own token and
  // breaks a run, as punctuation does.
  const tokens = query.split(/\s+/).map((t) => t.replace(/^[^A-Za-z0-9]+|[?!,;:]+$/g, ""));
  const added = new Set<string>();
  let run: string[] = [];
  const flush = () => {
    for (let n = 2; n <= MAX_JOINED; n++)
      for (let i = 0; i + n <= run.length; i++) {
        const joined = run.slice(i, i + n).join("");
        if (joined.length >= MIN_PREFIX) added.add(`${joined}*`);
      }
    run = [];
  };
  for (const token of tokens) {
    const word = /^[a-z0-9]+$/i.test(token) && !/[a-z0-9][A-Z]/.test(token) ? token.toLowerCase() : undefined;
    if (word === undefined || STOP.has(word)) flush();
    else run.push(word);
  }
  flush();
  const terms = [...added];
  return { searchText: terms.length === 0 ? query : `${query} ${terms.join(" ")}`, added: terms };
}
