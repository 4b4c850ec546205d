// The search text search_docs sends for a question. Agents ask in words (the tool's `query` is "natural language
// or keywords"), and their questions are full of characters the simple query syntax reads as operators: a
// command-line flag `-v` or `--help` is a NOT (with searchMode any, "OR NOT": every page without the word
// matches), `C++` an AND, `"…"` a phrase, `(`, `)`, `|` grouping and OR, a trailing `*` a prefix, `~` proximity.
// Each such character is escaped with a backslash (Microsoft Learn, "Simple query syntax": escaping search
// operators), so the question is matched as the words it holds and the analyzer decides what a word is. Pure.

/** The characters Lucene's SimpleQueryParser treats as operators (and `\`, its escape). */
const OPERATORS = /[+\-|"()*~\\]/g;

/** The question as literal search text: every simple-syntax operator character escaped. */
export function literalSearchText(question: string): string {
  return question.replace(OPERATORS, (c) => `\\${c}`);
}
