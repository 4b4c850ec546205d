// `query`'s view: the search_docs answer as the `--json` document (format 2.0: the request-level `$filter` and
// whether semantic ranking answered, then the tool's answer) and as text, its notes on stderr.
import type { Provenance } from "../../../search/query/common/provenance.js";
import type { SearchDocsAnswer } from "../../../search/query/search-docs/answer.js";
import { formatSearchAnswer } from "../../../search/views/query-text.js";
import type { ResultView } from "./result.js";

export function queryResult(answer: SearchDocsAnswer<Provenance>): ResultView {
  return {
    document: {
      format_version: "2.0",
      filter: answer.provenance.filter,
      semantic: answer.mode === "semantic",
      ...answer,
    },
    text: () => formatSearchAnswer(answer),
    warnings: answer.notes,
  };
}
